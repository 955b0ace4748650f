/**
 * Piscina worker: Louvain community detection (graphology-communities-louvain) on one bin of components that
 * arrives as transferred typed arrays (local node ids 0..n-1, undirected edges u<v with weights).
 */
import { UndirectedGraph } from 'graphology';
import louvainImport from 'graphology-communities-louvain';
import { threadId } from 'node:worker_threads';
import { seededRng } from './rng.ts';

export interface LouvainTask {
  n: number;
  u: Uint32Array;
  v: Uint32Array;
  w: Float64Array;
  resolution: number;
  seed: number;
}

export interface LouvainResult {
  communities: Int32Array;
  count: number;
  modularity: number;
  threadId: number;
}

type Louvain = typeof louvainImport.default;
const louvain: Louvain =
  (louvainImport as unknown as { default?: Louvain }).default ?? (louvainImport as unknown as Louvain);

export function runLouvain(task: LouvainTask): LouvainResult {
  const graph = new UndirectedGraph<Record<string, never>, { weight: number }>();
  for (let i = 0; i < task.n; i++) graph.addNode(String(i));
  for (let k = 0; k < task.u.length; k++) graph.addEdge(String(task.u[k]), String(task.v[k]), { weight: task.w[k] });
  const out = louvain.detailed(graph, {
    resolution: task.resolution,
    rng: seededRng(task.seed),
    getEdgeWeight: 'weight',
  });
  const communities = new Int32Array(task.n);
  for (let i = 0; i < task.n; i++) communities[i] = out.communities[String(i)];
  return { communities, count: out.count, modularity: out.modularity, threadId };
}

export default function (task: LouvainTask): LouvainResult {
  return runLouvain(task);
}
