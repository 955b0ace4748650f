/**
 * Piscina worker: community detection on typed arrays (csr-louvain.ts), and the typed passes of evidence
 * collection (evidence/scan.ts and evidence/side-scan.ts, after detection, on the same threads). Seven tasks:
 *  - a bin of components as transferred edge arrays (local node ids 0..n-1, undirected edges u<v with weights);
 *  - one chunk of a parallel round over a shared graph (parallel-louvain.ts);
 *  - finishing a shared graph's Louvain from the partition the parallel rounds left;
 *  - backbone pruning of a node range over the shared engine graph (backbone.ts);
 *  - a large component's breadth-first renumbering into a shared CSR (bfs-csr.ts);
 *  - the evidence scan over the shared engine graph and transfers;
 *  - the side scan (transfer webs, members by address) beside it.
 */
import { threadId } from 'node:worker_threads';
import { csrFromEdges, louvainCsr, MoveScratch } from './csr-louvain.ts';
import type { CsrGraph, LouvainFromTask, LouvainResult, LouvainTask } from './types.ts';

export type { LouvainFromTask, LouvainResult, LouvainTask };
import { type MoveChunkResult, type MoveChunkTask, moveChunk } from './parallel-louvain.ts';
import { type PruneResult, type PruneTask, pruneTask } from './backbone.ts';
import { type BfsResult, type BfsTask, bfsCsr } from './bfs-csr.ts';
import { type EvidenceScan, type EvidenceScanTask, evidenceScan } from './evidence/scan.ts';
import { type SideScan, type SideScanTask, sideScan } from './evidence/side-scan.ts';

const scratch = new MoveScratch();

export function runLouvain(task: LouvainTask): LouvainResult {
  const g = csrFromEdges(task.n, task.u, task.v, task.w);
  const r = louvainCsr(g, task.resolution, task.seed, undefined, scratch, true, true, task.mergeShare ?? 0);
  return { communities: r.communities, count: r.count, modularity: r.modularity, threadId, work: r.work };
}

export default function (
  task: LouvainTask | MoveChunkTask | LouvainFromTask | PruneTask | BfsTask | EvidenceScanTask | SideScanTask,
): LouvainResult | MoveChunkResult | PruneResult | BfsResult | EvidenceScan | SideScan {
  if ('kind' in task && task.kind === 'prune') return pruneTask(task);
  if ('kind' in task && task.kind === 'bfs') return bfsCsr(task);
  if ('kind' in task && task.kind === 'evidence-scan') return evidenceScan(task);
  if ('kind' in task && task.kind === 'side-scan') return sideScan(task);
  if ('kind' in task && task.kind === 'move') return moveChunk(task);
  if ('kind' in task && task.kind === 'from') {
    // a large component: its modularity is not read (NaN), skipping one more pass over millions of edges
    const r = louvainCsr(
      task.graph,
      task.resolution,
      task.seed,
      task.initial,
      scratch,
      false,
      true,
      task.mergeShare ?? 0,
    );
    return { communities: r.communities, count: r.count, modularity: r.modularity, threadId, work: r.work };
  }
  return runLouvain(task as LouvainTask);
}
