/**
 * The decision package's reviewer outcome: per wallet the review that speaks for it (kept apart from the stored
 * state and the execution recommendation) and the `finalAction` an operator pays out on: the stored
 * recommendation unless a review says otherwise.
 */
import type { DecisionRow } from '../../storage/repos/results-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { effectiveReview, finalAction, teamReviewView, type LatestReviews } from './review-views.ts';

const NO_REVIEWS: LatestReviews = { clusters: new Map(), wallets: new Map() };

export function reviewerOutcome(
  chain: string,
  decisions: DecisionRow[],
  reviews: LatestReviews = NO_REVIEWS,
): { reviewerOutcome: Record<string, unknown>; finalAction: Record<string, unknown> } {
  const fam = chainFamily(chain);
  const counts: Record<string, number> = { approve: 0, manual_review: 0, reject: 0 };
  const outcome: Array<Record<string, unknown>> = [];
  const final: Array<Record<string, unknown>> = [];
  let reviewed = 0;
  for (const d of decisions) {
    const r = effectiveReview(reviews, d.walletAddress, d.clusterLabel);
    const action = finalAction(d.recommendedAction, r);
    counts[action] = (counts[action] ?? 0) + 1;
    if (r) reviewed++;
    const walletAddress = displayAddress(fam, d.walletAddress);
    outcome.push({ walletAddress, teamReview: teamReviewView(r) });
    final.push({ walletAddress, finalAction: action, decidedBy: r ? 'review' : 'stored_recommendation' });
  }
  return {
    reviewerOutcome: { reviewedWallets: reviewed, wallets: outcome },
    finalAction: { counts, wallets: final },
  };
}

export const REVIEW_CSV_COLUMNS = [
  'reviewVerdict',
  'reviewSubject',
  'reviewer',
  'reviewedAt',
  'reviewNote',
  'finalAction',
];

export function reviewCsvCells(d: DecisionRow, reviews: LatestReviews = NO_REVIEWS): unknown[] {
  const r = effectiveReview(reviews, d.walletAddress, d.clusterLabel);
  return [
    r?.verdict ?? '',
    r?.subject ?? '',
    r?.reviewer ?? '',
    r?.createdAt.toISOString() ?? '',
    r?.note ?? '',
    finalAction(d.recommendedAction, r),
  ];
}
