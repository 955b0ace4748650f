/**
 * `wallet-integrity analyze`: the engine on files, without a server or database — a wallet list, transfer files
 * and optional infrastructure labels in, a decisions CSV and a clusters JSON out. For one-off checks and for
 * measuring the engine on your own data; the stored, reviewable runs are the API's analyses.
 */
import fs from 'node:fs';
import cliProgress from 'cli-progress';
import type { CliCommand } from './command.ts';
import { CHAINS } from '../core/chains.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { normaliseWallets, walletsFromCsv } from '../analyses/wallet-input.ts';
import { importLabels, readTransfers } from '../imports/transfer-import.ts';
import { toCsv } from '../core/csv.ts';
import {
  coverageSummary,
  NO_DATA_REASON,
  transferFieldsSummary,
  walletsWithoutTransfers,
} from '../analyses/data-coverage.ts';
import { transferUnits } from '../analyses/transfer-units.ts';
import { addressIndex } from '../../engine/address-index.ts';

const PRESETS = ['conservative', 'balanced', 'strict'];
const MODES = ['onchain', 'hybrid'];

function readWallets(file: string): Array<string | Record<string, unknown>> {
  const text = fs.readFileSync(file, 'utf8');
  const first = text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/, 1)[0]
    .trim();
  // a header line: a comma, or one word of letters shorter than any Solana address (32+ base58 characters)
  if (first.includes(',') || /^[A-Za-z_ ]{1,31}$/.test(first)) return walletsFromCsv(text);
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export const analyzeCommand: CliCommand = {
  name: 'analyze',
  usage:
    '<wallets file> --chain <Chain> --transfers <file>[,<file>...] [--labels <file>] [--exceptions <file>] [--preset ' +
    'balanced] [--mode onchain|hybrid] [--out decisions.csv] [--clusters clusters.json] [--threads 2]',
  summary: 'Run the clustering engine on files (no server, no database): decisions CSV and clusters JSON',
  details:
    'The wallet list is one address per line, or CSV with a wallet, walletAddress or address column and optional ' +
    'wallet-input columns (policyAction, referrerAddress, referralCode, campaignEventType ...). Transfers and ' +
    'labels use the formats of `transfers import` and `labels import` (docs/data-import.md). Prints a summary; ' +
    "writes every wallet's decision to --out and the clusters with their evidence to --clusters.",
  options: {
    chain: { type: 'string' },
    transfers: { type: 'string' },
    labels: { type: 'string' },
    exceptions: { type: 'string' },
    preset: { type: 'string' },
    mode: { type: 'string' },
    out: { type: 'string' },
    clusters: { type: 'string' },
    threads: { type: 'string' },
  },
  positionals: ['wallets file'],
  required: ['chain', 'transfers'],
  check(v, p) {
    if (!CHAINS.map((c) => c.toLowerCase()).includes(String(v.chain).toLowerCase()))
      throw new Error(`--chain must be one of ${CHAINS.join(', ')}`);
    if (v.preset !== undefined && !PRESETS.includes(v.preset))
      throw new Error(`--preset must be one of ${PRESETS.join(', ')}`);
    if (v.mode !== undefined && !MODES.includes(v.mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}`);
    if (v.threads !== undefined && !/^([1-9]|[1-5][0-9]|6[0-4])$/.test(v.threads))
      throw new Error('--threads must be a whole number from 1 to 64');
    for (const f of [p[0], ...String(v.transfers).split(','), v.labels, v.exceptions])
      if (f !== undefined && !fs.existsSync(f)) throw new Error(`no such file: ${f}`);
  },
  async run(a) {
    const chain = CHAINS.find((c) => c.toLowerCase() === String(a.values.chain).toLowerCase())!;
    const family = chainFamily(chain);
    const { wallets, duplicates } = normaliseWallets(family, readWallets(a.positionals[0]), 5_000_000);
    a.io.err(`wallets: ${wallets.length} (${duplicates} duplicates dropped)`);

    const index = addressIndex();
    const { addresses } = index;
    // a copy (addresses are ASCII): the one read is a slice of a decoded file chunk, whose whole text V8 keeps alive
    // as long as the slice lives
    const id = (s: string): number => index.lookup(s) ?? index.id(Buffer.from(s, 'latin1').toString('latin1'));
    const from: number[] = [];
    const to: number[] = [];
    const times: number[] = [];
    const amounts: number[] = [];
    // transaction hashes as dictionary ids (0: none): one transaction paying many listed wallets is a batch
    const txIds: number[] = [];
    const txIndex = addressIndex(); // the same dictionary, ids + 1
    const units = transferUnits();
    const txId = (h: string | null): number =>
      h ? (txIndex.lookup(h) ?? txIndex.id(Buffer.from(h, 'latin1').toString('latin1'))) + 1 : 0;
    for (const file of String(a.values.transfers).split(',')) {
      const readStart = performance.now();
      const counts = await readTransfers({ file, chain, source: 'cli' }, async (b) => {
        for (let i = 0; i < b.length; i++) {
          from.push(id(b.from[i]));
          to.push(id(b.to[i]));
          const t = b.blockTime[i];
          const v = b.amount[i];
          times.push(t ?? Number.NaN);
          amounts.push(v === null ? Number.NaN : Number(v));
          txIds.push(txId(b.txHash[i]));
          units.add(b.chain[i], b.asset[i]);
        }
        return b.length;
      });
      const readSeconds = (performance.now() - readStart) / 1000;
      a.io.err(
        `transfers ${file}: read ${counts.read}, kept ${counts.kept}, rejected ${counts.rejected} in ` +
          `${readSeconds.toFixed(2)} s (${Math.round(counts.read / Math.max(readSeconds, 1e-3))} rows/s)`,
      );
      for (const r of counts.rejects.slice(0, 5)) a.io.err(`  rejected line ${r.line}: ${r.reason}`);
    }
    const infrastructure = new Map<string, string>();
    const exceptions = new Set<string>();
    for (const [file, kind] of [
      [a.values.labels, 'infrastructure'],
      [a.values.exceptions, 'exception'],
    ] as const) {
      if (!file) continue;
      const counts = await importLabels({ file, chain, source: 'cli', kind }, async (rows) => {
        for (const r of rows as Array<{ address: string; list: string }>) {
          if (kind === 'exception') exceptions.add(r.address);
          else if (!infrastructure.has(r.address)) infrastructure.set(r.address, r.list);
        }
        return rows.length;
      });
      a.io.err(`${kind} labels ${file}: read ${counts.read}, kept ${counts.kept}, rejected ${counts.rejected}`);
    }

    const engine = await import('../../engine/index.ts');
    const pool = engine.createEnginePool({ maxThreads: Number(a.values.threads ?? 2) });
    const bar = new cliProgress.SingleBar(
      { format: '{bar} {phase} {value}/{total}', stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(1, 0, { phase: 'starting' });
    const started = performance.now();
    const without = new Set(
      walletsWithoutTransfers(
        wallets.map((w) => w.address),
        { addresses, from, to },
      ),
    );
    try {
      const result = await engine.analyze(
        {
          chainFamily: family,
          wallets,
          transfers: {
            addresses,
            from: Uint32Array.from(from),
            to: Uint32Array.from(to),
            blockTime: Float64Array.from(times),
            amount: Float64Array.from(amounts),
            ...(txIndex.addresses.length > 0 ? { txId: Uint32Array.from(txIds) } : {}),
            ...units.arrays(),
          },
          labels: { infrastructure, exceptions },
        },
        {
          mode: (a.values.mode ?? 'onchain') as 'onchain',
          preset: (a.values.preset ?? 'balanced') as 'balanced',
          seed: 42,
          pool,
          onProgress: (p) => {
            bar.setTotal(Math.max(1, p.total));
            bar.update(p.done, { phase: p.phase });
          },
        },
      );
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      const actions: Record<string, number> = { approve: 0, manual_review: 0, reject: 0 };
      for (const w of result.wallets) actions[w.storedRecommendedAction]++;
      const lacking = result.wallets.filter((w) => w.storedRecommendedAction === 'approve' && without.has(w.address));
      for (const w of lacking) w.reasons = [...w.reasons, NO_DATA_REASON];
      const dataCoverage = coverageSummary(wallets.length, without.size, lacking.length);
      const transferFields = transferFieldsSummary(times.length, times, amounts, txIds);
      const show = (s: string): string => displayAddress(family, s);
      if (a.values.out) {
        fs.writeFileSync(
          a.values.out,
          toCsv(
            [
              'walletAddress',
              'clusterLabel',
              'riskScore',
              'storedStatus',
              'storedRecommendedAction',
              'operatorPolicyAction',
              'reasons',
            ],
            result.wallets.map((w) => [
              show(w.address),
              w.clusterLabel ?? '',
              w.riskScore,
              w.storedStatus,
              w.storedRecommendedAction,
              w.policyAction ?? '',
              w.reasons.join('; '),
            ]),
          ),
        );
      }
      if (a.values.clusters) {
        fs.writeFileSync(
          a.values.clusters,
          JSON.stringify(
            result.clusters.map((c) => ({
              ...c,
              members: c.members.map(show),
              evidence: c.evidence.map((e) => ({ ...e, addresses: e.addresses.map(show) })),
            })),
            null,
            1,
          ),
        );
      }
      a.io.out(
        `analyzed ${wallets.length} wallets and ${from.length} transfers in ${seconds.toFixed(2)} s: ` +
          `${result.clusters.length} clusters, ${result.stats.clusteredWallets} clustered wallets; approve ` +
          `${actions.approve}, manual_review ${actions.manual_review}, reject ${actions.reject}`,
      );
      a.io.out(
        `transfer data for ${dataCoverage.withTransferData} of ${wallets.length} wallets` +
          (dataCoverage.warning ? ` (warning: ${dataCoverage.warning})` : ''),
      );
      if (dataCoverage.warning) a.io.err(`warning: ${dataCoverage.warning}`);
      if (transferFields.warning) a.io.err(`warning: ${transferFields.warning}`);
      a.io.out(
        JSON.stringify({
          wallets: wallets.length,
          transfers: from.length,
          seconds: Math.round(seconds * 100) / 100,
          clusters: result.clusters.length,
          actions,
          dataCoverage,
          transferFields,
          out: a.values.out ?? null,
          clustersFile: a.values.clusters ?? null,
        }),
      );
      return 0;
    } finally {
      bar.stop();
      await pool.destroy();
    }
  },
};
