/**
 * bench:quality — the engine on Hop Protocol's airdrop (../shared/datasets/hop-airdrop): campaign-wallets.txt as
 * the wallet list, transfers.csv.gz as transfers, hubs.csv as infrastructure labels and hub-exceptions.csv as
 * exceptions. Wallets the engine flags (manual_review or reject) are scored against Hop's eliminated list,
 * over all campaign wallets and over those with at least one edge, next to Hop's own method computed in the same
 * run (hub-free connected components with at least 8 campaign wallets). Last line: one JSON object.
 * Usage: npm run bench:quality [-- --threads 2]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { analyze, createEnginePool, actionFor, type EngineInput } from '../engine/index.ts';
import { UnionFind } from '../engine/union-find.ts';

const DATA = path.resolve(import.meta.dirname, '../../shared/datasets/hop-airdrop');
const { values } = parseArgs({
  options: { threads: { type: 'string', default: '2' }, diagnose: { type: 'boolean' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(
    'usage: npm run bench:quality -- [--threads 2] [--diagnose]\n  --diagnose  also print eliminated/kept wallets ' +
      'per cluster size, listed share and risk band',
  );
  process.exit(0);
}

const lines = (file: string): string[] => {
  const buf = fs.readFileSync(path.join(DATA, file));
  return (file.endsWith('.gz') ? zlib.gunzipSync(buf) : buf)
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
};
const t0 = performance.now();
const wallets = [...new Set(lines('campaign-wallets.txt').map((a) => a.toLowerCase()))];
const eliminated = new Set(
  lines('eliminatedSybilAttackers.csv')
    .slice(1)
    .map((l) => l.split(',')[0].toLowerCase()),
);
const hubs = new Map(
  lines('hubs.csv')
    .slice(1)
    .map((l) => {
      const [a, list] = l.split(',');
      return [a.toLowerCase(), list] as [string, string];
    }),
);
const exceptions = new Set(
  lines('hub-exceptions.csv')
    .slice(1)
    .map((l) => l.split(',')[0].toLowerCase()),
);
const rows = lines('transfers.csv.gz');
const header = rows[0].split(',');
const fi = header.indexOf('from');
const ti = header.indexOf('to');
const addresses: string[] = [];
const index = new Map<string, number>();
const id = (a: string): number => {
  let i = index.get(a);
  if (i === undefined) {
    i = addresses.length;
    index.set(a, i);
    addresses.push(a);
  }
  return i;
};
const from = new Uint32Array(rows.length - 1);
const to = new Uint32Array(rows.length - 1);
for (let r = 1; r < rows.length; r++) {
  const c = rows[r].split(',');
  from[r - 1] = id(c[fi].toLowerCase());
  to[r - 1] = id(c[ti].toLowerCase());
}
const loadSeconds = (performance.now() - t0) / 1000;
console.error(
  `loaded ${wallets.length} wallets, ${from.length} transfers, ${hubs.size} hubs in ${loadSeconds.toFixed(1)} s`,
);

const input: EngineInput = {
  chainFamily: 'evm',
  wallets: wallets.map((address) => ({ address })),
  transfers: { addresses, from, to },
  labels: { infrastructure: hubs, exceptions },
};
const pool = createEnginePool({ maxThreads: Number(values.threads) });
const rssBefore = process.memoryUsage().rss;
const t1 = performance.now();
const result = await analyze(input, {
  mode: 'onchain',
  preset: 'balanced',
  seed: 42,
  pool,
  onProgress: (p) => console.error(`  ${p.phase} ${p.done}/${p.total}`),
});
const engineSeconds = (performance.now() - t1) / 1000;
await pool.destroy();

// Hop's method: hub-free connected components with at least 8 campaign wallets
const isHub = (a: string): boolean => hubs.has(a) && !exceptions.has(a);
const uf = new UnionFind(addresses.length);
for (let i = 0; i < from.length; i++)
  if (!isHub(addresses[from[i]]) && !isHub(addresses[to[i]])) uf.union(from[i], to[i]);
const campaignInComp = new Map<number, number>();
for (const w of wallets) {
  const n = index.get(w);
  if (n !== undefined) {
    const r = uf.find(n);
    campaignInComp.set(r, (campaignInComp.get(r) ?? 0) + 1);
  }
}
const baselineFlag = new Set(
  wallets.filter((w) => {
    const n = index.get(w);
    return n !== undefined && (campaignInComp.get(uf.find(n)) ?? 0) >= 8;
  }),
);

const withEdge = new Set(wallets.filter((w) => index.has(w)));
function score(
  flagged: Set<string>,
  universe: string[],
): { precision: number; recall: number; f1: number; flagged: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const w of universe) {
    const f = flagged.has(w);
    const s = eliminated.has(w);
    if (f && s) tp++;
    else if (f) fp++;
    else if (s) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return {
    precision: r4(precision),
    recall: r4(recall),
    f1: r4(precision + recall ? (2 * precision * recall) / (precision + recall) : 0),
    flagged: tp + fp,
  };
}
const table: Array<Record<string, string | number>> = [];
const figures: Record<string, unknown> = {};
const universes = { all: wallets, withEdge: wallets.filter((w) => withEdge.has(w)) };
const methods: Record<string, Set<string>> = { 'hop-baseline': baselineFlag };
for (const preset of ['conservative', 'balanced', 'strict'] as const) {
  methods[`engine-${preset}`] = new Set(
    result.wallets.filter((w) => actionFor(preset, w.riskScore) !== 'approve').map((w) => w.address),
  );
}
for (const [method, flagged] of Object.entries(methods)) {
  for (const [u, list] of Object.entries(universes)) {
    const s = score(flagged, list);
    table.push({ method, wallets: u, universe: list.length, ...s });
    figures[`${method}:${u}`] = s;
  }
}
console.table(table);
if (values.diagnose) {
  const band = (x: number, edges: number[]): string => {
    let i = 0;
    while (i < edges.length && x >= edges[i]) i++;
    return i === 0 ? `<${edges[0]}` : i === edges.length ? `>=${edges[i - 1]}` : `${edges[i - 1]}-${edges[i]}`;
  };
  const cells = new Map<string, { clusters: number; eliminated: number; kept: number }>();
  for (const c of result.clusters) {
    const key =
      `size ${band(c.members.length, [5, 8, 15, 30, 100])} | share ` +
      `${band(c.support.listedShare, [0.05, 0.1, 0.2, 0.3, 0.5])} | risk ${band(c.riskScore, [30, 35, 40, 45, 60])}`;
    const cell = cells.get(key) ?? { clusters: 0, eliminated: 0, kept: 0 };
    cell.clusters++;
    for (const m of c.members)
      if (eliminated.has(m)) cell.eliminated++;
      else cell.kept++;
    cells.set(key, cell);
  }
  console.table([...cells].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([key, v]) => ({ key, ...v })));
}
const bal = figures['engine-balanced:withEdge'] as { precision: number; f1: number };
const base = figures['hop-baseline:withEdge'] as { f1: number };
const balAll = figures['engine-balanced:all'] as { f1: number };
const baseAll = figures['hop-baseline:all'] as { f1: number };
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.error(
  `goals: F1 above baseline (all ${balAll.f1} vs ${baseAll.f1}, with edge ${bal.f1} vs ${base.f1}): ` +
    `${balAll.f1 > baseAll.f1 && bal.f1 > base.f1 ? 'met' : 'MISSED'}; precision >= 0.9 with edge ` +
    `(${bal.precision}): ${bal.precision >= 0.9 ? 'met' : 'MISSED'}`,
);
console.error(
  `engine ${engineSeconds.toFixed(2)} s (load ${loadSeconds.toFixed(1)} s), peak RSS ${peakRssMb} MB ` +
    `(${Math.round(rssBefore / 1048576)} MB before the engine), clusters ${result.clusters.length}`,
);
console.log(
  JSON.stringify({
    bench: 'quality',
    dataset: 'hop-airdrop',
    wallets: wallets.length,
    transfers: from.length,
    engineSeconds: r4(engineSeconds),
    loadSeconds: r4(loadSeconds),
    peakRssMb,
    clusters: result.clusters.length,
    stats: result.stats,
    figures,
  }),
);

function r4(x: number): number {
  return Math.round(x * 10000) / 10000;
}
