/**
 * Direct-transfer evidence kept as typed arrays (engine/evidence/direct-pairs.ts) and a cluster's kept evidence made
 * when read (engine/evidence/kept-evidence.ts): the items must be, byte for byte, those the engine made as objects
 * before (one object per member pair, then the per-lane cap of analyze.ts), which this file rebuilds the old way.
 */
import t from 'tap';
import {
  analyze,
  buildWalletGraph,
  createEnginePool,
  DEFAULT_TUNING,
  type EngineCluster,
  type EvidenceItem,
} from '../../engine/index.ts';
import { DirectPairs } from '../../engine/evidence/direct-pairs.ts';
import { KeptEvidence } from '../../engine/evidence/kept-evidence.ts';
import { directConfidence } from '../../engine/evidence/scan.ts';
import { seededRng } from '../../engine/rng.ts';
import type { WalletGraph } from '../../engine/wallet-graph.ts';
import { engineInput, evm, fanOut, type Spec } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

/** 24 wallets in three groups of 8 that pay one another 1-80 times in both directions, with or without times. */
function pairsSpec(timed: boolean): Spec {
  const rng = seededRng(7);
  const wallets = Array.from({ length: 24 }, (_, i) => evm(`pair-${i}`));
  const transfers: Array<[string, string, number?]> = [];
  for (let k = 0; k < 60; k++) {
    const g = k % 3;
    const a = wallets[8 * g + Math.floor(rng() * 8)];
    const b = wallets[8 * g + Math.floor(rng() * 8)];
    if (a === b) continue;
    const times = 1 + Math.floor(rng() * 4);
    for (let x = 0; x < times; x++) transfers.push(rng() < 0.7 ? [a, b] : [b, a]);
  }
  // two busy pairs: 80 and 65 transfers (counts past the shared small ones)
  for (let x = 0; x < 80; x++) transfers.push(x % 4 === 0 ? [wallets[1], wallets[0]] : [wallets[0], wallets[1]]);
  for (let x = 0; x < 65; x++) transfers.push([wallets[9], wallets[8]]);
  // some pairs with a time, others without (NaN)
  if (timed) transfers.forEach((tr, i) => i % 3 !== 0 && (tr[2] = 1_000 + i));
  return { wallets, transfers };
}

/** The items as the engine made them before, one object per edge between two members of one cluster. */
function oldItems(g: WalletGraph, clusterOf: Int32Array, c: number): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  for (let k = 0; k < g.m; k++) {
    if (clusterOf[g.eu[k]] !== c || clusterOf[g.ev[k]] !== c) continue;
    const w = g.ew[k] | 0;
    const ab = g.ef[k] | 0;
    const time = g.eFirstTime === null ? Number.NaN : g.eFirstTime[k];
    items.push({
      lane: 'graph',
      kind: 'direct_transfer',
      confidence: directConfidence(w),
      riskBearing: true,
      addresses: [g.addresses[g.eu[k]], g.addresses[g.ev[k]]],
      data: { transfers: w, fromFirst: ab, fromSecond: (w - ab) | 0, blockTime: Number.isNaN(time) ? null : time },
    });
  }
  return items;
}

/** The per-lane cap as analyze.ts applied it to a cluster's objects, its `graphFirst` direct transfers first. */
function oldCap(items: EvidenceItem[], perLane: number): EvidenceItem[] {
  const order = (a: EvidenceItem, b: EvidenceItem): number =>
    Number(b.riskBearing) - Number(a.riskBearing) ||
    b.confidence - a.confidence ||
    b.addresses.length - a.addresses.length;
  const funding = items.filter((e) => e.lane === 'funding');
  const graph = items.filter((e) => e.lane === 'graph');
  if (funding.length > perLane) funding.sort(order).length = perLane;
  if (graph.length > perLane) graph.sort(order).length = perLane;
  return [...funding, ...graph];
}

const groupsOf = (g: WalletGraph): Int32Array => {
  // three clusters of wallets 0-7, 8-15, 16-23 (wallet 5 in none), by address
  const clusterOf = new Int32Array(g.n).fill(-1);
  for (let i = 0; i < 24; i++) if (i !== 5) clusterOf[g.addresses.indexOf(evm(`pair-${i}`))] = Math.floor(i / 8);
  return clusterOf;
};

t.test('direct pairs make the items one object per member pair was (24 wallets, 3 clusters, timed and not)', (t) => {
  for (const timed of [false, true]) {
    const g = buildWalletGraph(engineInput(pairsSpec(timed)), DEFAULT_TUNING, false);
    const clusterOf = groupsOf(g);
    const pairs = new DirectPairs(g, clusterOf, 3);
    let total = 0;
    for (let c = 0; c < 3; c++) {
      const made: EvidenceItem[] = [];
      for (let j = pairs.start[c]; j < pairs.start[c + 1]; j++) made.push(pairs.item(j));
      const old = oldItems(g, clusterOf, c);
      t.ok(old.length >= 5, `cluster ${c}: ${old.length} pairs`);
      t.equal(JSON.stringify(made), JSON.stringify(old), `cluster ${c}${timed ? ', timed' : ''}: the same items`);
      total += old.length;
    }
    t.equal(pairs.first.length, total, 'one pair per edge between two members of one cluster');
    t.ok(
      [0, 1].every((c) => oldItems(g, clusterOf, c).some((e) => (e.data.transfers as number) >= 64)),
      'a pair of 64+ transfers (its data not from the shared array)',
    );
  }
  t.end();
});

t.test('kept evidence: the old cap and order, within and over the caps (random lists, caps 1-6)', (t) => {
  const g = buildWalletGraph(engineInput(pairsSpec(true)), DEFAULT_TUNING, false);
  const clusterOf = groupsOf(g);
  const pairs = new DirectPairs(g, clusterOf, 3);
  const rng = seededRng(11);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rng() * xs.length)];
  let capped = 0;
  let within = 0;
  for (let round = 0; round < 400; round++) {
    const c = round % 3;
    const p0 = pairs.start[c];
    // some rounds without direct pairs, some with a part of the cluster's
    const p1 = round % 5 === 0 ? p0 : p0 + Math.floor(rng() * (pairs.start[c + 1] - p0 + 1));
    const objects: EvidenceItem[] = Array.from({ length: Math.floor(rng() * 9) }, (_, i) => ({
      lane: pick(['funding', 'graph'] as const),
      kind: pick(['common_funder', 'shared_counterparty', 'popular_counterparty']),
      // confidences that tie with the direct items' (0.4, 0.525, 0.65 ...) and with one another
      confidence: pick([0.3, 0.4, 0.525, 0.65, 0.9]),
      riskBearing: rng() < 0.8,
      addresses: Array.from({ length: 1 + Math.floor(rng() * 3) }, (_, a) => evm(`obj-${round}-${i}-${a}`)),
      data: { round, i },
    }));
    const perLane = 1 + Math.floor(rng() * 6);
    const direct: EvidenceItem[] = [];
    for (let j = p0; j < p1; j++) direct.push(pairs.item(j));
    const expected = oldCap([...direct, ...objects], perLane);
    const kept = KeptEvidence.keep(objects.slice(), pairs, p0, p1, perLane);
    const graphCount = direct.length + objects.filter((e) => e.lane === 'graph').length;
    if (graphCount > perLane || objects.length - graphCount + direct.length > perLane) capped++;
    else within++;
    t.equal(kept.length, expected.length, `round ${round}: ${expected.length} items`);
    t.equal(JSON.stringify(kept.items()), JSON.stringify(expected), `round ${round}: the same items in order`);
  }
  t.ok(capped > 50 && within > 50, `${capped} lists over a cap, ${within} within`);
  t.end();
});

t.test("a cluster's evidence reads as an array: JSON, a worker's result, assignment (4 clusters of 6-9)", async (t) => {
  const clusters = Array.from({ length: 4 }, (_, k) => fanOut(`kept${k}`, 6 + k));
  const spec = { wallets: clusters.flatMap((c) => c.wallets), transfers: clusters.flatMap((c) => c.transfers) };
  const r = await analyze(engineInput(spec), { mode: 'onchain', preset: 'balanced', pool, seed: 3 });
  const c: EngineCluster = r.clusters[0];
  const items = c.evidence;
  t.ok(Array.isArray(items) && items.some((e) => e.kind === 'direct_transfer'), 'an array with direct transfers');
  t.same(Object.keys(c), ['label', 'members', 'groupingBasis', 'support', 'archetype', 'riskScore', 'evidence']);
  t.same(JSON.parse(JSON.stringify(c)).evidence, items, 'JSON.stringify writes the items');
  t.same(structuredClone(c).evidence, items, 'a structured clone (a worker thread result) holds the items');
  t.equal(
    r.stats.evidenceItems,
    r.clusters.reduce((s, x) => s + x.evidence.length, 0),
    'stats count the items',
  );
  const remote = await pool.analyze(engineInput(spec), { mode: 'onchain', preset: 'balanced', seed: 3 });
  t.equal(JSON.stringify(remote.clusters), JSON.stringify(r.clusters), 'pool.analyze: the same clusters');
  c.evidence = items.slice(0, 1);
  t.equal(c.evidence.length, 1, 'an assigned list is kept');
});
