/**
 * Review context for the v2 cluster reads: the members' `teamReview` and the exports' latest human cluster review.
 * Stored results stay immutable; cached pages that show reviews are keyed by the run's newest review as well.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { DecisionRow } from '../../storage/repos/results-repo.ts';
import { latestReviews, reviewStamp, type ReviewRow } from '../../storage/repos/reviews-repo.ts';
import { effectiveReview, teamReviewView } from './review-views.ts';

export async function teamReviews(
  db: Kysely<Database>,
  analysisId: string,
  clusterLabel: string,
  members: DecisionRow[],
): Promise<(d: DecisionRow) => Record<string, unknown> | null> {
  const latest = await latestReviews(db, analysisId, {
    clusterLabels: [clusterLabel],
    walletAddresses: members.map((m) => m.walletAddress),
  });
  return (d) => teamReviewView(effectiveReview(latest, d.walletAddress, d.clusterLabel));
}

export async function latestClusterReview(
  db: Kysely<Database>,
  analysisId: string,
  clusterLabel: string,
): Promise<ReviewRow | null> {
  const latest = await latestReviews(db, analysisId, { clusterLabels: [clusterLabel] });
  return latest.clusters.get(clusterLabel) ?? null;
}

/** The cache-key part of pages that show reviews: the newest review of the run. */
export const reviewsCacheKey = async (db: Kysely<Database>, analysisId: string): Promise<string> =>
  `reviews:${await reviewStamp(db, analysisId)}`;
