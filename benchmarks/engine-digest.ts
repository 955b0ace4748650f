/**
 * engine-digest — does a change leave the engine's output as it was? Runs analyze() (2 pool threads, started first,
 * as bench:engine has them) on one input and prints a SHA-256 of every cluster, every wallet decision and the stats,
 * serialised one at a time (a million wallets never form one string). Run it before and after a change on the same
 * input: equal digests, equal output. Inputs: the reference graphs of bench:engine (`plain` or `hard`, any size the
 * generator makes) and the campaign simulator (`sim`: block times, amounts, labels; `--hybrid` for the hybrid mode).
 * Usage: npm run bench:digest -- --input hard --size 1000000
 *        npm run bench:digest -- --input sim --seed 101 [--legit 60000] [--hybrid] [--world]
 *        npm run bench:digest -- --input hard --size 1000000 --per-node 6   (bench:engine's shapes, graph-shapes.ts)
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { readGraphFiles } from './lib/synthetic-chain.ts';
import { graphEngineInput, startPoolThreads } from './lib/engine-input.ts';
import { hardVariant } from './lib/hard-graph.ts';
import { parseShape, shapedGraphFiles } from './lib/graph-shapes.ts';
import { simulateCampaign } from './sim/campaign-sim.ts';
import { analyze, createEnginePool, type EngineInput } from '../engine/index.ts';

const { values } = parseArgs({
  options: {
    input: { type: 'string', default: 'hard' },
    size: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    legit: { type: 'string', default: '12000' },
    hybrid: { type: 'boolean', default: false },
    world: { type: 'boolean', default: false },
    threads: { type: 'string', default: '2' },
    triangles: { type: 'string', default: '0.05' },
    'per-node': { type: 'string', default: '3' },
    noise: { type: 'string', default: '0.2' },
    'cluster-sizes': { type: 'string', default: 'uniform' },
    hubs: { type: 'string', default: '0' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(
    [
      'usage: npm run bench:digest -- [--input plain|hard|sim] [--size 100000] [--seed 1] [--legit 12000] [--hybrid] ' +
        '[--world]',
      '  --input   plain or hard: the reference graph of bench:engine of --size wallets; sim: the campaign simulator',
      '  --seed    the simulator seed; --legit its legitimate wallets (60000: a graph large enough for the pool path)',
      '  --world   the simulator with its world shapes (docs/simulated-campaigns.md)',
      '  --triangles, --per-node, --noise, --cluster-sizes, --hubs: the graph shapes of bench:engine (its defaults)',
      '  prints one JSON line with a SHA-256 of every cluster, wallet decision and the stats',
    ].join('\n'),
  );
  process.exit(0);
}

const triangles = Number(values.triangles);
if (!(triangles >= 0 && triangles <= 1)) {
  console.error('--triangles takes a share between 0 and 1');
  process.exit(2);
}
const shape = parseShape({
  perNode: values['per-node'],
  noise: values.noise,
  clusterSizes: values['cluster-sizes'],
  hubs: values.hubs,
});

function graphInput(variant: 'plain' | 'hard', size: number): EngineInput {
  const seed = size === 1_000_000 ? 43 : 42;
  let prefix = shapedGraphFiles(size, seed, shape);
  if (variant === 'hard') prefix = hardVariant(prefix, triangles, seed);
  return graphEngineInput(readGraphFiles(prefix, size));
}

const input =
  values.input === 'sim'
    ? simulateCampaign({ seed: Number(values.seed), legitWallets: Number(values.legit), world: values.world }).input
    : graphInput(values.input === 'plain' ? 'plain' : 'hard', Number(values.size));
const threads = Number(values.threads);
const pool = createEnginePool({ maxThreads: threads });
await startPoolThreads(pool, threads);
const result = await analyze(input, { mode: values.hybrid ? 'hybrid' : 'onchain', preset: 'balanced', seed: 42, pool });
await pool.destroy();
const hash = createHash('sha256');
for (const c of result.clusters) hash.update(JSON.stringify(c)).update('\n');
for (const w of result.wallets) hash.update(JSON.stringify(w)).update('\n');
hash.update(JSON.stringify(result.stats));
console.log(
  JSON.stringify({
    input: values.input,
    size: values.input === 'sim' ? input.wallets.length : Number(values.size),
    seed: values.input === 'sim' ? Number(values.seed) : undefined,
    hybrid: values.hybrid,
    clusters: result.clusters.length,
    wallets: result.wallets.length,
    digest: hash.digest('hex'),
  }),
);
