/**
 * The review queue of a campaign's latest completed run: clusters and wallets awaiting a human decision, highest
 * risk then reward at stake first, with filters, bulk review of a cluster, keyboard review of wallets
 * (j/k or arrows move, c confirm, x clear, n needs information) and open appeals beside the wallet's evidence.
 */
import { api } from '../api.ts';
import { badge, busy, field, h, messageBox, select, table, toast } from '../dom.ts';
import type { Page } from '../page.ts';
import { rememberedReviewer, reviewBody, reviewForm, submitReview } from '../review-form.ts';

const KEY_VERDICTS: Record<string, string> = { c: 'confirmed_sybil', x: 'cleared', n: 'needs_more_information' };
const short = (v: string): string =>
  ({ confirmed_sybil: 'Confirm Sybil', cleared: 'Clear', needs_more_information: 'Needs info' })[v] ?? v;

export const queuePage: Page = async (main, session, [campaignId]) => {
  const campaign = `/api/v2/campaigns/${encodeURIComponent(campaignId)}`;
  const filters = { status: 'awaiting', clusterLabel: '', evidenceKind: '', reviewer: '' };
  const msg = messageBox();
  const reviewer = h('input', { id: 'queue-reviewer', required: true, value: rememberedReviewer(session.ownerId) });
  const body = h('div', { id: 'queue-body' });
  const head = h(
    'nav',
    { class: 'crumbs', 'aria-label': 'Breadcrumb' },
    h('a', { href: '#/campaigns' }, 'Campaigns'),
    ' / ',
    h('a', { href: `#/campaigns/${encodeURIComponent(campaignId)}` }, 'Campaign'),
    ' / review queue',
  );
  main.append(
    head,
    h('h1', {}, 'Review queue'),
    h(
      'p',
      { class: 'muted', id: 'queue-help' },
      'Reviews are kept apart from the stored results: they set the final action, never the stored decision. ',
      'Keyboard: Tab to a wallet row, then j/k or the arrow keys move, ' +
        'c confirms Sybil, x clears, n asks for more information.',
    ),
    field('Reviewing as', reviewer),
    msg,
    body,
  );

  const who = (): string => {
    const r = reviewer.value.trim();
    if (!r) throw new Error('enter the reviewer name first');
    return r;
  };

  async function review(target: Record<string, string>, verdict: string, analysisId: string): Promise<void> {
    await submitReview({ campaignId, analysisId, ...target }, reviewBody(verdict, who(), '', []));
    toast(`${short(verdict)}: saved`);
    await load();
  }

  async function load(): Promise<void> {
    const q = new URLSearchParams({ status: filters.status, limit: '200' });
    for (const k of ['clusterLabel', 'evidenceKind', 'reviewer'] as const) if (filters[k]) q.set(k, filters[k]);
    const data = await api('GET', `${campaign}/review-queue?${q}`);
    const run = data.analysisId as string;
    body.replaceChildren(
      filterForm(data),
      h(
        'p',
        { id: 'queue-counts', 'aria-live': 'polite' },
        `Run ${run}: ${data.counts.wallets} wallets and ${data.counts.clusters} clusters ` +
          `${filters.status === 'awaiting' ? 'awaiting review' : 'listed'}, ${data.counts.openAppeals} open appeals.`,
      ),
      clustersSection(data, run),
      walletsSection(data, run),
      appealsSection(data, run),
    );
  }

  function filterForm(data: any): HTMLElement {
    const status = select('status', ['awaiting', 'reviewed', 'all'], filters.status);
    const cluster = select(
      'clusterLabel',
      ['', ...data.clusters.map((c: any) => c.clusterLabel)],
      filters.clusterLabel,
    );
    const kind = select('evidenceKind', ['', ...data.evidenceKinds], filters.evidenceKind);
    const by = select('reviewer', ['', ...data.reviewers], filters.reviewer);
    for (const [s, k] of [
      [status, 'status'],
      [cluster, 'clusterLabel'],
      [kind, 'evidenceKind'],
      [by, 'reviewer'],
    ] as const) {
      if (s !== status) (s.options[0] as HTMLOptionElement).textContent = 'any';
      s.addEventListener('change', () => {
        filters[k] = s.value;
        void load().catch((e) => msg.show(String(e.message ?? e), true));
      });
    }
    return h(
      'form',
      { class: 'grid-form', id: 'queue-filters', 'aria-label': 'Filter the queue' },
      field('Show', status),
      field('Cluster', cluster),
      field('Evidence kind', kind),
      field('Reviewer', by),
    );
  }

  function clustersSection(data: any, run: string): HTMLElement {
    const bulk = (label: string, verdict: string) => {
      const b = h('button', { type: 'button', 'data-verdict': verdict }, short(verdict)) as HTMLButtonElement;
      b.setAttribute('aria-label', `${short(verdict)}: review every member of cluster ${label}`);
      b.addEventListener('click', () => void busy(b, msg, () => review({ clusterLabel: label }, verdict, run)));
      return b;
    };
    const link = (label: string) =>
      `#/campaigns/${encodeURIComponent(campaignId)}/runs/${encodeURIComponent(run)}` +
      `/clusters/${encodeURIComponent(label)}`;
    return h(
      'section',
      { 'aria-labelledby': 'qc-h' },
      h('h2', { id: 'qc-h' }, 'Clusters'),
      table(
        'Clusters in the queue, by risk then reward at stake',
        ['Cluster', 'Size', 'Risk', 'In queue', 'Reward at stake', 'Evidence', 'Latest review', 'Review all members'],
        data.clusters.map((c: any) => [
          h('a', { href: link(c.clusterLabel) }, c.clusterLabel),
          String(c.size),
          String(c.riskScore),
          String(c.walletsInQueue),
          String(c.rewardAtStake),
          c.evidenceKinds.join(', '),
          c.latestClusterReview
            ? h('span', {}, badge(c.latestClusterReview.verdict), ` ${c.latestClusterReview.reviewer}`)
            : '—',
          h(
            'span',
            { class: 'button-row' },
            ...['confirmed_sybil', 'cleared', 'needs_more_information'].map((v) => bulk(c.clusterLabel, v)),
          ),
        ]),
        { id: 'queue-clusters' },
      ),
    );
  }

  function walletsSection(data: any, run: string): HTMLElement {
    const section = h(
      'section',
      { 'aria-labelledby': 'qw-h' },
      h('h2', { id: 'qw-h' }, 'Wallets'),
      table(
        'Wallets in the queue, by risk then reward at stake',
        ['Wallet', 'Cluster', 'Risk', 'Reward', 'Recommended', 'Final', 'Review', 'Reasons'],
        data.wallets.map((w: any) => [
          h('code', {}, w.walletAddress),
          w.clusterLabel ?? '—',
          String(w.riskScore),
          w.rewardAtStake === null ? '—' : String(w.rewardAtStake),
          badge(w.storedRecommendedAction),
          badge(w.finalAction),
          w.teamReview ? h('span', {}, badge(w.teamReview.verdict), ` ${w.teamReview.reviewer}`) : '—',
          h('span', { class: 'small' }, (w.reasons ?? []).join('; ')),
        ]),
        { id: 'queue-wallets' },
      ),
    );
    const rows = [...section.querySelectorAll<HTMLTableRowElement>('#queue-wallets tbody tr')];
    rows.forEach((tr, i) => {
      const w = data.wallets[i];
      if (!w) return;
      tr.tabIndex = 0;
      tr.classList.add('queue-row');
      tr.dataset.wallet = w.walletAddress;
      tr.setAttribute(
        'aria-label',
        `${w.walletAddress}, risk ${w.riskScore}, recommended ${w.storedRecommendedAction}`,
      );
      tr.addEventListener('keydown', (e: KeyboardEvent) => {
        const move = e.key === 'j' || e.key === 'ArrowDown' ? 1 : e.key === 'k' || e.key === 'ArrowUp' ? -1 : 0;
        if (move) {
          rows[Math.min(rows.length - 1, Math.max(0, i + move))].focus();
          e.preventDefault();
          return;
        }
        const verdict = KEY_VERDICTS[e.key];
        if (!verdict || e.ctrlKey || e.metaKey || e.altKey) return;
        e.preventDefault();
        void review({ walletAddress: w.walletAddress }, verdict, run)
          .then(() => document.querySelector<HTMLElement>('#queue-wallets tbody tr.queue-row')?.focus())
          .catch((err) => msg.show(String(err.message ?? err), true));
      });
    });
    return section;
  }

  function appealsSection(data: any, run: string): HTMLElement {
    const add = appealForm(run);
    return h(
      'section',
      { 'aria-labelledby': 'qa-h', id: 'queue-appeals' },
      h('h2', { id: 'qa-h' }, `Open appeals (${data.appeals.length})`),
      ...data.appeals.map((a: any) =>
        h(
          'article',
          { class: 'appeal', 'aria-label': `Appeal from ${a.walletAddress}`, 'data-appeal': a.appealId },
          h('h3', {}, h('code', {}, a.walletAddress), ' ', badge(a.status)),
          h('p', {}, h('strong', {}, 'Message: '), a.message),
          h('p', { class: 'meta' }, `Contact ${a.contact} · from ${a.source} · ${a.createdAt}`),
          a.wallet
            ? h(
                'p',
                {},
                `Risk ${a.wallet.riskScore} · cluster ${a.wallet.clusterLabel ?? 'none'} · recommended `,
                badge(a.wallet.storedRecommendedAction),
                ' · final ',
                badge(a.wallet.finalAction),
              )
            : null,
          h('p', {}, h('strong', {}, 'Flagged because: '), (a.wallet?.reasons ?? []).join('; ') || 'no reasons stored'),
          table(
            'Evidence of its cluster',
            ['Lane', 'Kind', 'Confidence', 'Risk-bearing', 'Addresses'],
            a.evidence.map((e: any) => [
              e.lane,
              e.kind,
              String(e.confidence),
              e.riskBearing ? 'yes' : 'no',
              h('span', { class: 'mono small' }, e.addresses.join(', ')),
            ]),
          ),
          reviewForm(
            { campaignId, analysisId: run, appealId: a.appealId },
            {
              id: `resolve-${a.appealId}`,
              reviewer: reviewer.value,
              evidence: a.evidence,
              submitText: 'Resolve appeal',
              onDone: () => void load(),
            },
          ),
        ),
      ),
      h('h3', {}, 'Record an appeal'),
      add,
    );
  }

  function appealForm(run: string): HTMLFormElement {
    const wallet = h('input', { name: 'walletAddress', required: true, maxlength: 200 });
    const message = h('textarea', { name: 'message', required: true, rows: 2, maxlength: 4000 });
    const contact = h('input', { name: 'contact', required: true, maxlength: 320 });
    const form = h(
      'form',
      { class: 'grid-form', id: 'appeal-form', 'aria-label': 'Record an appeal pasted by an operator' },
      field('Wallet', wallet),
      field('Message', message),
      field('Contact', contact),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Record appeal')),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void busy(form, msg, async () => {
        await api('POST', `${campaign}/appeals`, {
          walletAddress: wallet.value.trim(),
          message: message.value.trim(),
          contact: contact.value.trim(),
        });
        toast(`Appeal recorded against run ${run}`);
        await load();
      });
    });
    return form;
  }

  await load();
};
