/**
 * bench:parity — does a user who writes a simulated campaign to files and runs `wallet-integrity analyze` (or
 * imports the files into the service and starts a run) get the decisions bench:quality measures in memory?
 * (docs/benchmarks.md, "bench:parity"). For each seed: the engine on the in-memory input (bench:quality's
 * figures), the CLI on the written files, the CLI on the same campaign with Solana-shaped addresses (`--chain
 * Solana`), and with --service the service on the embedded store (CLI imports, HTTP run, decisions CSV). A Solana
 * campaign (`--kind blind4`) is written as it is and run with `--chain Solana` on every path.
 *
 *   npm run bench:parity -- --kind blind2 --seeds 9601 [--service] [--legit N] [--farms N] [--threads 2]
 *
 * Reports wallets whose risk score or action differs from the in-memory run, and each path's balanced
 * precision, recall, F1, legitimate wallets flagged (share) and rejected (count), scored as bench:quality scores
 * (farms built to leave no link left out of blind2's figures). Last line: one JSON object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { base58 } from '@scure/base';
import { parse } from 'csv-parse/sync';
import { actionFor, analyze, createEnginePool, type EngineInput } from '../engine/index.ts';
import { simulateCampaign, type TruthRow } from './sim/campaign-sim.ts';
import { simulateBlindCampaign } from './sim/blind-sim.ts';
import { isNoLink, simulateBlind2Campaign } from './sim/blind-sim-2.ts';
import { simulateBlind4Campaign } from './sim/blind-sim-4.ts';
import { type CampaignFiles, inputFiles, writeCampaignFiles } from './sim/campaign-files.ts';

const { values } = parseArgs({
  options: {
    kind: { type: 'string', default: 'blind2' },
    seeds: { type: 'string', default: '9601' },
    legit: { type: 'string' },
    farms: { type: 'string' },
    threads: { type: 'string', default: '2' },
    service: { type: 'boolean', default: false },
    port: { type: 'string', default: '18790' },
    help: { type: 'boolean', default: false },
  },
});
const USAGE =
  'usage: npm run bench:parity -- [--kind blind2|blind|blind4|sim] [--seeds 9601,9602] [--service] [--port 18790]\n' +
  '  [--legit N] [--farms N] [--threads 2]  (docs/benchmarks.md, "bench:parity"; use development seeds only)';
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const wholeNumbers = (v: string | undefined): boolean => v === undefined || /^\d+(,\d+)*$/.test(v);
if (
  !['blind2', 'blind', 'blind4', 'sim'].includes(values.kind!) ||
  !/^\d+(,\d+)*$/.test(values.seeds!) ||
  ![values.legit, values.farms, values.threads, values.port].every(wholeNumbers)
) {
  console.error(`bench:parity: bad arguments\n${USAGE}`);
  process.exit(2);
}
const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin/wallet-integrity.js');
type Decision = { risk: number; action: string };
type Decisions = Map<string, Decision>;

function simulate(seed: number): { sim: CampaignFiles & { input: EngineInput }; withTx: boolean } {
  const opts = {
    seed,
    legitWallets: values.legit === undefined ? undefined : Number(values.legit),
    farms: values.farms === undefined ? undefined : Number(values.farms),
  };
  if (values.kind === 'blind2') return { sim: simulateBlind2Campaign(opts), withTx: true };
  if (values.kind === 'blind') return { sim: simulateBlindCampaign(opts), withTx: true };
  if (values.kind === 'blind4') {
    const { input, truth } = simulateBlind4Campaign(opts);
    return { sim: { ...inputFiles(input, truth), input }, withTx: true };
  }
  return { sim: simulateCampaign(opts), withTx: false };
}

/** Solana-shaped names, one per EVM address and hash (a hash of it, so the same campaign maps the same way). */
const solana = {
  address: (a: string): string => base58.encode(createHash('sha256').update(`sol:${a}`).digest()),
  tx: (h: string): string => base58.encode(createHash('sha512').update(`sig:${h}`).digest()),
};

function readDecisions(file: string, back: (a: string) => string): Decisions {
  const rows = parse(fs.readFileSync(file), { columns: true }) as Array<Record<string, string>>;
  return new Map(
    rows.map((r) => [back(r.walletAddress), { risk: Number(r.riskScore), action: r.storedRecommendedAction }]),
  );
}

function cli(args: string[], env: Record<string, string> = {}): string {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`wallet-integrity ${args[0]} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  return r.stdout;
}

function analyzeFiles(dir: string, chain: string, back: (a: string) => string): Decisions {
  const out = path.join(dir, 'decisions.csv');
  const f = (n: string): string => path.join(dir, n);
  cli([
    'analyze',
    f('wallets.txt'),
    '--chain',
    chain,
    '--transfers',
    f('transfers.csv'),
    '--labels',
    f('labels.csv'),
    '--out',
    out,
    '--threads',
    values.threads!,
  ]);
  return readDecisions(out, back);
}

/** The service on a fresh embedded store: CLI imports (sent to the running server), one run over HTTP. */
async function serviceRun(dir: string, chain: string, back: (a: string) => string): Promise<Decisions> {
  const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-parity-'));
  const env = { DATA_DIR, PORT: values.port!, LOG_LEVEL: 'warn' };
  const server = spawn(process.execPath, [BIN, 'serve'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${values.port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 240) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    cli(['transfers', 'import', path.join(dir, 'transfers.csv'), '--chain', chain], env);
    cli(['labels', 'import', path.join(dir, 'labels.csv'), '--chain', chain], env);
    const key = cli(['keys', 'create', '--owner', 'parity', '--plan', 'growth'], env).trim().split('\n').pop();
    const call = async (method: string, url: string, body?: unknown): Promise<Record<string, unknown>> => {
      const r = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, unknown>;
    };
    const campaign = await call('POST', '/api/v2/campaigns', {
      name: 'parity',
      campaignType: 'airdrop',
      chain,
    });
    const wallets = fs.readFileSync(path.join(dir, 'wallets.txt'), 'utf8').split('\n').filter(Boolean);
    const runs = `/api/v2/campaigns/${campaign.id}/analyses`;
    const run = await call('POST', runs, { analysisMode: 'onchain', wallets });
    for (;;) {
      const s = await call('GET', `${runs}/${run.analysisId}`);
      if (s.status === 'failed') throw new Error(`run failed: ${JSON.stringify(s.error)}`);
      if (s.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const csv = await fetch(`${base}/api/v2/campaigns/${campaign.id}/decisions?format=csv`, {
      headers: { authorization: `Bearer ${key}` },
    }).then((r) => r.text());
    fs.writeFileSync(path.join(dir, 'service-decisions.csv'), csv);
    return readDecisions(path.join(dir, 'service-decisions.csv'), back);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

const r4 = (x: number): number => Math.round(x * 10000) / 10000;
function score(truth: TruthRow[], d: Decisions): Record<string, number> {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let legit = 0;
  let rejected = 0;
  for (const t of truth) {
    if (isNoLink(t.pattern)) continue;
    const action = d.get(t.address)?.action ?? 'missing';
    const flagged = action !== 'approve';
    if (t.role === 'farm') flagged ? tp++ : fn++;
    else {
      legit++;
      if (flagged) fp++;
      if (action === 'reject') rejected++;
    }
  }
  const p = tp / Math.max(1, tp + fp);
  const r = tp / Math.max(1, tp + fn);
  return {
    precision: r4(p),
    recall: r4(r),
    f1: r4(p + r > 0 ? (2 * p * r) / (p + r) : 0),
    legitFlagged: r4(fp / Math.max(1, legit)),
    legitRejected: rejected,
  };
}
function differences(a: Decisions, b: Decisions): { missing: number; riskDiffers: number; actionDiffers: number } {
  let missing = 0;
  let riskDiffers = 0;
  let actionDiffers = 0;
  for (const [w, x] of a) {
    const y = b.get(w);
    if (!y) missing++;
    else {
      if (y.risk !== x.risk) riskDiffers++;
      if (y.action !== x.action) actionDiffers++;
    }
  }
  return { missing, riskDiffers, actionDiffers };
}

const table: Array<Record<string, string | number>> = [];
const figures: Record<string, unknown> = {};
const pool = createEnginePool({ maxThreads: Number(values.threads) });
for (const seed of values.seeds!.split(',').filter(Boolean).map(Number)) {
  const { sim, withTx } = simulate(seed);
  const t0 = performance.now();
  const result = await analyze(sim.input, { mode: 'onchain', preset: 'balanced', seed: 42, pool, tuning: {} });
  // bench:quality's rule: the preset's action from the risk score
  const inMemory: Decisions = new Map(
    result.wallets.map((w) => [w.address, { risk: w.riskScore, action: actionFor('balanced', w.riskScore) }]),
  );
  const paths: Record<string, Decisions> = { 'in-memory (bench:quality)': inMemory };
  const seconds: Record<string, number> = { 'in-memory (bench:quality)': (performance.now() - t0) / 1000 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wi-parity-${values.kind}-${seed}-`));
  try {
    const timed = async (name: string, f: () => Decisions | Promise<Decisions>): Promise<void> => {
      const t = performance.now();
      paths[name] = await f();
      seconds[name] = (performance.now() - t) / 1000;
    };
    if (values.kind === 'blind4') {
      writeCampaignFiles(path.join(dir, 'solana'), sim, withTx);
      await timed('cli solana', () => analyzeFiles(path.join(dir, 'solana'), 'Solana', (a) => a));
      if (values.service)
        await timed('service embedded', () => serviceRun(path.join(dir, 'solana'), 'Solana', (a) => a));
    } else {
      const lower = (a: string): string => a.toLowerCase();
      writeCampaignFiles(path.join(dir, 'evm'), sim, withTx);
      await timed('cli evm', () => analyzeFiles(path.join(dir, 'evm'), 'Ethereum', lower));
      const back = new Map(sim.truth.map((t) => [solana.address(t.address), t.address]));
      writeCampaignFiles(path.join(dir, 'solana'), sim, withTx, solana);
      await timed('cli solana', () => analyzeFiles(path.join(dir, 'solana'), 'Solana', (a) => back.get(a) ?? a));
      if (values.service) await timed('service embedded', () => serviceRun(path.join(dir, 'evm'), 'Ethereum', lower));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const [name, d] of Object.entries(paths)) {
    const row = { set: `${values.kind} ${seed}`, path: name, ...differences(inMemory, d), ...score(sim.truth, d) };
    table.push({ ...row, seconds: r4(seconds[name]) });
    figures[`${values.kind}-${seed}:${name.split(' (')[0]}`] = row;
  }
}
await pool.destroy();
console.table(table);
console.log(JSON.stringify({ bench: 'parity', kind: values.kind, seeds: values.seeds, figures }));
