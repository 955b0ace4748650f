/**
 * The review queue of a run: wallets and clusters awaiting a human decision (a stored manual_review or reject
 * recommendation without a final review, a needs_more_information review, or an open appeal), highest risk first,
 * then the most reward at stake (the wallet's campaignPoints). Appeals come with the wallet's stored reasons and
 * its cluster's evidence. Read-only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { scanEvidence } from '../../storage/repos/results-repo.ts';
import { reviewCandidates, runClusters, type StoredWallet } from '../../storage/repos/review-reads-repo.ts';
import { latestReviews, listAppeals, type AppealRow, type ReviewRow } from '../../storage/repos/reviews-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { evidenceItem } from '../results/cluster-views.ts';
import { appealView, effectiveReview, finalAction, teamReviewView } from './review-views.ts';

/** Bounds of one queue read: candidate wallets scanned, clusters listed, appeals shown. */
export const QUEUE_MAX_CANDIDATES = 20000;
export const QUEUE_MAX_CLUSTERS = 5000;
export const QUEUE_MAX_APPEALS = 200;

export interface QueueFilter {
  status: 'awaiting' | 'reviewed' | 'all';
  clusterLabel?: string;
  evidenceKind?: string;
  reviewer?: string;
  limit: number;
}

const awaiting = (r: ReviewRow | null, appealed: boolean): boolean =>
  appealed || r === null || r.verdict === 'needs_more_information';

const points = (w: StoredWallet): number => w.campaignPoints ?? 0;

export async function reviewQueue(db: Kysely<Database>, run: AnalysisRow, f: QueueFilter) {
  const fam = chainFamily(run.chain);
  const appeals = await listAppeals(db, {
    ownerId: run.ownerId,
    campaignId: run.campaignId,
    analysisId: run.id,
    status: 'open',
    limit: QUEUE_MAX_APPEALS,
  });
  const appealed = new Map<string, AppealRow[]>();
  for (const a of appeals) appealed.set(a.walletAddress, [...(appealed.get(a.walletAddress) ?? []), a]);
  const [latest, candidates, clusters] = await Promise.all([
    latestReviews(db, run.id),
    reviewCandidates(db, run.id, [...appealed.keys()], QUEUE_MAX_CANDIDATES),
    runClusters(db, run.id, QUEUE_MAX_CLUSTERS),
  ]);
  const clusterByLabel = new Map(clusters.map((c) => [c.label, c]));
  const entries = candidates.map((w) => ({ w, review: effectiveReview(latest, w.walletAddress, w.clusterLabel) }));
  const matches = (e: (typeof entries)[number]): boolean => {
    const waiting = awaiting(e.review, appealed.has(e.w.walletAddress));
    if (f.status === 'awaiting' && !waiting) return false;
    if (f.status === 'reviewed' && e.review === null) return false;
    if (f.clusterLabel !== undefined && e.w.clusterLabel !== f.clusterLabel) return false;
    if (f.reviewer !== undefined && e.review?.reviewer !== f.reviewer) return false;
    const kinds = e.w.clusterLabel ? (clusterByLabel.get(e.w.clusterLabel)?.evidenceKinds ?? []) : [];
    return f.evidenceKind === undefined || kinds.includes(f.evidenceKind);
  };
  const selected = entries
    .filter(matches)
    .sort(
      (a, b) =>
        b.w.riskScore - a.w.riskScore || points(b.w) - points(a.w) || (a.w.walletAddress < b.w.walletAddress ? -1 : 1),
    );
  const walletView = (e: (typeof entries)[number]) => ({
    walletAddress: displayAddress(fam, e.w.walletAddress),
    clusterLabel: e.w.clusterLabel,
    riskScore: e.w.riskScore,
    rewardAtStake: e.w.campaignPoints,
    storedRecommendedAction: e.w.recommendedAction,
    finalAction: finalAction(e.w.recommendedAction, e.review),
    reasons: e.w.reasons,
    teamReview: teamReviewView(e.review),
    openAppeals: (appealed.get(e.w.walletAddress) ?? []).map((a) => a.id),
  });
  const clusterRows = queueClusters(selected, clusterByLabel, latest);
  const byAddress = new Map(entries.map((e) => [e.w.walletAddress, e]));
  const appealRows = [];
  for (const a of appeals) {
    const e = byAddress.get(a.walletAddress);
    const ordinal = e?.w.clusterOrdinal ?? null;
    const evidence =
      ordinal === null
        ? []
        : [
            ...(await scanEvidence(db, run.id, ordinal, 'funding', 0, 5)),
            ...(await scanEvidence(db, run.id, ordinal, 'graph', 0, 5)),
          ];
    appealRows.push({
      ...appealView(run.chain, a),
      wallet: e ? walletView(e) : null,
      evidence: evidence.map((x) => ({ ...evidenceItem(run.chain, x), ordinal: x.ordinal })),
    });
  }
  return {
    object: 'review_queue',
    apiVersion: 'v2',
    campaignId: run.campaignId,
    analysisId: run.id,
    filters: f,
    counts: { wallets: selected.length, clusters: clusterRows.length, openAppeals: appeals.length },
    candidatesScanned: candidates.length,
    candidatesTruncated: candidates.length >= QUEUE_MAX_CANDIDATES,
    evidenceKinds: [...new Set(clusters.flatMap((c) => c.evidenceKinds))].sort(),
    reviewers: [...new Set([...latest.clusters.values(), ...latest.wallets.values()].map((r) => r.reviewer))].sort(),
    clusters: clusterRows,
    wallets: selected.slice(0, f.limit).map(walletView),
    appeals: appealRows,
  };
}

function queueClusters(
  selected: Array<{ w: StoredWallet; review: ReviewRow | null }>,
  clusterByLabel: Map<string, { label: string; size: number; riskScore: number; evidenceKinds: string[] }>,
  latest: { clusters: Map<string, ReviewRow> },
) {
  const agg = new Map<string, { wallets: number; reward: number }>();
  for (const e of selected) {
    if (!e.w.clusterLabel) continue;
    const a = agg.get(e.w.clusterLabel) ?? { wallets: 0, reward: 0 };
    a.wallets++;
    a.reward += points(e.w);
    agg.set(e.w.clusterLabel, a);
  }
  return [...agg.entries()]
    .map(([label, a]) => {
      const c = clusterByLabel.get(label);
      return {
        clusterLabel: label,
        size: c?.size ?? a.wallets,
        riskScore: c?.riskScore ?? 0,
        walletsInQueue: a.wallets,
        rewardAtStake: a.reward,
        evidenceKinds: c?.evidenceKinds ?? [],
        latestClusterReview: teamReviewView(latest.clusters.get(label) ?? null),
      };
    })
    .sort((a, b) => b.riskScore - a.riskScore || b.rewardAtStake - a.rewardAtStake || b.size - a.size);
}
