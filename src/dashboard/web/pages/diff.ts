/** The decision diff of two runs as a table (descriptive only). */
import { h, table } from '../dom.ts';

const cell = (v: any): string =>
  v ? `${v.storedRecommendedAction} (${v.riskScore})${v.clusterLabel ? ` · ${v.clusterLabel}` : ''}` : '—';

export function diffTable(d: any): HTMLElement {
  return h(
    'div',
    {},
    h(
      'p',
      {},
      `${d.changes.length}${d.pagination.hasMore ? '+' : ''} changed wallets between ${d.analysisId} and ` +
        `${d.compareTo}. Descriptive only: no decision is rewritten.`,
    ),
    table(
      'Decision changes',
      ['Wallet', 'Change', 'Fields', d.analysisId, d.compareTo],
      d.changes.map((c: any) => [
        h('code', {}, c.walletAddress),
        c.change.replaceAll('_', ' '),
        c.changedFields.join(', ') || '—',
        cell(c.analysis),
        cell(c.compareTo),
      ]),
      { id: 'diff-table' },
    ),
  );
}
