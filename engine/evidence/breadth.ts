/**
 * Breadth of a cluster's evidence without block times. With times, timing tells a small farm (paid in one second,
 * co-timed runs, a burst of sweeps) from a family or one person's wallets (a parent paying now and then: the
 * spread-funder factor). Without times the engine sees only structure, and a handful of wallets that pay each other,
 * share a funder or send to one receiver look the same whether they are a farm or a person's own wallets and
 * friends. What structure alone can still show is breadth: one web of transfers, one funder or one sweep receiver
 * tying many listed wallets together, which rarely forms by chance. An untimed cluster whose broadest tie joins
 * fewer than `transferWebMin` listed wallets is **narrow** and lends only `narrowFactor` of its support
 * (scoring.ts clusterFactor); both values are chosen by bench:quality inside its cross-validation (docs/engine.md).
 * With times, the same holds for a narrow cluster tied only by its members' payments to one another (socialOnly).
 */
import type { WalletGraph } from '../wallet-graph.ts';
import type { EvidenceItem } from '../types.ts';
import type { DirectPairs } from './direct-pairs.ts';

/** True when at least one transfer of the input carries a block time (timing evidence is then possible). */
export function hasBlockTimes(g: WalletGraph): boolean {
  const t = g.blockTime;
  if (!t) return false;
  for (let i = 0; i < t.length; i++) if (!Number.isNaN(t[i])) return true;
  return false;
}

/**
 * Listed wallets joined by the broadest risk-bearing tie among these items (a web, a funder, a batch (untimed ones
 * come from transaction hashes), a sweep receiver, a funding chain of depth d: d + 1 wallets). `inside`: a web
 * counts only its wallets inside the cluster (socialOnly clusters: people's payments to one another join webs as
 * large as the campaign's social graph, so the whole web says nothing about how broad this cluster's ties are).
 */
export function evidenceBreadth(items: readonly EvidenceItem[], inside = false): number {
  let broadest = 0;
  for (const it of items) {
    if (!it.riskBearing) continue;
    const d = it.data;
    const n =
      it.kind === 'transfer_web'
        ? inside
          ? d.members
          : d.wallets
        : it.kind === 'consolidation_sweep'
          ? d.senders
          : it.kind === 'common_funder' || it.kind === 'batch_funding'
            ? d.fundedMembers
            : it.kind === 'member_funder' && typeof d.fundedMembers === 'number'
              ? d.fundedMembers + 1
              : it.kind === 'funding_chain' && typeof d.depth === 'number'
                ? d.depth + 1
                : 0;
    if (typeof n === 'number' && n > broadest) broadest = n;
  }
  return broadest;
}

/**
 * Kinds that tie members only to one another: payments among them (and the web they form), one of them or an outside
 * address paying several of them at unrelated times (a parent; socialOnly rejects a common funder in a burst), one
 * member's first funding passed on by another (friends onboarding friends do all of these).
 */
const SOCIAL_KINDS = new Set(['direct_transfer', 'member_funder', 'funding_chain', 'transfer_web', 'common_funder']);

/**
 * True when every risk-bearing kind of a cluster is a tie among its members or a funder paying them at unrelated
 * times: no sweep receiver, no shared counterparty but a person off the list who paid a member and was paid by one
 * (`personLike`: a family's member who is not listed), and nothing timed (a batch, a co-timed run or lockstep brings
 * its own kind; a common funder in a burst, or a funding chain whose members passed their first funding on within the
 * day, a peel chain's hops, is timed too). Friends, families and a person's own wallets look so; with block times a
 * farm shows itself by timing or a sweep. So with times such a cluster, when narrow (its web counted inside it:
 * evidenceBreadth), lends `narrowFactor` (as every narrow one does without times), and, however broad, is never a
 * reject (analyze.ts). Direct transfers need not be among the items (the engine keeps them apart: direct-pairs.ts).
 */
export function socialOnly(kinds: ReadonlySet<string>, items: readonly EvidenceItem[]): boolean {
  for (const k of kinds) if (!SOCIAL_KINDS.has(k) && k !== 'shared_counterparty') return false;
  if (kinds.has('funding_chain') || kinds.has('common_funder') || kinds.has('shared_counterparty'))
    for (const it of items) {
      if (it.kind === 'funding_chain' && it.data.passThrough === true) return false;
      if (it.kind === 'common_funder' && it.riskBearing && it.data.inBurst !== false) return false;
      if (it.kind === 'shared_counterparty' && it.riskBearing && it.data.personLike !== true) return false;
    }
  return kinds.size > 0;
}

/**
 * The share of a cluster's members that paid another member (its direct-transfer pairs p0..p1 of `direct`). A farm's
 * script has every wallet do what the others do (each pays the next, or one of the others); among people who know
 * each other some pay and most are paid.
 */
export function payingShare(members: readonly number[], direct: DirectPairs, p0: number, p1: number): number {
  if (members.length === 0) return 0;
  const paid = new Set<number>();
  for (let j = p0; j < p1; j++) {
    if (direct.fromFirst[j] > 0) paid.add(direct.first[j]);
    if (direct.transfers[j] > direct.fromFirst[j]) paid.add(direct.second[j]);
  }
  let n = 0;
  for (const u of members) if (paid.has(u)) n++;
  return n / members.length;
}
