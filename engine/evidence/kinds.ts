/**
 * The one table of evidence kinds: a new signal is one row here and one file under engine/evidence/.
 *  - bit: position in a wallet's kind mask (reasons, membership);
 *  - lane: funding (how money reached or left members) or graph (how members interact);
 *  - riskBearing: false for neutralised items (infrastructure, popular counterparties), kept for reviewers;
 *  - conclusive: a cluster whose risk-bearing kinds are all inconclusive is capped below reject;
 *  - membership: naming a wallet makes it a member of its grouping's cluster (shared counterparties or a shared
 *    campaign event alone do not: a bystander sharing one counterparty with a farm is not in the farm);
 *  - fundingIn: says how a wallet was funded; a wallet named only by such kinds is never rejected;
 *  - weight: how strongly one item of this kind (at confidence 1) ties a wallet to the others. Set a priori from
 *    how hard the pattern is to produce by chance (one transaction paying identical amounts > co-timed similar
 *    amounts > interaction > a shared funder > a shared counterparty), not fitted to any measurement.
 */
import type { Lane } from '../types.ts';

export interface EvidenceKind {
  kind: string;
  lane: Lane;
  riskBearing: boolean;
  conclusive: boolean;
  membership: boolean;
  fundingIn: boolean;
  weight: number;
  /** Completes "named by: …" in a wallet's reasons. */
  text: string;
}

const row = (
  kind: string,
  lane: Lane,
  flags: { conclusive?: boolean; membership?: boolean; fundingIn?: boolean },
  weight: number,
  text: string,
): EvidenceKind => ({
  kind,
  lane,
  riskBearing: true,
  conclusive: flags.conclusive ?? false,
  membership: flags.membership ?? false,
  fundingIn: flags.fundingIn ?? false,
  weight,
  text,
});

/** Risk-bearing kinds, in bit order (the order never changes: append new kinds at the end). */
export const EVIDENCE_KINDS: readonly EvidenceKind[] = [
  row('common_funder', 'funding', { membership: true, fundingIn: true }, 0.5, 'a funder shared with other members'),
  row(
    'member_funder',
    'funding',
    { conclusive: true, membership: true, fundingIn: true },
    0.7,
    'funding sent by a member to many members',
  ),
  row(
    'funding_chain',
    'funding',
    { conclusive: true, membership: true, fundingIn: true },
    0.7,
    'a chain of first fundings between members',
  ),
  row(
    'consolidation_sweep',
    'funding',
    { conclusive: true, membership: true },
    0.6,
    'sending on to a receiver shared with other members',
  ),
  row('direct_transfer', 'graph', { conclusive: true, membership: true }, 0.6, 'direct transfers with other members'),
  row('shared_counterparty', 'graph', {}, 0.3, 'a counterparty shared with other members'),
  row('referral_link', 'graph', { conclusive: true, membership: true }, 0.7, 'a referral link to a member'),
  row(
    'shared_referral_code',
    'graph',
    { conclusive: true, membership: true },
    0.6,
    'a referral code shared with members',
  ),
  row('shared_event_timing', 'graph', {}, 0.2, 'the same campaign event as most members'),
  row(
    'batch_funding',
    'funding',
    { conclusive: true, membership: true, fundingIn: true },
    0.8,
    'funding in one batch (one transaction, or the same sender in the same second with near-identical amounts) with ' +
      'other members',
  ),
  row(
    'cotimed_funding',
    'funding',
    { conclusive: true, membership: true, fundingIn: true },
    0.7,
    'first funding by the same sender within minutes and with similar amounts as other members',
  ),
  row(
    'funding_tree',
    'funding',
    { conclusive: true, membership: true, fundingIn: true },
    0.7,
    'first funding through intermediates from the same root as other members (a funding tree)',
  ),
  row('lockstep', 'graph', {}, 0.4, 'the same contracts in the same order within minutes of other members (lockstep)'),
  row(
    'transfer_web',
    'graph',
    { conclusive: true, membership: true },
    0.6,
    'a web of many listed wallets joined by direct transfers',
  ),
  row(
    'uniform_funding',
    'funding',
    { membership: true, fundingIn: true },
    0.6,
    'first funding of about the same amount by a sender that funded many listed wallets so, at any time',
  ),
  row(
    'topup_funding',
    'funding',
    { membership: true, fundingIn: true },
    0.6,
    'small top-ups, after others funded it, from a sender that topped up many listed wallets and nothing else',
  ),
];

/** Neutralised kinds (never risk-bearing): shown to reviewers, never evidence. */
// a wallet's kinds are one bit each in a Uint16Array (Evidence.kindsOf), and analyze.ts keys decisions on kinds
// below CONCERTED_BIT (0x10000): a 17th kind needs wider masks there first
if (EVIDENCE_KINDS.length > 16) throw new Error('more than 16 evidence kinds: widen kindsOf and the decision keys');

export const NEUTRAL_KINDS = ['infrastructure_funding', 'infrastructure_link', 'popular_counterparty'] as const;

const byKind = new Map(EVIDENCE_KINDS.map((k, i) => [k.kind, { ...k, bit: 1 << i }]));

export function kindInfo(kind: string): EvidenceKind & { bit: number } {
  const k = byKind.get(kind);
  if (!k) throw new Error(`unknown evidence kind ${kind}`);
  return k;
}

const maskOf = (test: (k: EvidenceKind) => boolean): number =>
  EVIDENCE_KINDS.reduce((m, k, i) => (test(k) ? m | (1 << i) : m), 0);
/** Kinds that make a wallet a member of its cluster. */
export const MEMBERSHIP_MASK = maskOf((k) => k.membership);
/** Kinds that only say how a wallet was funded. */
export const FUNDING_IN_MASK = maskOf((k) => k.fundingIn);
export const CONCLUSIVE_KINDS = new Set(EVIDENCE_KINDS.filter((k) => k.conclusive).map((k) => k.kind));
