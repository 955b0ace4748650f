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
import type { EngineProgress, EngineTuning, LouvainResult } from './types.ts';
import { PARALLEL_CHUNKS, parallelFirstLevel, shared } from './parallel-louvain.ts';
import { pruneRange, rangeBounds } from './backbone.ts';
import { type BfsTask, bfsArrays } from './bfs-csr.ts';
import { addressBytesOnce } from './cluster-label.ts';

export interface LargeWork {
  chunks: number[];
  revisitNodes: number;
  revisit: number;
  /** Evaluations of the revisit settled by the chunks' records (csr-louvain.ts), without reading edges. */
  settled: number;
  levels: number;
}

export interface Grouping {
  groupOf: Int32Array;
  groupCount: number;
  /**
   * A large component ran on the pool's threads: end them once the evidence scan is done (decide() in analyze.ts;
   * their heaps hold the component's shared graph until they collect garbage).
   */
  releaseThreads?: boolean;
  /**
   * Local moving's work on the large components (adjacency entries read, deterministic; not in the result's stats):
   * each first-level chunk's, the revisit of the nodes with an edge between chunks (the rest of the first level) and
   * the other levels. The last two run on one thread after the chunks.
   */
  work?: LargeWork;
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
    /** First-level chunks run in parallel on large components (0 when none). */
    louvainChunks: number;
    /** Batch and co-timed funding runs, and the groups they joined (engine/evidence/timed-funding.ts). */
    fundingRuns?: number;
    runJoins?: number;
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
  // from the graph's neighbourhoods (each inside one component, roots their smallest node as union() keeps them):
  // only the edges between two of them are joined, none on a graph whose neighbourhoods are its components
  const nb = g.neighbourhoods;
  const uf = new UnionFind(nb ?? n);
  for (let k = 0; k < m; k++) if (!nb || nb[eu[k]] !== nb[ev[k]]) uf.union(eu[k], ev[k]);
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
  // in shared memory: pool threads prune into it and read it (bfs-csr.ts)
  const keep = new Uint8Array(new SharedArrayBuffer(m)).fill(1);
  let prunedEdges = 0;
  let reattachedNodes = 0;
  let uf2 = uf;
  if (oversizedComponents > 0 && tuning.backbonePruning) {
    const big = new Uint8Array(n);
    for (let u = 0; u < n; u++) if (off[u + 1] > off[u] && size[uf.find(u)] > tuning.maxComponentNodes) big[u] = 1;
    let bigNodes = 0;
    for (let u = 0; u < n; u++) bigNodes += big[u];
    if (bigNodes >= PARALLEL_MIN_NODES) {
      // both threads, over the graph's CSR in shared memory (wallet-graph.ts), in PRUNE_TASKS ranges of equal
      // adjacency taken by whichever thread is free (the same edges whatever the split)
      const p = typeof pool === 'function' ? pool() : pool;
      const task = { kind: 'prune' as const, off, adj, adjEdge };
      const bigShared = shared(big);
      const bounds = rangeBounds(off, n, PRUNE_TASKS);
      const results = await Promise.all(
        bounds.slice(0, -1).map((lo, i) => p.prune({ ...task, big: bigShared, keep, lo, hi: bounds[i + 1] })),
      );
      for (const r of results) prunedEdges += r.pruned;
    } else prunedEdges = pruneRange({ off, adj, adjEdge, big, keep, lo: 0, hi: n });
    uf2 = new UnionFind(n);
    const reattachEdges: number[] = [];
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
      let bestEdge = -1;
      for (let k = off[u]; k < off[u + 1]; k++) {
        const v = adj[k];
        const d = off[v + 1] - off[v];
        const w = g.ew[adjEdge[k]];
        if (d > bestDeg || (d === bestDeg && (w > bestW || (w === bestW && v < best)))) {
          best = v;
          bestDeg = d;
          bestW = w;
          bestEdge = adjEdge[k];
        }
      }
      if (best >= 0) {
        uf2.union(u, best);
        reattachedNodes++;
        reattachEdges.push(bestEdge);
      }
    }
    // the edge a node rejoined by is its link for community detection too (else it would stay alone there)
    for (const e of reattachEdges) keep[e] = 1;
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
  // a node's group key: its component root (< n), or n + its community when its component was split
  const groupKey = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) if (root[u] >= 0) groupKey[u] = root[u];
  let louvainBins = 0;
  let louvainCommunities = 0;
  let louvainThreads = 0;
  let louvainOnMainThread = false;
  let louvainChunks = 0;
  let releaseThreads = false;
  let work: LargeWork | undefined;
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
    louvainChunks = res.chunks;
    releaseThreads = res.large > 0;
    if (res.large > 0) work = res.work;
    for (let u = 0; u < n; u++) if (res.community[u] >= 0) groupKey[u] = n + res.community[u];
  }

  // renumber groups by their smallest node id (deterministic)
  const groupOf = new Int32Array(n).fill(-1);
  const idOfKey = new Int32Array(n + louvainCommunities).fill(-1);
  let groupCount = 0;
  for (let u = 0; u < n; u++) {
    const key = groupKey[u];
    if (key < 0) continue;
    if (idOfKey[key] < 0) idOfKey[key] = groupCount++;
    groupOf[u] = idOfKey[key];
  }
  return {
    groupOf,
    groupCount,
    releaseThreads,
    work,
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
      louvainChunks,
    },
  };
}

/**
 * Pruning tasks on a large component. A range's work is not its adjacency's length (each edge merges both
 * endpoints' lists; at 1M hard the first half of the node order took 3-4x the second's CPU): with more ranges than
 * threads a free thread takes the next and the threads end within about one range of each other.
 */
const PRUNE_TASKS = 8;

/** Bins of small components per run: fixed, so that the partition does not depend on the thread count. */
const LOUVAIN_BINS = 8;
/** A component with at least this many nodes is split by parallel rounds over shared memory (all threads). */
export const PARALLEL_MIN_NODES = 50_000;

interface LouvainBin {
  nodes: number[];
  u: Uint32Array;
  v: Uint32Array;
  w: Float64Array;
  weight: number;
}

/**
 * Splits the given components with Louvain on the pool's threads: small ones in bins balanced by edge count, each
 * bin one task; each large one (PARALLEL_MIN_NODES) with parallel first-level rounds over shared memory.
 */
async function louvainSplit(
  g: WalletGraph,
  keep: Uint8Array,
  root: Int32Array,
  roots: number[],
  tuning: EngineTuning,
  pool: EnginePool,
  seed: number,
  onProgress?: (p: EngineProgress) => void,
): Promise<{
  community: Int32Array;
  bins: number;
  communities: number;
  threads: Set<number>;
  chunks: number;
  large: number;
  work: LargeWork;
}> {
  const { n, m, eu } = g;
  const work: LargeWork = { chunks: [], revisitNodes: 0, revisit: 0, settled: 0, levels: 0 };
  const compIndex = new Int32Array(n).fill(-1);
  roots.forEach((r, i) => {
    compIndex[r] = i;
  });
  const compOf = new Int32Array(n).fill(-1);
  const nodesOf = new Float64Array(roots.length);
  for (let u = 0; u < n; u++)
    if (root[u] >= 0 && compIndex[root[u]] >= 0) {
      compOf[u] = compIndex[root[u]];
      nodesOf[compOf[u]]++;
    }
  const edgesOf = new Float64Array(roots.length);
  for (let k = 0; k < m; k++) if (keep[k] && compOf[eu[k]] >= 0) edgesOf[compOf[eu[k]]]++;
  // units: the bins of small components first, then one unit per large component
  const small = roots.map((_, i) => i).filter((c) => nodesOf[c] < PARALLEL_MIN_NODES);
  const large = roots.map((_, i) => i).filter((c) => nodesOf[c] >= PARALLEL_MIN_NODES);
  const binCount = Math.min(small.length, LOUVAIN_BINS);
  const unitOf = new Int32Array(roots.length);
  const load = new Float64Array(binCount);
  for (const c of small.sort((a, b) => edgesOf[b] - edgesOf[a] || a - b)) {
    let best = 0;
    for (let b = 1; b < binCount; b++) if (load[b] < load[best]) best = b;
    unitOf[c] = best;
    load[best] += edgesOf[c] + 1;
  }
  for (const c of large) unitOf[c] = -1;
  const bins = collectBins(g, keep, compOf, unitOf, binCount);
  const community = new Int32Array(n).fill(-1);
  const threads = new Set<number>();
  let done = 0;
  let chunks = 0;
  const units = bins.length + large.length;
  const resolutionOf = (weight: number): number => (2 * weight) / (tuning.referenceDegree * tuning.referenceDegree);
  const finished = (r: LouvainResult, nodes: ArrayLike<number>): { nodes: ArrayLike<number>; r: LouvainResult } => {
    threads.add(r.threadId);
    onProgress?.({ phase: 'communities', done: ++done, total: units });
    return { nodes, r };
  };
  // each large component's breadth-first renumbering (bfs-csr.ts) on a pool thread, queued before the bins (node i
  // of its shared graph is global node order[i])
  const searches = large.map((c) => {
    const task: BfsTask = {
      kind: 'bfs',
      off: g.off,
      adj: g.adj,
      adjEdge: g.adjEdge,
      ew: g.ew,
      keep,
      first: roots[c],
      count: nodesOf[c],
      entries: 2 * edgesOf[c],
      out: bfsArrays(n, nodesOf[c], 2 * edgesOf[c]),
    };
    return { task, searched: pool.bfs(task) };
  });
  const binResults = bins.map(async (bin, i) => {
    const task = { n: bin.nodes.length, u: bin.u, v: bin.v, w: bin.w, seed: (seed + i * 7919) >>> 0 };
    const mergeShare = tuning.communityMergeShare;
    return finished(await pool.louvain({ ...task, resolution: resolutionOf(bin.weight), mergeShare }), bin.nodes);
  });
  // meanwhile this thread encodes the addresses for the labels (decide()'s side scan needs them: made once per graph)
  if (large.length > 0 && pool.threads >= 2) addressBytesOnce(g.addresses);
  const largeResults = searches.map(async ({ task, searched }, i) => {
    const { weight } = await searched;
    const { graph, order } = task.out;
    const resolution = resolutionOf(weight);
    const first = await parallelFirstLevel(pool, graph, resolution);
    chunks += first.chunks;
    for (const t of first.threads) threads.add(t);
    const unitSeed = (seed + (binCount + i) * 7919) >>> 0;
    const mergeShare = tuning.communityMergeShare;
    const r = await pool.louvainFrom({ kind: 'from', graph, initial: first, resolution, seed: unitSeed, mergeShare });
    first.work.forEach((x, j) => {
      work.chunks[j] = (work.chunks[j] ?? 0) + x;
    });
    work.revisitNodes += first.revisit.length;
    work.revisit += r.work.first;
    work.levels += r.work.rest;
    work.settled += r.work.settled;
    return finished(r, order);
  });
  let offset = 0;
  for (const { nodes, r } of await Promise.all([...binResults, ...largeResults])) {
    for (let i = 0; i < nodes.length; i++) community[nodes[i]] = offset + r.communities[i];
    offset += r.count;
  }
  return { community, bins: units, communities: offset, threads, chunks, large: large.length, work };
}

/** Each bin's nodes (local ids in node order) and its kept edges in local ids; unitOf -1: in no bin. */
function collectBins(
  g: WalletGraph,
  keep: Uint8Array,
  compOf: Int32Array,
  unitOf: Int32Array,
  count: number,
): LouvainBin[] {
  const { n, m, eu, ev, ew } = g;
  const local = new Int32Array(n).fill(-1);
  const nodes: number[][] = Array.from({ length: count }, () => []);
  for (let u = 0; u < n; u++) {
    if (compOf[u] < 0 || unitOf[compOf[u]] < 0) continue;
    const list = nodes[unitOf[compOf[u]]];
    local[u] = list.length;
    list.push(u);
  }
  const edges = new Uint32Array(count);
  for (let k = 0; k < m; k++) if (keep[k] && local[eu[k]] >= 0) edges[unitOf[compOf[eu[k]]]]++;
  const units: LouvainBin[] = nodes.map((list, b) => ({
    nodes: list,
    u: new Uint32Array(edges[b]),
    v: new Uint32Array(edges[b]),
    w: new Float64Array(edges[b]),
    weight: 0,
  }));
  const fill = new Uint32Array(count);
  for (let k = 0; k < m; k++) {
    if (!keep[k] || local[eu[k]] < 0) continue;
    const b = unitOf[compOf[eu[k]]];
    const unit = units[b];
    const p = fill[b]++;
    unit.u[p] = local[eu[k]];
    unit.v[p] = local[ev[k]];
    unit.w[p] = ew[k];
    unit.weight += ew[k];
  }
  return units;
}
