/** CLI commands `transfers import` and `labels import` with a progress bar and a row report. */
import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { CliCommand, CliRunArgs } from './command.ts';
import { CHAINS } from '../core/chains.ts';
import { importLabels, type ImportCounts } from '../imports/transfer-import.ts';
import { storeTransfers } from '../imports/store-transfers.ts';

const chainNames = CHAINS.map((c) => c.toLowerCase());

function checkFileAndChain(values: Record<string, any>, positionals: string[]): void {
  if (!chainNames.includes(String(values.chain).toLowerCase()))
    throw new Error(`--chain must be one of ${CHAINS.join(', ')}`);
  if (!fs.existsSync(positionals[0])) throw new Error(`no such file: ${positionals[0]}`);
}

function progressBar(a: CliRunArgs): {
  update: (bytes: number, total: number, c: ImportCounts) => void;
  stop: () => void;
} {
  const bar = new cliProgress.SingleBar(
    {
      format: '{bar} {percentage}% | {value}/{total} MB | {rate} rows/s | read {read} kept {kept} rejected {rejected}',
      stream: process.stderr,
      noTTYOutput: false,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const t0 = performance.now();
  return {
    update(bytes, total, c) {
      const mb = (n: number): number => Math.round(n / 1e5) / 10;
      if (!started) {
        bar.start(mb(total), 0, { read: 0, kept: 0, rejected: 0, rate: 0 });
        started = true;
      }
      const rate = Math.round(c.read / Math.max(0.001, (performance.now() - t0) / 1000));
      bar.update(mb(bytes), { read: c.read, kept: c.kept, rejected: c.rejected, rate });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function report(a: CliRunArgs, what: string, c: ImportCounts): number {
  a.io.out(
    `${what}: read ${c.read}, kept ${c.kept}, new ${c.inserted} (already stored ${c.kept - c.inserted}), rejected ` +
      `${c.rejected}`,
  );
  for (const r of c.rejects) a.io.err(`  rejected line ${r.line}: ${r.reason}`);
  if (c.rejected > c.rejects.length) a.io.err(`  ... and ${c.rejected - c.rejects.length} more rejected rows`);
  a.io.out(JSON.stringify({ read: c.read, kept: c.kept, inserted: c.inserted, rejected: c.rejected }));
  return c.kept === 0 && c.read > 0 ? 1 : 0;
}

export const importCommands: CliCommand[] = [
  {
    name: 'transfers import',
    usage: '<file> --chain <Chain> [--source <name>]',
    summary: 'Import transfer relations (CSV, CSV.gz or NDJSON) into the transfer store',
    details:
      'Columns: from,to (aliases from_address/sender, to_address/receiver/recipient); optional chain, tx_hash ' +
      '(hash), block_time (timestamp, unix seconds or ISO), amount (value), asset (token, symbol, kind). Rows ' +
      'are validated per chain family; re-importing a file adds nothing twice. See docs/data-import.md.',
    options: { chain: { type: 'string' }, source: { type: 'string' } },
    positionals: ['file'],
    required: ['chain'],
    check: checkFileAndChain,
    async run(a) {
      const s = await a.admin();
      const bar = progressBar(a);
      try {
        const counts = await storeTransfers(s, {
          file: a.positionals[0],
          chain: a.values.chain,
          source: a.values.source ?? `import:${path.basename(a.positionals[0])}`,
          onProgress: bar.update,
        });
        bar.stop();
        return report(a, 'transfers', counts);
      } finally {
        bar.stop();
        await s.close();
      }
    },
  },
  {
    name: 'labels import',
    usage: '<file> --chain <Chain> [--kind infrastructure|exception] [--source <name>]',
    summary: 'Import address labels: known infrastructure (exchanges, contracts, bridges ...) or exceptions',
    details:
      'Columns: address,list. Infrastructure links are neutralised (kept as evidence, never join a cluster); ' +
      'exceptions are never treated as hubs.',
    options: { chain: { type: 'string' }, kind: { type: 'string' }, source: { type: 'string' } },
    positionals: ['file'],
    required: ['chain'],
    check: (v, p) => {
      checkFileAndChain(v, p);
      if (v.kind !== undefined && !['infrastructure', 'exception'].includes(v.kind))
        throw new Error('--kind must be infrastructure or exception');
    },
    async run(a) {
      const s = await a.admin();
      const bar = progressBar(a);
      try {
        const counts = await importLabels(
          {
            file: a.positionals[0],
            chain: a.values.chain,
            kind: a.values.kind ?? 'infrastructure',
            source: a.values.source ?? `import:${path.basename(a.positionals[0])}`,
            onProgress: bar.update,
          },
          (rows) => s.run('labels.insert', { rows }),
        );
        bar.stop();
        return report(a, 'labels', counts);
      } finally {
        bar.stop();
        await s.close();
      }
    },
  },
];
