/**
 * A large component's kept edges as CSR in shared memory, nodes renumbered in breadth-first order from its root
 * (parallel-louvain.ts says why that order), built straight from the engine graph's CSR in one pass: the search
 * takes nodes in their new order, so each one's kept neighbours (global ids, renumbered once all are ranked) and
 * weights are written as it is taken. The search is sequential and reads only typed arrays: on a pool thread (a
 * `bfs` task, every array shared and allocated by the caller's thread, as scan.ts does) it leaves the caller's
 * thread free for other work while detection waits; inline otherwise. The same arrays either way.
 */
import { threadId } from 'node:worker_threads';
import type { BfsResult, BfsTask } from './types.ts';

export type { BfsResult, BfsTask };

/** The arrays a `bfs` task fills, in shared memory, for a graph of `n` nodes. */
export function bfsArrays(n: number, count: number, entries: number): BfsTask['out'] {
  return {
    graph: {
      n: count,
      off: new Uint32Array(new SharedArrayBuffer(4 * (count + 1))),
      adj: new Uint32Array(new SharedArrayBuffer(4 * entries)),
      w: new Float64Array(new SharedArrayBuffer(8 * entries)),
    },
    order: new Uint32Array(new SharedArrayBuffer(4 * count)),
    rank: new Int32Array(new SharedArrayBuffer(4 * n)),
  };
}

export function bfsCsr(task: BfsTask): BfsResult {
  const { off, adj, adjEdge, ew, keep, first, count, entries } = task;
  const { graph, order, rank } = task.out;
  const { off: gOff, adj: gAdj, w: gW } = graph;
  rank.fill(-1);
  rank[first] = 0;
  order[0] = first;
  let tail = 1;
  let p = 0;
  let weight = 0;
  for (let head = 0; head < tail; head++) {
    const u = order[head];
    gOff[head] = p;
    for (let k = off[u]; k < off[u + 1]; k++) {
      const e = adjEdge[k];
      if (!keep[e]) continue;
      const v = adj[k];
      if (p === entries) throw new Error(`component of ${count} nodes has more than ${entries / 2} kept edges`);
      gAdj[p] = v;
      gW[p++] = ew[e];
      weight += ew[e];
      if (rank[v] < 0) {
        rank[v] = tail;
        order[tail++] = v;
      }
    }
  }
  if (tail !== count || p !== entries)
    throw new Error(`component of ${count} nodes / ${entries / 2} kept edges reached ${tail} / ${p / 2}`);
  gOff[count] = p;
  for (let q = 0; q < p; q++) gAdj[q] = rank[gAdj[q]];
  return { weight: weight / 2, threadId };
}
