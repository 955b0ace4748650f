/**
 * bench:pipeline — 100k wallets with synthetic transfers (the reference planted-cluster graph), submitted over
 * HTTP and polled to completed, on the embedded store and on PostgreSQL: seconds from submit to completed, rows
 * stored per second, peak RSS. Usage: npm run bench:pipeline [-- --wallets 100000 --store embedded|postgres|both]
 */
import { parseArgs } from 'node:util';
import { loadSyntheticTransfers, openBenchStack, submitAndWait } from './lib/bench-stack.ts';

const { values } = parseArgs({
  options: {
    wallets: { type: 'string', default: '100000' },
    store: { type: 'string', default: 'both' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('usage: npm run bench:pipeline -- [--wallets 100000] [--store embedded|postgres|both]');
  process.exit(0);
}
const wallets = Number(values.wallets);
const kinds = values.store === 'both' ? (['embedded', 'postgres'] as const) : [values.store as 'embedded' | 'postgres'];

const rows: Array<Record<string, number | string>> = [];
for (const kind of kinds) {
  const stack = await openBenchStack(kind);
  try {
    const loaded = await loadSyntheticTransfers(stack.store, wallets, 42);
    const run = await submitAndWait(stack, loaded.wallets);
    if (run.status.status !== 'completed')
      throw new Error(`run ${run.status.status}: ${JSON.stringify(run.status.error)}`);
    const s = run.status.summary;
    const stored = s.wallets + s.clusters + s.evidenceItems;
    rows.push({
      store: kind,
      wallets,
      transfers: loaded.transfers,
      importSeconds: +loaded.seconds.toFixed(1),
      submitSeconds: +run.submitSeconds.toFixed(2),
      submitToCompletedSeconds: +run.totalSeconds.toFixed(2),
      engineAndLoadSeconds: +Number(s.seconds).toFixed(2),
      clusters: s.clusters,
      flagged: s.actions.manual_review + s.actions.reject,
      rowsStored: stored,
      rowsStoredPerSecond: Math.round(stored / run.totalSeconds),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    });
    console.error(`${kind}: completed in ${run.totalSeconds.toFixed(1)} s`);
  } finally {
    await stack.close();
  }
}
console.table(rows);
console.log(JSON.stringify({ bench: 'pipeline', results: rows }));
process.exit(0);
