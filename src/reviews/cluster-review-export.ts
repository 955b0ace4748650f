/** The latest human cluster review as the cluster exports carry it (JSON object, Markdown lines). */
import type { ReviewRow } from '../../storage/repos/reviews-repo.ts';
import { ACTION_BY_VERDICT, type ReviewVerdict } from './review-views.ts';

export function clusterReviewExport(r: ReviewRow | null): Record<string, unknown> | null {
  if (!r) return null;
  return {
    reviewId: r.id,
    verdict: r.verdict,
    finalActionForMembers: ACTION_BY_VERDICT[r.verdict as ReviewVerdict],
    reviewer: r.reviewer,
    note: r.note,
    evidence: r.evidence,
    reviewedAt: r.createdAt.toISOString(),
  };
}

export function clusterReviewMarkdown(r: ReviewRow | null, md: (s: unknown) => string): string[] {
  if (!r) return ['No human review is recorded for this cluster.'];
  return [
    `- Verdict: ${md(r.verdict)} ` +
      `(members without a later wallet review: ${ACTION_BY_VERDICT[r.verdict as ReviewVerdict]})`,
    `- Reviewer: ${md(r.reviewer)}, ${r.createdAt.toISOString()}`,
    `- Note: ${md(r.note || 'none')}`,
    `- Evidence relied on: ${r.evidence.map((e) => md(`${e.lane}/${e.ordinal} ${e.kind}`)).join(', ') || 'none named'}`,
  ];
}
