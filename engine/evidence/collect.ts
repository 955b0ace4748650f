/**
 * Evidence per cluster, from one pass over the transfers. Funding lane: common funders (an address outside the
 * cluster that sent to several members), member funders (a member that funded several members), funding chains
 * (a member first funded by a member that was itself first funded by a member, or longer), consolidation sweeps
 * (several members sending to one receiver, within minutes of each other when times are known), batch and co-timed
 * funding runs (timed-funding.ts) and, neutralised, funding from infrastructure. Graph lane: direct
 * transfers between members, shared counterparties, referral links and event timing (hybrid) and, neutralised,
 * links through infrastructure and popular counterparties. The kinds are listed once in kinds.ts.
 */
import type { WalletGraph } from '../wallet-graph.ts';
import { HUB_LABELLED, HUB_NONE, isInfrastructure } from '../wallet-graph.ts';
import { kindInfo } from './kinds.ts';
import { firstFunding, PASS_THROUGH_SECONDS, type FundingRun } from './timed-funding.ts';
import type { EngineWalletInput } from '../types.ts';
import { round3 } from '../scoring.ts';
import { push, ramp } from './util.ts';
import { type EvidenceScan, evidenceScan, type EvidenceScanTask, FLAG_IN, FLAG_OUT, scanArrays } from './scan.ts';
import { hybridEvidence } from './hybrid.ts';
import { lockstepEvidence } from './lockstep.ts';
import { StrengthByKind } from './strength.ts';
import { shopsOf } from './shops.ts';
import { wholeSweepReceivers } from '../whole-sweeps.ts';
import type { AddItem, RawCluster } from './raw-cluster.ts';
import { DirectPairs } from './direct-pairs.ts';

export type { RawCluster };

/**
 * An outside address that members send to or exchange with is a popular counterparty (neutralised) when it has at
 * least POPULAR_MIN listed counterparties and fewer than half of them are in this cluster: an NFT mint or a pool
 * many unrelated users touch, not a farm's collector (whose senders are nearly all farm members); or when they paid
 * it prices (a shop, shops.ts: a mint rush's contract, which is all of its cluster because it made the cluster).
 */
export const POPULAR_MIN = 20;
/** With block times, members' sends to one receiver count as a sweep when two are at most this far apart. */
export const SWEEP_GAP_SECONDS = 600;
/** Without block times, members sending to one receiver count as a sweep from this many senders. */
export const UNTIMED_SWEEP_MIN = 3;
/** Confidence factor of a shared funder whose timed payments to the members formed no batch or co-timed run. */
export const SPREAD_FUNDER_FACTOR = 0.6;

export interface Evidence {
  clusters: RawCluster[];
  /** The direct transfers between members of each cluster (RawCluster.direct). */
  direct: DirectPairs;
  /** Per node: bit 1 = named by risk-bearing funding evidence, bit 2 = graph. */
  coveredBy: Uint8Array;
  /** Per node: the risk-bearing kinds that name it (bits of EVIDENCE_KINDS, engine/evidence/kinds.ts). */
  kindsOf: Uint16Array;
  /** Per node: how strongly its own evidence ties it to other members (strength.ts). */
  strength: Float32Array;
  /**
   * Per node, the bits of the evidence of concerted action that names it: FUNDED_TOGETHER (a batch, a co-timed or
   * uniform run), ACTED_TOGETHER (lockstep, a sweep, a referral, a funding chain passed through within the day, a
   * member funder paying in a burst). Payments among members, a funder paying at unrelated times or a funding tree
   * alone set none.
   */
  concerted: Uint8Array;
}

/** Evidence.concerted bits: funded with other members (a batch, a co-timed or uniform run, a farm's gas top-ups). */
export const FUNDED_TOGETHER = 1;
/**
 * Evidence.concerted bits: acted with other members: lockstep, a sweep, a referral, a funding chain passed through
 * within the day, a member funder paying in a burst, a payment to a member funded by the same sender. What a wallet
 * did, not only how it was paid.
 */
export const ACTED_TOGETHER = 2;

/** Kinds whose items are evidence of concerted action for the members they name (Evidence.concerted), and its bit. */
const CONCERTED_KINDS = new Map([
  ['batch_funding', FUNDED_TOGETHER],
  ['cotimed_funding', FUNDED_TOGETHER],
  ['uniform_funding', FUNDED_TOGETHER],
  ['topup_funding', FUNDED_TOGETHER],
  ['lockstep', ACTED_TOGETHER],
  ['consolidation_sweep', ACTED_TOGETHER],
  ['referral_link', ACTED_TOGETHER],
  ['shared_referral_code', ACTED_TOGETHER],
]);

/**
 * `runScan`, when given, runs the typed passes (scan.ts) on a pool thread while this thread groups the direct
 * transfers; without it they run inline. `clusterOf` is read by that thread: in shared memory, not modified
 * until this returns.
 */
export async function collectEvidence(
  g: WalletGraph,
  clusterOf: Int32Array,
  members: number[][],
  wallets: EngineWalletInput[],
  hybrid: boolean,
  maxAddresses: number,
  runs: FundingRun[],
  broadMin = 0,
  runScan?: (task: EvidenceScanTask) => Promise<EvidenceScan>,
): Promise<Evidence> {
  const { n, addresses } = g;
  const C = members.length;
  const clusterSize = new Uint32Array(C);
  for (let c = 0; c < C; c++) clusterSize[c] = members[c].length;
  const { eu, ev, ew, ef, from, to } = g;
  const task: EvidenceScanTask = {
    kind: 'evidence-scan',
    n,
    from,
    to,
    blockTime: g.blockTime ?? null,
    eu,
    ev,
    ew,
    ef,
    clusterOf,
    clusterSize,
    out: scanArrays(n, C, from.length, eu.length),
  };
  const pending = runScan?.(task);
  // direct transfers between members: one pair per member pair (the stored graph edges), grouped while a pool
  // thread scans; the scan marks their members
  const direct = new DirectPairs(g, clusterOf, C);
  const out: RawCluster[] = members.map((m, c) => ({
    members: m,
    evidence: [],
    direct: { p0: direct.start[c], p1: direct.start[c + 1] },
    covered: { funding: 0, graph: 0, any: 0 },
    kinds: new Set(),
    // every direct transfer is risk-bearing
    counts: { riskBearing: direct.start[c + 1] - direct.start[c], neutralised: 0 },
    patterns: {},
  }));
  const scan = (await pending) ?? evidenceScan(task);
  const { firstIn, firstInTime, perCluster, tAddr, tMember, tFlag, tTime, tOrder, coveredBy, kindsOf } = scan;
  const byKind = new StrengthByKind(n, scan.strengthBytes);
  const concerted = new Uint8Array(n);
  /** u is named by a risk-bearing item of this kind and confidence. */
  const mark = (u: number, kind: string, confidence: number): void => {
    const k = kindInfo(kind);
    coveredBy[u] |= k.lane === 'funding' ? 1 : 2;
    kindsOf[u] |= k.bit;
    byKind.mark(u, 31 - Math.clz32(k.bit), confidence);
  };
  const inRunOf = new Map<number, Set<number>>(); // sender -> recipients of its batch and co-timed runs
  for (const r of runs) {
    let set = inRunOf.get(r.sender);
    if (!set) inRunOf.set(r.sender, (set = new Set()));
    for (const u of r.recipients) set.add(u);
  }
  /** The addresses of the first `count` nodes (one array, no intermediate slice). */
  const addressesOf = (nodes: number[], count: number): string[] => {
    const list = new Array<string>(Math.min(count, nodes.length));
    for (let i = 0; i < list.length; i++) list[i] = addresses[nodes[i]];
    return list;
  };
  const addItem: AddItem = (c, lane, kind, confidence, riskBearing, nodes, data, touched, concertOf) => {
    const rc = out[c];
    rc.evidence.push({
      lane,
      kind,
      confidence: round3(confidence),
      riskBearing,
      addresses: addressesOf(nodes, maxAddresses + 1),
      data,
    });
    if (riskBearing) {
      rc.counts.riskBearing++;
      rc.kinds.add(kind);
      // mark() with the kind looked up once per item
      const k = kindInfo(kind);
      const laneBit = k.lane === 'funding' ? 1 : 2;
      const index = 31 - Math.clz32(k.bit);
      const concert = concertOf ?? CONCERTED_KINDS.get(kind) ?? 0;
      if (concert !== 0) for (const u of touched) concerted[u] |= concert;
      for (const u of touched) {
        coveredBy[u] |= laneBit;
        kindsOf[u] |= k.bit;
        byKind.mark(u, index, confidence);
      }
    } else rc.counts.neutralised++;
  };
  const pattern = (c: number, name: string, share: number): void => {
    const p = out[c].patterns;
    p[name] = Math.max(p[name] ?? 0, share);
  };
  for (let c = 0; c < C; c++) if (out[c].counts.riskBearing > 0) out[c].kinds.add('direct_transfer');
  // member funders: members that sent to several members (scan.ts)
  const { sentStart, sentTo } = scan;
  for (let f = 0; f < n; f++) {
    if (sentStart[f + 1] === sentStart[f]) continue;
    const list = Array.from(sentTo.subarray(sentStart[f], sentStart[f + 1]).sort());
    const c = clusterOf[f];
    const named = [f, ...list]; // addItem keeps neither array
    // with block times, a member that paid the others at unrelated times (outside its batch and co-timed runs: a
    // friend onboarding friends over weeks) is a weaker tie, as a spread common funder is
    const inRun = inRunOf.get(f);
    const spread =
      g.blockTime !== undefined && !(inRun !== undefined && 2 * list.filter((u) => inRun.has(u)).length >= list.length);
    addItem(
      c,
      'funding',
      'member_funder',
      (0.6 + 0.35 * ramp(list.length, 3, 10)) * (spread ? SPREAD_FUNDER_FACTOR : 1),
      true,
      named,
      { funder: addresses[f], fundedMembers: list.length, truncated: list.length > maxAddresses },
      named,
    );
    if (!spread) concerted[f] |= ACTED_TOGETHER;
    pattern(c, 'fan_out_funder', (list.length + 1) / out[c].members.length);
  }
  // funding chains: a member first funded by another member, itself first funded earlier by a member ... (only
  // with block times: without them "first" funding is unknown, and the members are not read)
  for (let c = 0; c < (g.blockTime ? C : 0); c++) {
    let chained = 0;
    let deepest = 0;
    const inChain = new Set<number>();
    for (const u of out[c].members) {
      const f = firstIn[u];
      if (f < 0 || clusterOf[f] !== c || !Number.isFinite(firstInTime[u])) continue;
      let depth = 1;
      let x = f;
      // passed through: every member of the chain sent the next its first funding within PASS_THROUGH_SECONDS of
      // receiving its own (a peel chain's hops); friends onboarding friends pass money on days later
      let passThrough = firstInTime[u] - firstInTime[f] <= PASS_THROUGH_SECONDS;
      while (
        depth < 16 &&
        firstIn[x] >= 0 &&
        clusterOf[firstIn[x]] === c &&
        firstIn[x] !== u &&
        firstInTime[x] <= firstInTime[u]
      ) {
        if (firstIn[firstIn[x]] >= 0 && firstInTime[x] - firstInTime[firstIn[x]] > PASS_THROUGH_SECONDS)
          passThrough = false;
        x = firstIn[x];
        depth++;
      }
      // a single member-to-member funding is already a direct_transfer (and member_funder) item
      if (depth < 2) continue;
      deepest = Math.max(deepest, depth);
      chained++;
      inChain.add(u);
      inChain.add(f);
      inChain.add(x);
      const confidence = round3(0.55 + 0.1 * Math.min(depth, 4));
      out[c].evidence.push({
        lane: 'funding',
        kind: 'funding_chain',
        confidence,
        riskBearing: true,
        addresses: [addresses[f], addresses[u]],
        data: { depth, blockTime: firstInTime[u], passThrough },
      });
      out[c].counts.riskBearing++;
      mark(f, 'funding_chain', confidence);
      mark(u, 'funding_chain', confidence);
      // the chain's first member passed its first funding on too (without it, a chain's head was named only by
      // the direct transfer to the next member)
      mark(x, 'funding_chain', confidence);
      if (passThrough) for (const v of [f, u, x]) concerted[v] |= ACTED_TOGETHER;
    }
    if (chained > 0) out[c].kinds.add('funding_chain');
    if (deepest >= 2) pattern(c, 'funding_chain', inChain.size / out[c].members.length);
  }
  // counterparties outside the cluster: common funders, sweeps, shared counterparties, infrastructure
  const inM = new Set<number>();
  const outM = new Set<number>();
  const sendTimes: number[] = [];
  const shops = shopsOf(g, POPULAR_MIN);
  const deposits = depositAddresses(g);
  // receivers listed wallets emptied whole holdings into, paying none of them back (whole-sweeps.ts)
  const wholeSweeps = g.blockTime
    ? wholeSweepReceivers(g, g.n, g.listed, (u) => !isInfrastructure(g.hub[u]), broadMin)
    : new Set<number>();
  // every address's first funder (the scan knows only members'), for round trips; with block times only
  const firstFunder = g.blockTime ? firstFunding(g).funder : undefined;
  for (let c = 0; c < C; c++) {
    const s0 = perCluster[c];
    const s1 = perCluster[c + 1];
    if (s1 === s0) continue;
    const idx = tOrder.subarray(s0, s1); // the cluster's tuples grouped by address (scan.ts)
    const size = out[c].members.length;
    for (let a = 0; a < idx.length; ) {
      const addr = tAddr[idx[a]];
      let b = a + 1;
      while (b < idx.length && tAddr[idx[b]] === addr) b++;
      const hub = isInfrastructure(g.hub[addr]);
      // one transfer with one member and no hub names nobody (most outside counterparties of a large graph)
      if (b - a === 1 && !hub) {
        a = b;
        continue;
      }
      inM.clear();
      outM.clear();
      sendTimes.length = 0;
      for (; a < b; a++) {
        const p = idx[a];
        (tFlag[p] === FLAG_IN ? inM : outM).add(tMember[p]);
        if (tFlag[p] === FLAG_OUT && !Number.isNaN(tTime[p])) sendTimes.push(tTime[p]);
      }
      if (!hub && inM.size + outM.size < 2) continue;
      const all = new Set([...inM, ...outM]);
      if (all.size < 2 && !hub) continue;
      if (hub) {
        const hubData = {
          hub: addresses[addr],
          list: g.hubList.get(addr) ?? null,
          labelled: g.hub[addr] === HUB_LABELLED,
          neutralised: true,
        };
        if (inM.size > 0)
          addItem(
            c,
            'funding',
            'infrastructure_funding',
            0.5 + 0.4 * ramp(inM.size, 1, 10),
            false,
            [addr, ...sorted(inM)],
            { ...hubData, fundedMembers: inM.size },
            [],
          );
        if (outM.size > 0)
          addItem(
            c,
            'graph',
            'infrastructure_link',
            0.4 + 0.4 * ramp(outM.size, 1, 10),
            false,
            [addr, ...sorted(outM)],
            { ...hubData, members: outM.size },
            [],
          );
        continue;
      }
      let used = false;
      const popular = (g.listedDegree[addr] >= POPULAR_MIN && 2 * all.size < g.listedDegree[addr]) || shops.has(addr);
      if (inM.size >= 2) {
        const funded = sorted(inM);
        // with block times, a funder that paid most of these members at unrelated times and amounts (outside its
        // batch, co-timed and uniform runs: a parent, a payroll) is a weaker tie than one that paid them in a
        // burst; most, not any: three of a payroll's thirty salaries can fall within 1% in one second by chance
        const timed = funded.some((u) => Number.isFinite(firstInTime[u]));
        const inRun = inRunOf.get(addr);
        const burst = inRun !== undefined && 2 * funded.filter((u) => inRun.has(u)).length >= funded.length;
        const spread = timed && !burst;
        // a broad funder (breadth.ts): one address paid many members, rarely by chance; still funding only
        const broad = broadMin >= 2 && inM.size >= broadMin && !spread;
        if (broad) out[c].broadFunder = true;
        addItem(
          c,
          'funding',
          'common_funder',
          broad
            ? 0.9 + 0.05 * ramp(inM.size, broadMin, 4 * broadMin)
            : (0.5 + 0.4 * ramp(inM.size, 2, 10)) * (spread ? SPREAD_FUNDER_FACTOR : 1),
          true,
          [addr, ...funded],
          {
            funder: addresses[addr],
            fundedMembers: inM.size,
            firstFunderOf: funded.filter((u) => firstIn[u] === addr && Number.isFinite(firstInTime[u])).length,
            inBurst: timed ? burst : null,
          },
          // a funder in a burst names the wallets of its runs at its full confidence; the others it paid at unrelated
          // times (a bridge's users next to the farm it paid in one hour) only as a spread funder would
          burst ? funded.filter((u) => inRun.has(u)) : funded,
        );
        if (burst)
          for (const u of funded)
            if (!inRun.has(u)) mark(u, 'common_funder', (0.5 + 0.4 * ramp(inM.size, 2, 10)) * SPREAD_FUNDER_FACTOR);
        pattern(c, 'fan_out_funder', inM.size / size);
        used = true;
      }
      if (popular) {
        addItem(
          c,
          'graph',
          'popular_counterparty',
          0.3,
          false,
          [addr, ...sorted(all)],
          { counterparty: addresses[addr], members: all.size, listedCounterparties: g.listedDegree[addr] },
          [],
        );
        continue;
      }
      // with block times, a sweep is members sending to one receiver within minutes of each other; sends spread
      // over days (customers of one shop) are only a shared counterparty
      // an exchange deposit address (depositAddresses) belongs to one customer: members paying the same one are one
      // owner's wallets however far apart they paid it
      const deposit = deposits.has(addr);
      // a round trip: the receiver was first funded by the address (not infrastructure) that first funded most of
      // its senders, an operator funding its wallets and the collector they pay back: one owner's, whatever the times
      const roundTrip = firstFunder !== undefined && outM.size >= 2 && returnsToFunder(g, addr, outM, firstFunder);
      const whole = wholeSweeps.has(addr);
      const owned = deposit || roundTrip || whole;
      const together = sendTimes.length === 0 || mostlyTogether(sendTimes);
      const spread = outM.size >= 2 && !together && !owned;
      // one owner's wallets paying its deposit address months apart are not acting together: a person's own
      // wallets and a family's, paying one exchange account, are named by it but are never a reject for it
      const apart = deposit && !roundTrip && !whole && !together;
      // without block times two senders to one receiver are only a shared counterparty (a friend both paid)
      const untimedPair = outM.size < UNTIMED_SWEEP_MIN && sendTimes.length === 0 && !owned;
      if (outM.size >= 2 && !spread && !untimedPair) {
        const senders = sorted(outM);
        addItem(
          c,
          'funding',
          'consolidation_sweep',
          0.55 + 0.4 * ramp(outM.size, 2, 10),
          true,
          [addr, ...senders],
          // wholeHoldings only where it applies: the items of inputs it cannot apply to stay as they were
          {
            receiver: addresses[addr],
            senders: outM.size,
            depositAddress: deposit,
            ...(whole ? { wholeHoldings: true } : {}),
            ...(apart ? { apart: true } : {}),
          },
          senders,
          apart ? 0 : undefined,
        );
        pattern(c, 'consolidation_sweep', outM.size / size);
        used = true;
      }
      if (!used)
        addItem(
          c,
          'graph',
          'shared_counterparty',
          0.35 + 0.3 * ramp(all.size, 2, 8),
          true,
          [addr, ...sorted(all)],
          // it paid a member and members paid it, none of it a sweep: a person in their circle who is not on
          // the list (a family's member off it), a tie among people (breadth.ts socialOnly)
          {
            counterparty: addresses[addr],
            members: all.size,
            spreadInTime: spread,
            ...(inM.size > 0 && outM.size > 0 ? { personLike: true } : {}),
          },
          sorted(all),
        );
    }
  }
  runEvidence(g, clusterOf, runs, addItem, pattern, out);
  paidWithinRuns(g, clusterOf, runs, concerted);
  lockstepEvidence(g, clusterOf, out, addItem);
  if (hybrid) hybridEvidence(g, clusterOf, out, wallets, addItem, pattern);
  // members in a direct pair, counted in node order (members are scattered over the node ids); the members'
  // coverage is counted once membership is known (membership.ts)
  const directCount = new Uint32Array(C);
  for (let u = 0; u < n; u++) if (clusterOf[u] >= 0 && scan.inDirect[u]) directCount[clusterOf[u]]++;
  for (let c = 0; c < C; c++) pattern(c, 'interaction_ring', (0.8 * directCount[c]) / out[c].members.length);
  const strength = byKind.strength();
  return { clusters: out, direct, coveredBy, kindsOf, strength, concerted };
}

/**
 * Payments between two members funded by the same sender (its batches and runs, or the recipients of one funding
 * tree) are acting together: a farm's wallets passing gas or tokens among themselves. A payment to anyone else is
 * what a tenth of people do; with it alone, a wallet funded in a batch (an app's gas drop) is no reject (analyze.ts
 * `paidNotActed`). A tree is a group of its own: an app's user who paid a friend's first funding is the intermediate
 * of a tree rooted at the app's relayer, and that payment is the tree itself.
 */
function paidWithinRuns(g: WalletGraph, clusterOf: Int32Array, runs: FundingRun[], concerted: Uint8Array): void {
  const fundedBy = new Map<number, Set<number>>(); // group (a sender, or -1 - a tree's root) -> its recipients
  const groupsOf = new Map<number, number[]>(); // recipient -> its groups
  for (const r of runs) {
    const group = r.kind === 'funding_tree' ? -1 - r.sender : r.sender;
    let set = fundedBy.get(group);
    if (!set) fundedBy.set(group, (set = new Set()));
    for (const u of r.recipients) {
      if (set.has(u)) continue;
      set.add(u);
      const list = groupsOf.get(u);
      if (list) list.push(group);
      else groupsOf.set(u, [group]);
    }
  }
  if (fundedBy.size === 0) return;
  const { eu, ev } = g;
  for (let k = 0; k < eu.length; k++) {
    const u = eu[k];
    const v = ev[k];
    if (clusterOf[u] < 0 || clusterOf[u] !== clusterOf[v]) continue;
    if (!groupsOf.get(u)?.some((group) => fundedBy.get(group)!.has(v))) continue;
    // it lifts only the cap on what was funded together: a payment is never concerted action on its own
    if (concerted[u] & FUNDED_TOGETHER) concerted[u] |= ACTED_TOGETHER;
    if (concerted[v] & FUNDED_TOGETHER) concerted[v] |= ACTED_TOGETHER;
  }
}

/** Whether `addr`'s first funder, not infrastructure, also first funded half or more of these senders. */
function returnsToFunder(g: WalletGraph, addr: number, senders: Set<number>, firstFunder: Int32Array): boolean {
  const root = firstFunder[addr];
  if (root < 0 || isInfrastructure(g.hub[root])) return false;
  let same = 0;
  for (const u of senders) if (firstFunder[u] === root) same++;
  return 2 * same >= senders.size;
}

/**
 * Unlabelled, unlisted addresses that sent something and only ever to infrastructure (an exchange): how an
 * exchange deposit address behaves, forwarding each customer's deposits to the exchange. A deposit address belongs
 * to one account, so listed wallets paying the same one are one owner's (the exchange-rotation and collector farms
 * consolidate so). A person's own deposit address is paid by one listed wallet and names nobody.
 */
function depositAddresses(g: WalletGraph): Set<number> {
  const { hub, listed, forwardsOnlyToInfrastructure } = g;
  const out = new Set<number>();
  for (let u = 0; u < g.n; u++) {
    if (!forwardsOnlyToInfrastructure[u] || listed[u]) continue;
    // a farm's collector (wallet-graph.ts) too: a hub that only forwards to an exchange
    if (hub[u] === HUB_NONE || g.hubList.get(u) === 'farm_collector') out.add(u);
  }
  return out;
}

const sorted = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);

/** Batch and co-timed funding runs (engine/evidence/timed-funding.ts): one item per run and cluster. */
function runEvidence(
  g: WalletGraph,
  clusterOf: Int32Array,
  runs: FundingRun[],
  addItem: AddItem,
  pattern: (c: number, name: string, share: number) => void,
  out: RawCluster[],
): void {
  const byCluster = new Map<number, number[]>();
  for (const r of runs) {
    byCluster.clear();
    for (const u of r.recipients) if (clusterOf[u] >= 0) push(byCluster, clusterOf[u], u);
    for (const [c, list] of [...byCluster].sort((a, b) => a[0] - b[0])) {
      if (list.length < 2) continue;
      const batch = r.kind === 'batch_funding';
      addItem(
        c,
        'funding',
        r.kind,
        (batch ? 0.7 : 0.6) + 0.25 * ramp(list.length, 2, 20),
        true,
        [r.sender, ...list],
        {
          funder: g.addresses[r.sender],
          intermediates: r.via ? r.via.length : null,
          fundedMembers: list.length,
          recipients: r.recipients.length,
          blockTime: r.time,
          amount: Number.isNaN(r.amount) ? null : r.amount,
          seconds: r.seconds,
        },
        list,
      );
      const name = batch ? 'batch_funding' : r.kind === 'funding_tree' ? 'funding_chain' : 'fan_out_funder';
      pattern(c, name, list.length / out[c].members.length);
    }
  }
}

/**
 * Most (half or more) of these send times within SWEEP_GAP_SECONDS of another: members sending to one receiver as
 * a script sweeps them. Not merely two of them: among hundreds of people paying one contract over months, some two
 * pay within minutes of each other by chance (found on the third blind generator's development seeds, where
 * people paying one unlabelled contract made a sweep of a 15,000-wallet cluster).
 */
function mostlyTogether(times: number[]): boolean {
  times.sort((a, b) => a - b);
  let close = 0;
  for (let k = 0; k < times.length; k++)
    if (
      (k > 0 && times[k] - times[k - 1] <= SWEEP_GAP_SECONDS) ||
      (k + 1 < times.length && times[k + 1] - times[k] <= SWEEP_GAP_SECONDS)
    )
      close++;
  return 2 * close >= times.length;
}
