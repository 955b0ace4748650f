/**
 * JSON views of human review context and the one rule that turns it into an action: a review's verdict decides
 * the final action (confirmed_sybil -> reject, cleared -> approve, needs_more_information -> manual_review); with
 * no review the stored recommendation stands. Nothing here touches stored state.
 */
import type { AppealRow, ReviewRow } from '../../storage/repos/reviews-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';

export const REVIEW_VERDICTS = ['confirmed_sybil', 'cleared', 'needs_more_information'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

export const ACTION_BY_VERDICT: Record<ReviewVerdict, string> = {
  confirmed_sybil: 'reject',
  cleared: 'approve',
  needs_more_information: 'manual_review',
};

export function reviewView(chain: string, r: ReviewRow): Record<string, unknown> {
  return {
    object: 'review',
    reviewId: r.id,
    campaignId: r.campaignId,
    analysisId: r.analysisId,
    subject: r.subject,
    clusterLabel: r.clusterLabel,
    walletAddress: r.walletAddress === null ? null : displayAddress(chainFamily(chain), r.walletAddress),
    verdict: r.verdict,
    reviewer: r.reviewer,
    note: r.note,
    evidence: r.evidence,
    appealId: r.appealId,
    reviewedAt: r.createdAt.toISOString(),
  };
}

export function appealView(chain: string, a: AppealRow): Record<string, unknown> {
  return {
    object: 'appeal',
    appealId: a.id,
    campaignId: a.campaignId,
    analysisId: a.analysisId,
    walletAddress: displayAddress(chainFamily(chain), a.walletAddress),
    message: a.message,
    contact: a.contact,
    source: a.source,
    status: a.status,
    resolutionReviewId: a.resolutionReviewId,
    createdAt: a.createdAt.toISOString(),
    resolvedAt: a.resolvedAt?.toISOString() ?? null,
  };
}

export interface LatestReviews {
  clusters: Map<string, ReviewRow>;
  wallets: Map<string, ReviewRow>;
}

/**
 * The review that speaks for a wallet: its own latest review or its cluster's latest, whichever is newer (a
 * cluster review is the bulk decision for every member; a later wallet review overrides it for that wallet).
 */
export function effectiveReview(
  latest: LatestReviews,
  walletAddress: string,
  clusterLabel: string | null,
): ReviewRow | null {
  const own = latest.wallets.get(walletAddress) ?? null;
  const cluster = clusterLabel === null ? null : (latest.clusters.get(clusterLabel) ?? null);
  if (!own) return cluster;
  if (!cluster) return own;
  return own.seq > cluster.seq ? own : cluster;
}

/** The member's `teamReview`: the review that speaks for the wallet, kept apart from its stored state. */
export function teamReviewView(r: ReviewRow | null): Record<string, unknown> | null {
  if (!r) return null;
  return {
    reviewId: r.id,
    subject: r.subject,
    verdict: r.verdict,
    reviewer: r.reviewer,
    note: r.note,
    evidence: r.evidence,
    reviewedAt: r.createdAt.toISOString(),
  };
}

export function finalAction(storedRecommendedAction: string, r: ReviewRow | null): string {
  return r ? (ACTION_BY_VERDICT[r.verdict as ReviewVerdict] ?? storedRecommendedAction) : storedRecommendedAction;
}
