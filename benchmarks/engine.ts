/**
 * bench:engine — the clustering engine alone on the reference planted-cluster graphs
 * (../shared/bench/wallet-graph-gen.cjs: 100k wallets / 300k edges seed 42, 1M / 3M seed 43), every node a listed
 * wallet, 2 engine threads. Prints build (graph from transfers), detect (components, backbone, Louvain) and their
 * total — the figure comparable with igraph's load + detect — then evidence-and-decisions and end-to-end seconds,
 * peak RSS and NMI/ARI against the planted clusters; the last line is one JSON object. Each size runs in its own
 * process so peak RSS is its own.
 * Usage: npm run bench:engine [-- --sizes 100000,1000000 --threads 2]
 */
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { syntheticGraph, nodeAddress } from './lib/synthetic-chain.ts';
import { partitionQuality } from './lib/partition-quality.ts';
import {
  buildWalletGraph,
  createEnginePool,
  decide,
  detectGroups,
  DEFAULT_TUNING,
  type EngineInput,
  type EngineOptions,
} from '../engine/index.ts';

const SEEDS: Record<number, number> = { 100000: 42, 1000000: 43 };
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    threads: { type: 'string', default: '2' },
    one: { type: 'string' },
    'louvain-only': { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(
    'usage: npm run bench:engine -- [--sizes 100000,1000000] [--threads 2] [--louvain-only]\n  --louvain-only  no ' +
      'backbone pruning: Louvain alone splits the giant component (slower, for comparison)',
  );
  process.exit(0);
}
const tuning = { ...DEFAULT_TUNING, backbonePruning: !values['louvain-only'] };

if (values.one) {
  console.log(JSON.stringify(await runOne(Number(values.one), Number(values.threads))));
  process.exit(0);
}

const rows: Array<Record<string, number | string>> = [];
for (const size of values.sizes.split(',').map(Number)) {
  console.error(`engine bench: ${size} wallets ...`);
  const out = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      '--one',
      String(size),
      '--threads',
      values.threads,
      ...(values['louvain-only'] ? ['--louvain-only'] : []),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
  );
  rows.push(JSON.parse(out.trim().split('\n').pop()!));
}
console.table(rows);
const goal = rows.find((r) => r.wallets === 1000000);
if (goal)
  console.error(
    `1M goals: total (build + detect) <= 10 s: ${Number(goal.totalSeconds) <= 10 ? 'met' : 'MISSED'} (end to end ` +
      `with evidence and decisions ${goal.endToEndSeconds} s), peak RSS <= 2048 MB: ` +
      `${Number(goal.peakRssMb) <= 2048 ? 'met' : 'MISSED'}, NMI >= 0.95: ` +
      `${Number(goal.nmi) >= 0.95 ? 'met' : 'MISSED'}`,
  );
console.log(
  JSON.stringify({
    bench: 'engine',
    threads: Number(values.threads),
    backbonePruning: tuning.backbonePruning,
    results: rows,
  }),
);

async function runOne(size: number, threads: number): Promise<Record<string, number | string>> {
  const seed = SEEDS[size] ?? 42;
  const graph = syntheticGraph(size, seed);
  const addresses = Array.from({ length: size }, (_, i) => nodeAddress(i));
  const input: EngineInput = {
    chainFamily: 'evm',
    wallets: addresses.map((address) => ({ address })),
    transfers: { addresses, from: graph.from, to: graph.to },
    labels: { infrastructure: new Map(), exceptions: new Set() },
  };
  const pool = createEnginePool({ maxThreads: threads });
  const options: EngineOptions = { mode: 'onchain', preset: 'balanced', seed: 42, pool };
  const t0 = performance.now();
  const g = buildWalletGraph(input, tuning, false);
  const t1 = performance.now();
  const grouping = await detectGroups(g, tuning, pool, 42);
  const t2 = performance.now();
  const result = decide(g, grouping, input, options, tuning);
  const t3 = performance.now();
  await pool.destroy();
  const found = new Int32Array(size).fill(-1);
  const labelIndex = new Map(result.clusters.map((c, i) => [c.label, i]));
  result.wallets.forEach((w, i) => {
    if (w.clusterLabel) found[i] = labelIndex.get(w.clusterLabel)!;
  });
  const q = partitionQuality(graph.labels, found);
  const flagged = result.wallets.filter((w) => w.storedRecommendedAction !== 'approve').length;
  return {
    wallets: size,
    edges: graph.from.length,
    seed,
    buildSeconds: sec(t1 - t0),
    detectSeconds: sec(t2 - t1),
    totalSeconds: sec(t2 - t0),
    evidenceAndDecisionsSeconds: sec(t3 - t2),
    endToEndSeconds: sec(t3 - t0),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    nmi: +q.nmi.toFixed(4),
    ari: +q.ari.toFixed(4),
    planted: new Set(graph.labels).size,
    clusters: result.clusters.length,
    flagged,
    louvainComponents: Number(grouping.stats.louvainComponents),
    prunedEdges: grouping.stats.prunedEdges,
  };
}

function sec(ms: number): number {
  return +(ms / 1000).toFixed(2);
}
