/** One run: progress while it works, then summary counts and the cluster catalog. */
import { api, allPages } from '../api.ts';
import { append, badge, fmtDate, h, table } from '../dom.ts';
import type { Page } from '../page.ts';
import { coverageNotice, runCharts, timingNotice } from './run-extras.ts';

const POLL_MS = 1000;

export const runPage: Page = async (main, _session, [campaignId, analysisId]) => {
  const base = `/api/v2/campaigns/${encodeURIComponent(campaignId)}/analyses/${encodeURIComponent(analysisId)}`;
  const status = h('section', { 'aria-labelledby': 'st-h', 'aria-live': 'polite', id: 'run-status' });
  const clusters = h('section', { 'aria-labelledby': 'cl-h' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function poll(): Promise<void> {
    const r = await api('GET', base);
    const p = r.progress ?? {};
    const entries = Object.entries(p).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
    status.replaceChildren();
    append(
      status,
      h('h2', { id: 'st-h' }, 'Status'),
      h(
        'p',
        {},
        badge(r.status),
        h('span', { id: 'status-text', 'data-status': r.status }, ` ${r.status}`),
        ` · ${r.walletCount} wallets · policy ${r.riskPolicy}${r.policyVersion ? ` v${r.policyVersion}` : ''} · ` +
          `started ${fmtDate(r.startedAt)}${r.completedAt ? ` · completed ${fmtDate(r.completedAt)}` : ''}`,
      ),
      r.status === 'queued' || r.status === 'running'
        ? h(
            'div',
            {},
            h('progress', {
              'aria-label': 'Run progress',
              ...(typeof p.percent === 'number' ? { max: 100, value: p.percent } : {}),
            }),
            entries.length
              ? h('dl', { class: 'kv' }, ...entries.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))]))
              : null,
          )
        : null,
      r.error ? h('p', { class: 'message error', role: 'alert' }, `${r.error.code}: ${r.error.message}`) : null,
      coverageNotice(r.dataCoverage),
      timingNotice(r.dataCoverage),
      r.counts
        ? h(
            'dl',
            { class: 'counts', id: 'summary-counts' },
            ...[
              ['Clusters', r.counts.clusters],
              ['Clustered wallets', r.counts.clusteredWallets],
              ['Approve', r.counts.approve],
              ['Manual review', r.counts.manual_review],
              ['Reject', r.counts.reject],
            ].flatMap(([k, v]) => [h('div', {}, h('dt', {}, String(k)), h('dd', {}, String(v ?? 0)))]),
          )
        : null,
    );
    if (r.status === 'completed') await loadClusters();
    else if (r.status !== 'failed' && !stopped)
      timer = setTimeout(() => {
        void poll().catch(() => {});
      }, POLL_MS);
  }

  async function loadClusters(): Promise<void> {
    const rows = await allPages<any>(`${base}/clusters?limit=500`, 'clusters', 500);
    const link = (label: string) =>
      `#/campaigns/${encodeURIComponent(campaignId)}/runs/${encodeURIComponent(analysisId)}` +
      `/clusters/${encodeURIComponent(label)}`;
    clusters.replaceChildren(
      await runCharts(base),
      h(
        'p',
        {},
        h(
          'a',
          { class: 'button', href: `#/campaigns/${encodeURIComponent(campaignId)}/review` },
          'Open the review queue',
        ),
      ),
      h('h2', { id: 'cl-h' }, 'Clusters'),
      table(
        'Clusters by risk',
        ['Cluster', 'Size', 'Risk', 'Grouping basis'],
        rows.map((c) => [
          h('a', { href: link(c.clusterLabel) }, c.clusterLabel),
          String(c.size),
          String(c.riskScore),
          c.groupingBasis,
        ]),
        { id: 'clusters-table' },
      ),
    );
  }

  main.append(
    h(
      'nav',
      { class: 'crumbs', 'aria-label': 'Breadcrumb' },
      h('a', { href: '#/campaigns' }, 'Campaigns'),
      ' / ',
      h('a', { href: `#/campaigns/${encodeURIComponent(campaignId)}` }, 'Campaign'),
      ' / run',
    ),
    h('h1', {}, `Run ${analysisId}`),
    status,
    clusters,
  );
  await poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
