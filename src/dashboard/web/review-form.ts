/**
 * The review form shared by the cluster page, the queue and appeals: a verdict, the reviewer, a note and the
 * evidence items relied on. It posts to the review API (or resolves an appeal); stored results never change.
 */
import { api } from './api.ts';
import { busy, field, h, messageBox } from './dom.ts';

export const VERDICTS: Array<[string, string]> = [
  ['confirmed_sybil', 'Confirmed Sybil (reject)'],
  ['cleared', 'Cleared (approve)'],
  ['needs_more_information', 'Needs more information (manual review)'],
];

const REVIEWER_KEY = 'wi-reviewer';
export const rememberedReviewer = (fallback: string): string => localStorage.getItem(REVIEWER_KEY) || fallback;

export interface ReviewTarget {
  campaignId: string;
  analysisId: string;
  clusterLabel?: string;
  walletAddress?: string;
  /** Resolve this appeal instead of recording a plain review. */
  appealId?: string;
}

export function reviewBody(verdict: string, reviewer: string, note: string, evidence: unknown[]) {
  localStorage.setItem(REVIEWER_KEY, reviewer);
  return { verdict, reviewer, ...(note ? { note } : {}), ...(evidence.length ? { evidence } : {}) };
}

export async function submitReview(t: ReviewTarget, body: Record<string, unknown>): Promise<any> {
  const campaign = `/api/v2/campaigns/${encodeURIComponent(t.campaignId)}`;
  if (t.appealId) return api('POST', `${campaign}/appeals/${encodeURIComponent(t.appealId)}/resolve`, body);
  const subject = t.clusterLabel !== undefined ? { clusterLabel: t.clusterLabel } : { walletAddress: t.walletAddress };
  return api('POST', `${campaign}/reviews`, { analysisId: t.analysisId, ...subject, ...body });
}

export function reviewForm(
  target: ReviewTarget,
  opts: { id: string; reviewer: string; evidence?: any[]; submitText?: string; onDone: (r: any) => void },
): HTMLFormElement {
  const msg = messageBox();
  const radios = VERDICTS.map(([value, label], i) =>
    h(
      'label',
      { class: 'radio' },
      h('input', { type: 'radio', name: `${opts.id}-verdict`, value, required: true, checked: i === 0 }),
      ` ${label}`,
    ),
  );
  const reviewer = h('input', { name: 'reviewer', required: true, maxlength: 200, value: opts.reviewer });
  const note = h('textarea', { name: 'note', rows: 2, maxlength: 4000 });
  const boxes = (opts.evidence ?? []).map((e) =>
    h(
      'label',
      { class: 'checkbox' },
      h('input', { type: 'checkbox', name: 'evidence', value: `${e.lane}:${e.ordinal}` }),
      ` ${e.lane}/${e.ordinal} ${e.kind}`,
    ),
  );
  const form = h(
    'form',
    { class: 'review-form', id: opts.id, 'aria-label': 'Record a review' },
    h('fieldset', {}, h('legend', {}, 'Verdict'), ...radios),
    field('Reviewer', reviewer),
    field('Note', note),
    boxes.length ? h('fieldset', { class: 'evidence-picks' }, h('legend', {}, 'Evidence relied on'), ...boxes) : null,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, opts.submitText ?? 'Save review')),
    msg,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void busy(form, msg, async () => {
      const verdict = form.querySelector<HTMLInputElement>(`input[name="${opts.id}-verdict"]:checked`)!.value;
      const evidence = [...form.querySelectorAll<HTMLInputElement>('input[name="evidence"]:checked')].map((b) => {
        const [lane, ordinal] = b.value.split(':');
        return { lane, ordinal: Number(ordinal) };
      });
      const r = await submitReview(target, reviewBody(verdict, reviewer.value.trim(), note.value.trim(), evidence));
      msg.show(`Saved: ${verdict} by ${reviewer.value.trim()}.`);
      opts.onDone(r);
    });
  });
  return form;
}
