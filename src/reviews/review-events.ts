/** Webhook payloads of the review domain: `review.recorded` and `appeal.resolved` (docs/webhooks.md). */
import type { AppealRow, ReviewRow } from '../../storage/repos/reviews-repo.ts';
import { appealView, reviewView, ACTION_BY_VERDICT, type ReviewVerdict } from './review-views.ts';

export const REVIEW_EVENTS = ['review.recorded', 'appeal.resolved'] as const;

const links = (campaignId: string) => ({
  reviews: `/api/v2/campaigns/${campaignId}/reviews`,
  decisionPackage: `/api/v2/campaigns/${campaignId}/decisions`,
});

export function reviewRecordedPayload(chain: string, r: ReviewRow): Record<string, unknown> {
  return {
    review: reviewView(chain, r),
    finalAction: ACTION_BY_VERDICT[r.verdict as ReviewVerdict],
    links: links(r.campaignId),
  };
}

export function appealResolvedPayload(chain: string, a: AppealRow, r: ReviewRow): Record<string, unknown> {
  return {
    appeal: appealView(chain, a),
    review: reviewView(chain, r),
    finalAction: ACTION_BY_VERDICT[r.verdict as ReviewVerdict],
    links: links(r.campaignId),
  };
}
