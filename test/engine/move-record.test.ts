/**
 * The first level's chunks record what they saw of each node (MoveRecord, engine/csr-louvain.ts), and the revisit
 * after them skips the nodes their record shows to stay: the partition must be the one the revisit gives reading
 * every node's edges, with less work.
 */
import t from 'tap';
import {
  csrFromEdges,
  degrees,
  localMoving,
  louvainCsr,
  MoveScratch,
  seededOrder,
  unknownRecords,
} from '../../engine/csr-louvain.ts';
import { bfsOrder, moveChunk, parallelFirstLevel, permuted } from '../../engine/parallel-louvain.ts';
import { seededRng } from '../../engine/rng.ts';
import type { CsrGraph } from '../../engine/types.ts';

/** Planted groups of 5-40 nodes with inner edges, random edges between any two, and triangles across groups. */
function plantedGraph(n: number, seed: number, noise: number): CsrGraph {
  const rng = seededRng(seed);
  const start = new Int32Array(n); // the first node of each node's group
  const end = new Int32Array(n);
  for (let u = 0; u < n; ) {
    const hi = Math.min(n, u + 5 + Math.floor(rng() * 36));
    for (let x = u; x < hi; x++) [start[x], end[x]] = [u, hi];
    u = hi;
  }
  const weight = new Map<number, number>();
  const add = (a: number, b: number): void => {
    if (a === b) return;
    const key = Math.min(a, b) * n + Math.max(a, b);
    weight.set(key, (weight.get(key) ?? 0) + 1 + Math.floor(rng() * 3)); // transfer counts: integers
  };
  for (let u = 0; u < n; u++)
    for (let j = 0; j < 3; j++)
      add(u, rng() < noise ? Math.floor(rng() * n) : start[u] + Math.floor(rng() * (end[u] - start[u])));
  for (let i = 0; i < n / 20; i++) {
    const [a, b, c] = [0, 1, 2].map(() => Math.floor(rng() * n));
    add(a, b);
    add(b, c);
    add(c, a);
  }
  const keys = [...weight.keys()].sort((a, b) => a - b);
  const u = Uint32Array.from(keys, (k) => Math.floor(k / n));
  const v = Uint32Array.from(keys, (k) => k % n);
  return csrFromEdges(
    n,
    u,
    v,
    Float64Array.from(keys, (k) => weight.get(k) ?? 0),
  );
}

const pool = { moveChunk: async (task: Parameters<typeof moveChunk>[0]) => moveChunk(task) };

t.test('the revisit with the chunks records: the same partition, fewer edges read (3000-node graphs)', async (t) => {
  let settled = 0;
  for (const [seed, noise] of [
    [1, 0.1],
    [2, 0.3],
    [3, 0.5],
  ]) {
    const g = permuted(plantedGraph(3000, seed, noise), bfsOrder(plantedGraph(3000, seed, noise)));
    let twoW = 0;
    for (let e = 0; e < g.adj.length; e++) twoW += g.w[e];
    const resolution = twoW / 48 ** 2;
    const first = await parallelFirstLevel(pool, g, resolution);
    t.ok(first.revisit.length > 0, `seed ${seed}: ${first.revisit.length} nodes to revisit`);
    const without = { partition: first.partition.slice(), revisit: first.revisit };
    const plain = louvainCsr(g, resolution, seed, without, undefined, true, false);
    const recorded = louvainCsr(g, resolution, seed, first);
    t.same(recorded.communities, plain.communities, `seed ${seed}, noise ${noise}: the same partition`);
    t.equal(plain.work.settled, 0, 'without records every revisited node is read');
    t.ok(recorded.work.first < plain.work.first, `fewer edges read: ${recorded.work.first} < ${plain.work.first}`);
    t.ok(recorded.work.rest <= plain.work.rest, `other levels: ${recorded.work.rest} <= ${plain.work.rest}`);
    settled += recorded.work.settled;
  }
  t.ok(settled > 100, `${settled} evaluations settled by their records`);
});

t.test('local moving with records: the same moves, fewer edges read (a chunk and a whole 3000-node graph)', (t) => {
  const g = plantedGraph(3000, 4, 0.3);
  const k = degrees(g);
  let twoW = 0;
  for (let u = 0; u < g.n; u++) twoW += k[u];
  for (const [lo, hi] of [
    [0, 3000],
    [1000, 2200],
  ]) {
    const run = (withRecords: boolean): { comm: Int32Array; moves: number; scratch: MoveScratch } => {
      const comm = Int32Array.from({ length: g.n }, (_, u) => u);
      const tot = k.slice();
      const scratch = new MoveScratch();
      const start = seededOrder(lo, hi, 9);
      const rec = withRecords ? unknownRecords(g.n) : undefined;
      const moves = localMoving(g, comm, k, tot, 1 / 48 ** 2, start, lo, hi, scratch, rec);
      return { comm, moves, scratch };
    };
    const plain = run(false);
    const recorded = run(true);
    t.same(recorded.comm, plain.comm, `nodes ${lo}-${hi}: the same communities`);
    t.equal(recorded.moves, plain.moves, `the same ${plain.moves} moves`);
    t.ok(recorded.scratch.settled > 0, `${recorded.scratch.settled} evaluations settled`);
    t.ok(
      recorded.scratch.scanned < plain.scratch.scanned,
      `edges read: ${recorded.scratch.scanned} < ${plain.scratch.scanned}`,
    );
  }
  t.end();
});
