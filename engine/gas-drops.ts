/**
 * Gas drops (issue 12, ninth session): a wallet app's relayer, a paymaster or a faucet gives each new user a little
 * gas as the user arrives, a few to a few dozen per transaction, one amount for all: in shape a farm's Disperse
 * funding. What differs is what comes after and around it. A farm funds its wallets to use them: they run one
 * script (lockstep), exit to one collector, deposit address or the operator, pass gas among themselves, share an
 * operator's top-up address. A drop's users are strangers to one another: after the drop each goes its own way, and
 * nothing but the drop ties any two of them. And a service drops to users as they come, over days and months, while
 * a farm funded at once (all in a day) shows that timing whatever follows.
 *
 * A sender (not infrastructure) whose batches paid `min` (the breadth minimum) or more listed wallets fixed payouts
 * (fixedPrices: a service's standard drop; an exchange's batched withdrawals are amounts its customers chose), the
 * first and the last batch more than PASS_THROUGH_SECONDS (a day) apart, no two of whose recipients share anything
 * else (a payment between them, a counterparty that is neither infrastructure nor popular nor a shop, a lockstep run)
 * is a drop: its runs other than funding trees are no funding evidence (as a batching service's routine is not), and
 * its shared funding counts as paid at unrelated times. "None" is a definition, not a fitted share: a farm whose
 * wallets share nothing but their funding, paid in fixed amounts over days, is what a drop is (docs/engine.md).
 */
import { POPULAR_MIN } from './evidence/collect.ts';
import { lockstepEvidence } from './evidence/lockstep.ts';
import type { AddItem, RawCluster } from './evidence/raw-cluster.ts';
import { shopsOf } from './evidence/shops.ts';
import { type FirstFunding, firstFunding, type FundingRun, PASS_THROUGH_SECONDS } from './evidence/timed-funding.ts';
import { fixedPrices } from './uniform-amounts.ts';
import { isInfrastructure, type WalletGraph } from './wallet-graph.ts';

/**
 * `runs` less the runs of gas drops' senders (above) other than their funding trees (a tree is a group of its own);
 * `min` is the breadth minimum (transferWebMin).
 */
export function withoutGasDrops(g: WalletGraph, runs: FundingRun[], min: number): FundingRun[] {
  const drops = gasDropSenders(g, runs, min);
  return drops.size === 0 ? runs : runs.filter((r) => r.kind === 'funding_tree' || !drops.has(r.sender));
}

/** The senders of `runs` that are gas drops (above). */
function gasDropSenders(g: WalletGraph, runs: FundingRun[], min: number): Set<number> {
  const drops = new Set<number>();
  if (!g.blockTime || min < 2) return drops;
  const candidates = candidateSenders(g, runs, min);
  if (candidates.length === 0) return drops;
  // each candidate's recipients as one group (a wallet's first funder is one sender)
  const groupOf = new Int32Array(g.n).fill(-1);
  candidates.forEach(([, recipients], k) => {
    for (const u of recipients) groupOf[u] = k;
  });
  const tied = new Uint8Array(candidates.length);
  sharedCounterparties(
    g,
    groupOf,
    candidates.map(([s]) => s),
    tied,
  );
  lockstepRuns(g, groupOf, candidates.length, tied);
  candidates.forEach(([s], k) => {
    if (!tied[k]) drops.add(s);
  });
  return drops;
}

/**
 * Senders (not infrastructure) whose timed batches paid `min`+ listed wallets fixed payouts over more than a day,
 * ascending.
 */
function candidateSenders(g: WalletGraph, runs: FundingRun[], min: number): Array<[number, number[]]> {
  const bySender = new Map<number, { recipients: Set<number>; first: number; last: number }>();
  for (const r of runs) {
    if (r.kind !== 'batch_funding' || !Number.isFinite(r.time) || isInfrastructure(g.hub[r.sender])) continue;
    let s = bySender.get(r.sender);
    if (!s) bySender.set(r.sender, (s = { recipients: new Set(), first: r.time, last: r.time }));
    for (const u of r.recipients) if (g.listed[u]) s.recipients.add(u);
    s.first = Math.min(s.first, r.time);
    s.last = Math.max(s.last, r.time);
  }
  const out: Array<[number, number[]]> = [];
  let ff: FirstFunding | undefined;
  for (const [sender, s] of bySender) {
    if (s.recipients.size < min || s.last - s.first <= PASS_THROUGH_SECONDS) continue;
    // a service's standard drop: the recipients' first fundings are fixed payouts (an exchange's batched
    // withdrawals, which a farm's burst of withdrawals can fill, are what its customers chose)
    ff ??= firstFunding(g);
    const amounts = [...s.recipients].map((u) => ff!.amount[u]).filter((a) => a > 0);
    if (fixedPrices(amounts)) out.push([sender, [...s.recipients].sort((a, b) => a - b)]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/**
 * Marks the groups two of whose members paid each other, or share a counterparty other than their sender that is
 * not infrastructure, not popular (POPULAR_MIN listed counterparties, fewer than half of them in the group) and not
 * a shop (shops.ts: people buying at one mint).
 */
function sharedCounterparties(g: WalletGraph, groupOf: Int32Array, senders: number[], tied: Uint8Array): void {
  const { from, to, listedDegree } = g;
  const shops = shopsOf(g, POPULAR_MIN);
  // counterparty -> group -> its members that touched it
  const touched = new Map<number, Map<number, Set<number>>>();
  for (let i = 0; i < from.length; i++) {
    const [a, b] = [from[i], to[i]];
    if (a === b) continue;
    const [ga, gb] = [groupOf[a], groupOf[b]];
    if (ga >= 0 && ga === gb) tied[ga] = 1;
    for (const [k, u, x] of [
      [ga, a, b],
      [gb, b, a],
    ]) {
      if (k < 0 || tied[k] || x === senders[k] || groupOf[x] === k || isInfrastructure(g.hub[x]) || shops.has(x))
        continue;
      let byGroup = touched.get(x);
      if (!byGroup) touched.set(x, (byGroup = new Map()));
      let members = byGroup.get(k);
      if (!members) byGroup.set(k, (members = new Set()));
      members.add(u);
    }
  }
  for (const [x, byGroup] of touched)
    for (const [k, members] of byGroup) {
      // an exchange deposit address (it forwards only to infrastructure) is one account's however many pay it
      const deposit = g.forwardsOnlyToInfrastructure[x] === 1 && !g.listed[x];
      const popular = listedDegree[x] >= POPULAR_MIN && 2 * members.size < listedDegree[x] && !deposit;
      if (members.size >= 2 && !popular) tied[k] = 1;
    }
}

/** Marks the groups with a lockstep run (evidence/lockstep.ts) among their members. */
function lockstepRuns(g: WalletGraph, groupOf: Int32Array, groups: number, tied: Uint8Array): void {
  const out: RawCluster[] = Array.from({ length: groups }, () => ({
    members: [],
    evidence: [],
    direct: { p0: 0, p1: 0 },
    covered: { funding: 0, graph: 0, any: 0 },
    kinds: new Set(),
    counts: { riskBearing: 0, neutralised: 0 },
    patterns: {},
  }));
  const mark: AddItem = (k) => {
    tied[k] = 1;
  };
  lockstepEvidence(g, groupOf, out, mark);
}
