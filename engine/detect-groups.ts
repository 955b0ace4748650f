/**
 * Community detection on the hub-free graph:
 *  1. connected components (union-find on typed arrays);
 *  2. components larger than maxComponentNodes are pruned to their embedded backbone: an edge is kept when its
 *     endpoints share a counterparty (it closes a triangle) or one endpoint has no other link; random one-off
 *     transfers between groups rarely close a triangle, the links of a group nearly always do. A node left
 *     without any kept edge rejoins its best-connected neighbour;
 *  3. components still larger than maxComponentNodes are split with Louvain in the Piscina pool, in bins of
 *     several components. A bin runs at resolution 2*W_bin/refDegree^2, which is the same objective as one
 *     global run at resolution 2*W/refDegree^2 (modularity stays correct across bins) and which keeps small
 *     groups apart: two groups merge only when the weight between them exceeds dA*dB/refDegree^2 (the resolution
 *     limit of plain modularity would merge 5-50 wallet clusters ~11 at a time).
 * Output: a group id per node (-1 for hubs and isolated nodes), numbered by smallest member node id.
 */
import { UnionFind } from './union-find.ts';
import type { WalletGraph } from './wallet-graph.ts';
import { HUB_NONE } from './wallet-graph.ts';
import type { EnginePool } from './community-pool.ts';
import type { EngineProgress, EngineTuning } from './types.ts';

export interface Grouping {
  groupOf: Int32Array;
  groupCount: number;
  stats: {
    components: number;
    oversizedComponents: number;
    prunedEdges: number;
    reattachedNodes: number;
    louvainComponents: number;
    louvainBins: number;
    louvainCommunities: number;
    louvainThreads: number;
    louvainOnMainThread: boolean;
  };
}

export async function detectGroups(
  g: WalletGraph,
  tuning: EngineTuning,
  pool: EnginePool | (() => EnginePool),
  seed: number,
  onProgress?: (p: EngineProgress) => void,
): Promise<Grouping> {
  const { n, m, eu, ev, off, adj, adjEdge } = g;
  const uf = new UnionFind(n);
  for (let k = 0; k < m; k++) uf.union(eu[k], ev[k]);
  const size = new Uint32Array(n);
  for (let u = 0; u < n; u++) if (off[u + 1] > off[u]) size[uf.find(u)]++;
  let components = 0;
  let oversizedComponents = 0;
  for (let u = 0; u < n; u++)
    if (size[u] > 0) {
      components++;
      if (size[u] > tuning.maxComponentNodes) oversizedComponents++;
    }
  onProgress?.({ phase: 'components', done: components, total: components });

  // prune oversized components to their embedded backbone
  const keep = new Uint8Array(m).fill(1);
  let prunedEdges = 0;
  let reattachedNodes = 0;
  let uf2 = uf;
  if (oversizedComponents > 0 && tuning.backbonePruning) {
    const big = new Uint8Array(n);
    for (let u = 0; u < n; u++) if (off[u + 1] > off[u] && size[uf.find(u)] > tuning.maxComponentNodes) big[u] = 1;
    const mark = new Int32Array(n).fill(-1);
    for (let u = 0; u < n; u++) {
      if (!big[u]) continue;
      for (let k = off[u]; k < off[u + 1]; k++) mark[adj[k]] = u;
      for (let k = off[u]; k < off[u + 1]; k++) {
        const v = adj[k];
        if (v < u) continue;
        const e = adjEdge[k];
        if (off[u + 1] - off[u] === 1 || off[v + 1] - off[v] === 1) continue;
        let shared = false;
        for (let j = off[v]; j < off[v + 1]; j++)
          if (mark[adj[j]] === u) {
            shared = true;
            break;
          }
        if (!shared) {
          keep[e] = 0;
          prunedEdges++;
        }
      }
    }
    uf2 = new UnionFind(n);
    const kept = new Uint8Array(n);
    for (let k = 0; k < m; k++)
      if (keep[k]) {
        uf2.union(eu[k], ev[k]);
        kept[eu[k]] = 1;
        kept[ev[k]] = 1;
      }
    for (let u = 0; u < n; u++) {
      if (!big[u] || kept[u]) continue;
      let best = -1;
      let bestDeg = -1;
      let bestW = -1;
      for (let k = off[u]; k < off[u + 1]; k++) {
        const v = adj[k];
        const d = off[v + 1] - off[v];
        const w = g.ew[adjEdge[k]];
        if (d > bestDeg || (d === bestDeg && (w > bestW || (w === bestW && v < best)))) {
          best = v;
          bestDeg = d;
          bestW = w;
        }
      }
      if (best >= 0) {
        uf2.union(u, best);
        reattachedNodes++;
      }
    }
  }
  onProgress?.({ phase: 'pruning', done: prunedEdges, total: m });

  // group = component root, unless the component is still too large: then Louvain communities
  const size2 = new Uint32Array(n);
  const root = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    if (g.hub[u] !== HUB_NONE || off[u + 1] === off[u]) continue;
    root[u] = uf2.find(u);
    size2[root[u]]++;
  }
  const louvainRoots: number[] = [];
  for (let u = 0; u < n; u++) if (size2[u] > tuning.maxComponentNodes) louvainRoots.push(u);
  const groupKey = new Float64Array(n).fill(-1);
  for (let u = 0; u < n; u++) if (root[u] >= 0) groupKey[u] = root[u];
  let louvainBins = 0;
  let louvainCommunities = 0;
  let louvainThreads = 0;
  let louvainOnMainThread = false;
  if (louvainRoots.length > 0) {
    const res = await louvainSplit(
      g,
      keep,
      root,
      louvainRoots,
      tuning,
      typeof pool === 'function' ? pool() : pool,
      seed,
      onProgress,
    );
    louvainBins = res.bins;
    louvainCommunities = res.communities;
    louvainThreads = res.threads.size;
    louvainOnMainThread = res.threads.has(0);
    for (let u = 0; u < n; u++) if (res.community[u] >= 0) groupKey[u] = n + res.community[u];
  }

  // renumber groups by their smallest node id (deterministic)
  const groupOf = new Int32Array(n).fill(-1);
  const idOfKey = new Map<number, number>();
  for (let u = 0; u < n; u++) {
    const key = groupKey[u];
    if (key < 0) continue;
    let id = idOfKey.get(key);
    if (id === undefined) {
      id = idOfKey.size;
      idOfKey.set(key, id);
    }
    groupOf[u] = id;
  }
  return {
    groupOf,
    groupCount: idOfKey.size,
    stats: {
      components,
      oversizedComponents,
      prunedEdges,
      reattachedNodes,
      louvainComponents: louvainRoots.length,
      louvainBins,
      louvainCommunities,
      louvainThreads,
      louvainOnMainThread,
    },
  };
}

/** Splits the given components with Louvain, in bins balanced by edge count, on the pool's threads. */
async function louvainSplit(
  g: WalletGraph,
  keep: Uint8Array,
  root: Int32Array,
  roots: number[],
  tuning: EngineTuning,
  pool: EnginePool,
  seed: number,
  onProgress?: (p: EngineProgress) => void,
): Promise<{ community: Int32Array; bins: number; communities: number; threads: Set<number> }> {
  const { n, m, eu, ev, ew } = g;
  const compOf = new Map<number, number>();
  roots.forEach((r, i) => compOf.set(r, i));
  const edgesOf = new Float64Array(roots.length);
  for (let k = 0; k < m; k++)
    if (keep[k]) {
      const c = compOf.get(root[eu[k]]);
      if (c !== undefined) edgesOf[c]++;
    }
  const binCount = Math.min(roots.length, pool.threads * 4);
  const order = roots.map((_, i) => i).sort((a, b) => edgesOf[b] - edgesOf[a] || a - b);
  const binOf = new Int32Array(roots.length);
  const load = new Float64Array(binCount);
  for (const c of order) {
    let best = 0;
    for (let b = 1; b < binCount; b++) if (load[b] < load[best]) best = b;
    binOf[c] = best;
    load[best] += edgesOf[c] + 1;
  }
  // local node ids per bin
  const local = new Int32Array(n).fill(-1);
  const binNodes: number[][] = Array.from({ length: binCount }, () => []);
  for (let u = 0; u < n; u++) {
    if (root[u] < 0) continue;
    const c = compOf.get(root[u]);
    if (c === undefined) continue;
    const list = binNodes[binOf[c]];
    local[u] = list.length;
    list.push(u);
  }
  const binEdges = new Uint32Array(binCount);
  for (let k = 0; k < m; k++)
    if (keep[k]) {
      const c = compOf.get(root[eu[k]]);
      if (c !== undefined) binEdges[binOf[c]]++;
    }
  const tasks = Array.from({ length: binCount }, (_, b) => ({
    n: binNodes[b].length,
    u: new Uint32Array(binEdges[b]),
    v: new Uint32Array(binEdges[b]),
    w: new Float64Array(binEdges[b]),
    resolution: 0,
    seed: (seed + b * 7919) >>> 0,
  }));
  const fillPos = new Uint32Array(binCount);
  const weight = new Float64Array(binCount);
  for (let k = 0; k < m; k++) {
    if (!keep[k]) continue;
    const c = compOf.get(root[eu[k]]);
    if (c === undefined) continue;
    const b = binOf[c];
    const t = tasks[b];
    const p = fillPos[b]++;
    t.u[p] = local[eu[k]];
    t.v[p] = local[ev[k]];
    t.w[p] = ew[k];
    weight[b] += ew[k];
  }
  for (let b = 0; b < binCount; b++)
    tasks[b].resolution = (2 * weight[b]) / (tuning.referenceDegree * tuning.referenceDegree);
  const community = new Int32Array(n).fill(-1);
  let done = 0;
  let offset = 0;
  const results = await Promise.all(
    tasks.map(async (task) => {
      const r = await pool.louvain(task);
      onProgress?.({ phase: 'communities', done: ++done, total: binCount });
      return r;
    }),
  );
  results.forEach((r, b) => {
    const nodes = binNodes[b];
    for (let i = 0; i < nodes.length; i++) community[nodes[i]] = offset + r.communities[i];
    offset += r.count;
  });
  return { community, bins: binCount, communities: offset, threads: new Set(results.map((r) => r.threadId)) };
}
