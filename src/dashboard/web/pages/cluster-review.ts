/** The cluster page's review section: review the cluster or one member, and the review history of both. */
import { api } from '../api.ts';
import { badge, fmtDate, field, h, select, table } from '../dom.ts';
import { rememberedReviewer, reviewForm } from '../review-form.ts';

export async function clusterReviewSection(
  ids: { campaignId: string; analysisId: string; label: string; ownerId: string },
  members: any[],
  evidence: any[],
  onChange: () => void,
): Promise<HTMLElement> {
  const campaign = `/api/v2/campaigns/${encodeURIComponent(ids.campaignId)}`;
  const q = new URLSearchParams({ analysisId: ids.analysisId, limit: '100' });
  const [clusterHistory, walletHistory] = await Promise.all([
    api('GET', `${campaign}/reviews?${q}&subject=cluster&clusterLabel=${encodeURIComponent(ids.label)}`),
    api('GET', `${campaign}/reviews?${q}&subject=wallet`),
  ]);
  const memberSet = new Set(members.map((m) => m.walletAddress));
  const history = [
    ...clusterHistory.reviews,
    ...walletHistory.reviews.filter((r: any) => memberSet.has(r.walletAddress)),
  ].sort((a, b) => (a.reviewedAt < b.reviewedAt ? 1 : -1));
  const reviewer = rememberedReviewer(ids.ownerId);
  const target = { campaignId: ids.campaignId, analysisId: ids.analysisId };
  const wallet = select(
    'wallet',
    members.map((m) => m.walletAddress),
  );
  wallet.id = 'review-wallet';
  const memberForm = (walletAddress: string) =>
    reviewForm(
      { ...target, walletAddress },
      { id: 'wallet-review', reviewer, submitText: 'Save wallet review', onDone: onChange },
    );
  let walletForm = memberForm(members[0]?.walletAddress ?? '');
  // the form reviews whichever member is picked
  wallet.addEventListener('change', () => {
    const next = memberForm(wallet.value);
    walletForm.replaceWith(next);
    walletForm = next;
  });
  return h(
    'section',
    { 'aria-labelledby': 'review-h', id: 'cluster-review' },
    h('h2', { id: 'review-h' }, 'Human review'),
    h(
      'p',
      { class: 'muted' },
      'A review sets the final action (confirmed Sybil: reject, cleared: approve, ' +
        'needs more information: manual review); the stored decisions, scores and evidence above never change. ' +
        'A cluster review applies to every member without a later wallet review.',
    ),
    h('h3', {}, 'Review the cluster'),
    reviewForm(
      { ...target, clusterLabel: ids.label },
      { id: 'cluster-review-form', reviewer, evidence, submitText: 'Save cluster review', onDone: onChange },
    ),
    h('h3', {}, 'Review one member'),
    members.length ? field('Member', wallet) : h('p', { class: 'muted' }, 'No members.'),
    members.length ? walletForm : '',
    h('h3', {}, 'Review history (newest first)'),
    table(
      'Review history',
      ['When', 'Subject', 'Verdict', 'Reviewer', 'Note', 'Evidence relied on'],
      history.map((r: any) => [
        fmtDate(r.reviewedAt),
        r.subject === 'cluster' ? 'cluster' : h('code', {}, r.walletAddress),
        badge(r.verdict),
        r.reviewer,
        r.note || '—',
        r.evidence.map((e: any) => `${e.lane}/${e.ordinal} ${e.kind}`).join(', ') || '—',
      ]),
      { id: 'review-history' },
    ),
  );
}
