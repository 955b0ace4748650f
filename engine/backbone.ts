/**
 * Backbone pruning of oversized components (detect-groups.ts): an edge stays when its endpoints share a neighbour
 * (it closes a triangle) or one endpoint has no other link. Each edge is decided by its lower endpoint from the
 * read-only adjacency alone, so node ranges can be decided on separate threads (over shared memory) and give the
 * same edges whatever the split.
 */
import { threadId } from 'node:worker_threads';

export interface PruneTask {
  kind: 'prune';
  /** The engine graph's CSR; adjacency lists ascending. */
  off: Uint32Array;
  adj: Uint32Array;
  adjEdge: Uint32Array;
  /** 1 for nodes of an oversized component. */
  big: Uint8Array;
  /** Per edge, 1 = kept; the range's pruned edges are set to 0. */
  keep: Uint8Array;
  lo: number;
  hi: number;
}

export interface PruneResult {
  pruned: number;
  threadId: number;
}

/** Prunes the edges whose lower endpoint is a big node in [lo, hi); returns how many. */
export function pruneRange(t: Omit<PruneTask, 'kind'>): number {
  const { off, adj, adjEdge, big, keep, lo, hi } = t;
  let pruned = 0;
  // adjacency lists are ascending (the edges come sorted by lower, then higher endpoint): a shared neighbour is
  // found by merging the two lists, reading both in order (instead of marking one list in an n-sized array)
  for (let u = lo; u < hi; u++) {
    if (!big[u]) continue;
    const u0 = off[u];
    const u1 = off[u + 1];
    if (u1 - u0 === 1) continue;
    for (let k = u0; k < u1; k++) {
      const v = adj[k];
      if (v < u) continue;
      const j1 = off[v + 1];
      let j = off[v];
      if (j1 - j === 1) continue;
      let i = u0;
      let shared = false;
      while (i < u1 && j < j1) {
        const a = adj[i];
        const b = adj[j];
        if (a === b) {
          shared = true;
          break;
        }
        if (a < b) i++;
        else j++;
      }
      if (!shared) {
        keep[adjEdge[k]] = 0;
        pruned++;
      }
    }
  }
  return pruned;
}

/** Worker side of a parallel prune. */
export function pruneTask(task: PruneTask): PruneResult {
  return { pruned: pruneRange(task), threadId };
}

/** Node ranges [bounds[i], bounds[i+1]) with about equal adjacency lengths. */
export function rangeBounds(off: Uint32Array, n: number, parts: number): number[] {
  const bounds = [0];
  let u = 0;
  for (let i = 1; i < parts; i++) {
    const target = (off[n] * i) / parts;
    while (u < n && off[u] < target) u++;
    if (u > bounds[bounds.length - 1] && u < n) bounds.push(u);
  }
  bounds.push(n);
  return bounds;
}
