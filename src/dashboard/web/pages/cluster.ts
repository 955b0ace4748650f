/** One cluster: archetype and support, exports, the interactive graph, members and evidence by lane. */
import { api, allPages } from '../api.ts';
import { badge, h, messageBox, table } from '../dom.ts';
import type { Page } from '../page.ts';
import {
  buildClusterGraph,
  drawGraph,
  LANE_STYLE,
  NEUTRALISED_STYLE,
  type Evidence,
  type GraphView,
  type Member,
} from '../graph.ts';

const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function kv(title: string, obj: Record<string, unknown> | null | undefined, id: string): HTMLElement {
  const entries = Object.entries(obj ?? {});
  return h(
    'section',
    { 'aria-labelledby': `${id}-h`, class: 'card', id },
    h('h2', { id: `${id}-h` }, title),
    entries.length
      ? h('dl', { class: 'kv' }, ...entries.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, show(v))]))
      : h('p', { class: 'muted' }, 'Not recorded.'),
  );
}

function legendItem(color: string, text: string, size: number): HTMLElement {
  const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  swatch.style.background = color; // through the CSSOM: the CSP forbids style attributes
  swatch.style.height = `${Math.max(2, size * 1.5)}px`;
  return h('li', {}, swatch, text);
}

export const clusterPage: Page = async (main, _session, [campaignId, analysisId, label]) => {
  const base =
    `/api/v2/campaigns/${encodeURIComponent(campaignId)}/analyses/${encodeURIComponent(analysisId)}` +
    `/clusters/${encodeURIComponent(label)}`;
  const [intel, members, funding, graphLane] = await Promise.all([
    api('GET', base),
    allPages<Member & Record<string, any>>(`${base}/members?limit=500`, 'members', 2000),
    allPages<Evidence & Record<string, any>>(`${base}/evidence?lane=funding&limit=200`, 'evidence', 2000),
    allPages<Evidence & Record<string, any>>(`${base}/evidence?lane=graph&limit=200`, 'evidence', 2000),
  ]);
  const msg = messageBox();
  const { graph, stats } = buildClusterGraph(members, [...funding, ...graphLane]);
  const selected = h(
    'p',
    { id: 'graph-selection', 'aria-live': 'polite', class: 'muted' },
    'Select a wallet (click a node or use the list) to highlight its links.',
  );
  const canvas = h('div', {
    id: 'graph',
    class: 'graph',
    role: 'img',
    tabindex: 0,
    'aria-label':
      `Graph of cluster ${label}: ${stats.nodes} wallets and ${stats.edges} links (${stats.funding} ` +
      `funding, ${stats.graph} graph, ${stats.neutralised} neutralised). The member and evidence tables below hold ` +
      `the same data.`,
    'data-nodes': stats.nodes,
    'data-edges': stats.edges,
    'data-funding': stats.funding,
    'data-graph': stats.graph,
    'data-neutralised': stats.neutralised,
  });
  const picker = h(
    'select',
    { id: 'graph-focus', 'aria-label': 'Highlight a wallet in the graph' },
    h('option', { value: '' }, 'All wallets'),
    ...graph
      .nodes()
      .map((n) => h('option', { value: n }, `${n}${graph.getNodeAttribute(n, 'member') ? '' : ' (outside the run)'}`)),
  );
  let view: GraphView | null = null;
  const describe = (node: string): void => {
    const a = graph.getNodeAttributes(node);
    selected.textContent =
      `${node}: ${a.member ? `member, ${a.action}` : 'outside the run'}; ` + `${graph.degree(node)} links.`;
  };
  const focus = (node: string | null): void => {
    view?.focus(node);
    picker.value = node ?? '';
    if (node) describe(node);
  };
  picker.addEventListener('change', () => focus(picker.value || null));
  canvas.addEventListener('keydown', (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') view?.zoom(1.5);
    else if (e.key === '-') view?.zoom(1 / 1.5);
    else if (e.key === '0' || e.key === 'Escape') {
      view?.reset();
      focus(null);
    } else return;
    e.preventDefault();
  });

  const exportLink = (fmt: string, text: string) =>
    h(
      'a',
      { class: 'button', href: `/dashboard${base}/export?format=${fmt}`, download: `cluster-${label}.${fmt}` },
      text,
    );
  const evidenceTable = (lane: string, rows: any[]) =>
    table(
      `${lane === 'funding' ? 'Funding' : 'Graph'} evidence`,
      ['Kind', 'Confidence', 'Risk-bearing', 'Addresses', 'Data'],
      rows.map((e) => [
        e.kind,
        String(e.confidence),
        e.riskBearing ? 'yes' : badge('neutralised'),
        h('span', { class: 'mono' }, e.addresses.join(', ')),
        h('span', { class: 'mono small' }, show(e.data)),
      ]),
      { id: `evidence-${lane}` },
    );

  main.append(
    h(
      'nav',
      { class: 'crumbs', 'aria-label': 'Breadcrumb' },
      h('a', { href: '#/campaigns' }, 'Campaigns'),
      ' / ',
      h('a', { href: `#/campaigns/${encodeURIComponent(campaignId)}` }, 'Campaign'),
      ' / ',
      h('a', { href: `#/campaigns/${encodeURIComponent(campaignId)}/runs/${encodeURIComponent(analysisId)}` }, 'Run'),
      ' / cluster',
    ),
    h('h1', {}, `Cluster ${label}`),
    h(
      'p',
      { class: 'meta' },
      `${intel.size} wallets · risk ${intel.riskScore} · grouping basis ${intel.groupingBasis}`,
    ),
    msg,
    h(
      'div',
      { class: 'cards' },
      kv('Archetype', intel.archetype, 'archetype'),
      kv('Support', intel.support, 'support'),
    ),
    h(
      'p',
      { class: 'button-row', 'aria-label': 'Exports' },
      exportLink('json', 'Export JSON'),
      exportLink('csv', 'Export CSV'),
      exportLink('md', 'Export Markdown'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'graph-h' },
      h('h2', { id: 'graph-h' }, 'Graph'),
      h(
        'div',
        { class: 'graph-tools' },
        picker,
        h('button', { type: 'button', onclick: () => view?.zoom(1.5), 'aria-label': 'Zoom in' }, '+'),
        h('button', { type: 'button', onclick: () => view?.zoom(1 / 1.5), 'aria-label': 'Zoom out' }, '−'),
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              view?.reset();
              focus(null);
            },
          },
          'Reset view',
        ),
      ),
      canvas,
      h(
        'ul',
        { class: 'legend', 'aria-label': 'Legend' },
        legendItem(LANE_STYLE.funding.color, 'funding lane', LANE_STYLE.funding.size),
        legendItem(LANE_STYLE.graph.color, 'graph lane', LANE_STYLE.graph.size),
        legendItem(NEUTRALISED_STYLE.color, 'neutralised (not risk-bearing)', NEUTRALISED_STYLE.size),
      ),
      selected,
    ),
    h(
      'section',
      { 'aria-labelledby': 'members-h' },
      h('h2', { id: 'members-h' }, `Members (${members.length} of ${intel.size})`),
      table(
        'Cluster members',
        ['Wallet', 'Risk', 'Stored status', 'Recommended', 'Operator policy', 'Reasons'],
        members.map((m: any) => [
          h('code', {}, m.walletAddress),
          String(m.riskScore),
          m.storedStatus,
          badge(m.storedRecommendedAction),
          m.operatorPolicyAction ?? '—',
          (m.reasons ?? []).join('; '),
        ]),
        { id: 'members-table' },
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'evidence-h' },
      h('h2', { id: 'evidence-h' }, 'Evidence by lane'),
      evidenceTable('funding', funding),
      evidenceTable('graph', graphLane),
    ),
  );

  try {
    view = drawGraph(canvas, graph, (node) => focus(node));
    canvas.dataset.rendered = 'sigma';
  } catch (err) {
    canvas.dataset.rendered = 'unavailable';
    canvas.replaceChildren(
      h(
        'p',
        { class: 'muted' },
        `The graph cannot be drawn in this browser (${err instanceof Error ? err.message : String(err)}); the tables ` +
          `below hold the same data.`,
      ),
    );
  }
  return () => view?.kill();
};
