/**
 * bench:import — transfer files through the import path: read only (what `wallet-integrity analyze` does) and
 * stored (COPY into staging + one merge per segment) on the embedded store and on PostgreSQL, then the same file
 * again (idempotence: it must add nothing). Files: the Hop transfers (1.74M rows, CSV.gz) and a generated CSV
 * (5M rows by default). Rows/s end to end and peak RSS of this process (the embedded store runs inside it;
 * PostgreSQL's own memory is not counted); each measurement runs in a process of its own so that one store's memory
 * does not show in the next one's peak. Table, then one JSON line.
 * Usage: npm run bench:import [-- --rows 5000000 --files hop,generated --store embedded|postgres|both
 *   --hashes random|legacy]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openStore, type Store } from '../storage/store.ts';
import { countTransfers } from '../storage/repos/transfers-repo.ts';
import { readTransfers } from '../src/imports/transfer-import.ts';
import { bulkImportTransfers } from '../src/imports/store-transfers.ts';
// not from bench-stack.ts: that loads the whole service, which the CLI's import does not (about 15 MB of RSS)
import { PG_URL } from './lib/pg-url.ts';
import { HASH_STYLES, writeTransferFile, type HashStyle } from './lib/transfer-file.ts';

const HOP = path.resolve(import.meta.dirname, '../../shared/datasets/hop-airdrop/transfers.csv.gz');

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000000' },
    files: { type: 'string', default: 'hop,generated' },
    store: { type: 'string', default: 'both' },
    hop: { type: 'string', default: HOP },
    // the generated file's addresses and transaction hashes (benchmarks/lib/transfer-file.ts): like real ones, or
    // the legacy generator's (a shared prefix, a counter)
    hashes: { type: 'string', default: 'random' },
    help: { type: 'boolean' },
    // internal: one measurement in a child process (file, target), printed as one JSON line
    child: { type: 'string' },
    'child-file': { type: 'string' },
  },
});
if (values.help) {
  console.log(
    'usage: npm run bench:import -- [--rows 5000000] [--files hop,generated] [--store embedded|postgres|both] ' +
      '[--hop path/to/transfers.csv.gz] [--hashes random|legacy]',
  );
  process.exit(0);
}
if (!(HASH_STYLES as readonly string[]).includes(values.hashes)) {
  console.error(`--hashes must be one of ${HASH_STYLES.join(', ')}`);
  process.exit(2);
}
const hashes = values.hashes as HashStyle;
const kinds = values.store === 'both' ? (['embedded', 'postgres'] as const) : [values.store as 'embedded' | 'postgres'];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-bench-import-'));

async function freshStore(kind: 'embedded' | 'postgres'): Promise<{ store: Store; drop: () => Promise<void> }> {
  if (kind === 'embedded') {
    const dir = fs.mkdtempSync(path.join(tmp, 'pg-'));
    const store = await openStore({ dataDir: path.join(dir, 'pg') });
    await store.migrate();
    return { store, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ databaseUrl: PG_URL, schema, poolSize: 4 });
  await store.migrate();
  return {
    store,
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

type Row = Record<string, number | string>;

/** One measurement, in this (child) process: read only, or import then re-import into a fresh store. */
async function measure(target: string, file: string, name: string): Promise<Row[]> {
  const opts = { file, chain: 'Ethereum', source: `bench:${path.basename(file)}` };
  const peak = (): number => Math.round(process.resourceUsage().maxRSS / 1024);
  if (target === 'read') {
    const t0 = performance.now();
    const c = await readTransfers(opts, async (b) => b.length);
    const seconds = (performance.now() - t0) / 1000;
    const row = { rows: c.read, rejected: c.rejected, stored: '-' };
    return [{ file: name, target: 'read only (analyze)', ...row, ...rate(c.read, seconds), peakRssMb: peak() }];
  }
  const kind = target as 'embedded' | 'postgres';
  const { store, drop } = await freshStore(kind);
  const out: Row[] = [];
  try {
    for (const pass of ['import', 're-import'] as const) {
      const t0 = performance.now();
      const c = await bulkImportTransfers(store, opts);
      const seconds = (performance.now() - t0) / 1000;
      out.push({
        file: name,
        target: `${kind} ${pass}`,
        rows: c.read,
        rejected: c.rejected,
        // quality next to speed: the first pass stores every distinct row, the second adds none
        stored: `${c.inserted} new, ${await countTransfers(store.db)} in store`,
        ...rate(c.read, seconds),
        peakRssMb: peak(),
      });
    }
  } finally {
    await store.close();
    await drop();
  }
  return out;
}

const rate = (rows: number, seconds: number) => ({
  seconds: +seconds.toFixed(2),
  rowsPerSecond: Math.round(rows / seconds),
});

if (values.child) {
  try {
    console.log(JSON.stringify(await measure(values.child, values['child-file']!, values.files)));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(0);
}

const files: Array<{ name: string; file: string }> = [];
for (const f of values.files.split(',')) {
  if (f === 'hop') files.push({ name: 'hop', file: values.hop });
  else if (f === 'generated') {
    const rows = Number(values.rows);
    const file = path.join(tmp, `generated-${rows}.csv`);
    const t0 = performance.now();
    writeTransferFile(file, rows, 17, hashes);
    console.error(`generated ${rows} rows (${hashes} hashes) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    files.push({ name: `generated ${rows}${hashes === 'random' ? '' : ` (${hashes})`}`, file });
  } else throw new Error(`unknown file ${f}: hop or generated`);
}

const results: Row[] = [];
try {
  for (const { name, file } of files) {
    for (const target of ['read', ...kinds]) {
      const t0 = performance.now();
      const args = ['--import', 'tsx', import.meta.filename, '--child', target, '--child-file', file, '--files', name];
      const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      results.push(...(JSON.parse(out.trim().split('\n').at(-1)!) as Row[]));
      console.error(`${name}: ${target} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.table(results);
console.log(JSON.stringify({ bench: 'import', cpus: os.cpus().length, results }));
process.exit(0);
