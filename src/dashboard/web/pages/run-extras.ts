/** Additions to the run and campaign pages: the data-coverage warning and the charts. */
import { api } from '../api.ts';
import { ACTION_COLORS, lines, stackedBars } from '../charts.ts';
import { h } from '../dom.ts';

const ACTIONS = ['approve', 'manual_review', 'reject'];

/** What the run knew: transfer data coverage, with the warning when it is low. */
export function coverageNotice(coverage: any): HTMLElement | null {
  if (!coverage) return null;
  const line = `Transfer data for ${coverage.withTransferData} of ${coverage.wallets} wallets.`;
  if (!coverage.warning) return h('p', { id: 'data-coverage', class: 'muted' }, line);
  return h('p', { id: 'data-coverage', class: 'warning-box', role: 'alert' }, `Warning: ${coverage.warning}`);
}

/** A warning when most of the run's transfers have no block time (what the engine then cannot see), else nothing. */
export function timingNotice(coverage: any): HTMLElement | null {
  const warning = coverage?.transferFields?.warning;
  return warning ? h('p', { id: 'timing-coverage', class: 'warning-box', role: 'alert' }, `Warning: ${warning}`) : null;
}

/** The run page charts: risk score distribution, cluster sizes, and actions per cluster size. */
export async function runCharts(runBase: string): Promise<HTMLElement> {
  const d = await api('GET', `${runBase}/distributions`);
  const riskCats = Array.from({ length: 10 }, (_, i) => `${i * 10}-${i === 9 ? 100 : i * 10 + 9}`);
  const risk = riskCats.map((_, i) => d.riskBuckets.find((b: any) => b.bucket === i)?.wallets ?? 0);
  const sizes = d.clusterSizes.map((s: any) => String(s.size));
  const actionSizes = [...new Set<number>(d.actionsByClusterSize.map((a: any) => a.size))].sort((a, b) => a - b);
  const sizeLabel = (s: number) => (s === 0 ? 'none' : String(s));
  return h(
    'section',
    { 'aria-labelledby': 'charts-h', id: 'run-charts' },
    h('h2', { id: 'charts-h' }, 'Pictures of the run'),
    h(
      'div',
      { class: 'charts' },
      stackedBars('chart-risk', 'Wallets by risk score', riskCats, [
        { name: 'wallets', color: '#1d4ed8', values: risk },
      ]),
      stackedBars('chart-sizes', 'Clusters by size (members)', sizes, [
        { name: 'clusters', color: '#7c3aed', values: d.clusterSizes.map((s: any) => s.clusters) },
      ]),
      stackedBars(
        'chart-actions',
        'Recommended actions by cluster size (none = not clustered)',
        actionSizes.map(sizeLabel),
        ACTIONS.map((action) => ({
          name: action,
          color: ACTION_COLORS[action],
          values: actionSizes.map(
            (s) => d.actionsByClusterSize.find((a: any) => a.size === s && a.action === action)?.wallets ?? 0,
          ),
        })),
      ),
    ),
  );
}

/** The campaign page chart: flagged wallets (manual review, reject) per completed run, oldest first. */
export function flaggedAcrossRuns(runs: any[]): HTMLElement {
  const done = runs.filter((r) => r.status === 'completed' && r.counts).reverse();
  return h(
    'section',
    { 'aria-labelledby': 'trend-h', id: 'campaign-trend' },
    h('h3', { id: 'trend-h' }, 'Flagged wallets across runs'),
    done.length
      ? lines(
          'chart-flagged',
          'Flagged wallets per completed run (oldest first)',
          done.map((_, i) => `run ${i + 1}`),
          [
            {
              name: 'manual_review',
              color: ACTION_COLORS.manual_review,
              values: done.map((r) => r.counts.manual_review ?? 0),
            },
            { name: 'reject', color: ACTION_COLORS.reject, values: done.map((r) => r.counts.reject ?? 0) },
          ],
        )
      : h('p', { class: 'muted' }, 'No completed run yet.'),
  );
}
