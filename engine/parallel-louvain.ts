/**
 * Louvain on one large component with every pool thread. The first level's local moving (most of the work: every
 * node starts alone) is split: the nodes, renumbered in breadth-first order so that a community's members sit close
 * together, are cut into a fixed number of contiguous chunks with equal edge counts; each chunk moves its own nodes
 * seeing only edges inside the chunk (its communities stay inside it, so chunks share nothing they write and run
 * in parallel on a SharedArrayBuffer). Then one worker revisits the nodes with an edge between chunks, on the whole
 * graph, and finishes the smaller levels sequentially (csr-louvain.ts). The chunks record what they last saw of each
 * node (MoveRecord): the revisit skips, without reading its edges, a node its record shows to stay (same result).
 *
 * What a chunk does depends only on the graph, the chunk bounds and the seed, never on which thread runs it or
 * when; the chunk count is fixed (PARALLEL_CHUNKS), not the thread count: the partition is the same for 1, 2 or 16
 * threads.
 */
import { threadId } from 'node:worker_threads';
import { degrees, localMoving, MoveScratch } from './csr-louvain.ts';
import type { CsrGraph, MoveChunkResult, MoveChunkTask, MoveRecord } from './types.ts';
import { rangeBounds } from './backbone.ts';

export type { MoveChunkResult, MoveChunkTask };

/**
 * Chunks of the first level: fixed (not the thread count) so that results do not depend on the number of threads.
 * Two, for two cores: every extra cut sends more nodes to the sequential revisit (on the 100k-wallet hard graph
 * 28% of the nodes had an edge between chunks with 2 chunks, 72% with 4).
 */
export const PARALLEL_CHUNKS = 2;

export interface ParallelPool {
  moveChunk: (task: MoveChunkTask) => Promise<MoveChunkResult>;
}

const scratch = new MoveScratch();

/** Worker side: local moving of one chunk on the edges inside it, nodes visited in (breadth-first) id order. */
export function moveChunk(task: MoveChunkTask): MoveChunkResult {
  const { graph: g, lo, hi } = task;
  const start = new Uint32Array(hi - lo);
  for (let i = 0; i < start.length; i++) start[i] = lo + i;
  const scanned = scratch.scanned;
  const moves = localMoving(g, task.comm, task.k, task.tot, task.coef, start, lo, hi, scratch, task.record);
  return { moves, threadId, scanned: scratch.scanned - scanned };
}

/** A copy of a typed array in shared memory (so workers read it without a copy). */
export function shared<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(a: T): T {
  const ctor = a.constructor as new (b: SharedArrayBuffer) => T;
  const out = new ctor(new SharedArrayBuffer(a.byteLength));
  out.set(a as never);
  return out;
}

/**
 * Nodes in breadth-first order from node 0 (then from each node not yet reached), neighbours in adjacency order:
 * a community's members mostly sit close together in it, so contiguous chunks cut few communities and the inner
 * loops read memory that is close together.
 */
export function bfsOrder(g: CsrGraph): Uint32Array {
  const order = new Uint32Array(g.n);
  const seen = new Uint8Array(g.n);
  let tail = 0;
  for (let s = 0; s < g.n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    let head = tail;
    order[tail++] = s;
    while (head < tail) {
      const u = order[head++];
      for (let e = g.off[u]; e < g.off[u + 1]; e++)
        if (!seen[g.adj[e]]) {
          seen[g.adj[e]] = 1;
          order[tail++] = g.adj[e];
        }
    }
  }
  return order;
}

/** The graph with node order[i] renamed i, in shared memory. */
export function permuted(g: CsrGraph, order: Uint32Array): CsrGraph {
  const rank = new Uint32Array(g.n);
  for (let i = 0; i < g.n; i++) rank[order[i]] = i;
  const off = new Uint32Array(new SharedArrayBuffer(4 * (g.n + 1)));
  const adj = new Uint32Array(new SharedArrayBuffer(4 * g.adj.length));
  const w = new Float64Array(new SharedArrayBuffer(8 * g.adj.length));
  let p = 0;
  for (let i = 0; i < g.n; i++) {
    const u = order[i];
    off[i] = p;
    for (let e = g.off[u]; e < g.off[u + 1]; e++) {
      adj[p] = rank[g.adj[e]];
      w[p++] = g.w[e];
    }
  }
  off[g.n] = p;
  return { n: g.n, off, adj, w };
}

/**
 * Main side: the first level's local moving in parallel chunks of `g` (in shared memory, best in breadth-first
 * order). Returns the partition and the nodes to revisit on the whole graph (those with an edge between chunks).
 */
export async function parallelFirstLevel(
  pool: ParallelPool,
  g: CsrGraph,
  resolution: number,
): Promise<{
  partition: Int32Array;
  revisit: Uint32Array;
  record: MoveRecord;
  chunks: number;
  threads: Set<number>;
  work: number[];
}> {
  const n = g.n;
  const k = shared(degrees(g));
  let twoW = 0;
  for (let u = 0; u < n; u++) twoW += k[u];
  const comm = new Int32Array(new SharedArrayBuffer(4 * n));
  for (let u = 0; u < n; u++) comm[u] = u;
  const tot = shared(k);
  const bounds = chunkBounds(g, PARALLEL_CHUNKS);
  const coef = twoW > 0 ? resolution / twoW : 0;
  const record: MoveRecord = {
    own: new Float64Array(new SharedArrayBuffer(8 * n)),
    bound: new Float64Array(new SharedArrayBuffer(8 * n)).fill(Number.POSITIVE_INFINITY),
    crossing: new Uint8Array(new SharedArrayBuffer(n)),
  };
  const results = await Promise.all(
    bounds
      .slice(0, -1)
      .map((lo, i) => pool.moveChunk({ kind: 'move', graph: g, k, comm, tot, lo, hi: bounds[i + 1], coef, record })),
  );
  // the nodes with an edge between chunks, as the chunks saw them (every node of a chunk is evaluated there)
  const revisit = new Uint32Array(n);
  let r = 0;
  for (let u = 0; u < n; u++) if (record.crossing[u]) revisit[r++] = u;
  return {
    partition: comm,
    revisit: revisit.slice(0, r),
    record,
    chunks: bounds.length - 1,
    threads: new Set(results.map((x) => x.threadId)),
    work: results.map((x) => x.scanned),
  };
}

/** Chunk starts (and n at the end): contiguous node ranges with about equal adjacency lengths. */
function chunkBounds(g: CsrGraph, chunks: number): number[] {
  return rangeBounds(g.off, g.n, chunks);
}
