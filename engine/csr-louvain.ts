/**
 * Louvain community detection on compressed typed arrays (CSR): no per-node or per-edge JS objects, so a
 * 1M-node / 3M-edge component fits in ~100 MB and one local-moving sweep costs a few hundred ms.
 *
 * Objective: modularity with resolution γ, Q = Σ_C [I_C / W - γ (D_C / 2W)²] (I_C: weight inside C, self loops
 * included; D_C: total degree of C; W: total weight). Moving node u into community C gains
 * w(u,C) - γ·k_u·D_C / 2W (times 1/W). With the engine's γ = 2W / referenceDegree² that is
 * w(u,C) - k_u·D_C / referenceDegree², independent of how components are binned.
 *
 * Local moving uses a queue (only neighbours of a moved node are revisited, as Leiden's fast local move), nodes
 * first enter in a seeded random order; ties keep the node where it is, then prefer the smaller community id, so
 * a run is a pure function of graph, resolution and seed. Levels aggregate communities into a smaller CSR graph
 * until a level merges nothing. Finally every community is split into its connected parts (Louvain alone can
 * leave a community whose members are only joined through nodes that moved away; Leiden's refinement guarantees
 * connected communities, this split gives the same guarantee at the cost of one union-find pass).
 * `measure` false skips computing the final modularity (one more pass over the edges) when nobody reads it.
 *
 * After the levels, `mergeShare` (> 0; the engine's tuning `communityMergeShare`) joins adjacent communities whose
 * weight between them is at least that share of the smaller one's degree (mergeByShare below): the resolution keeps
 * small groups apart but cuts a large sparse group into pieces, each of which still sends a large share of its edges
 * to the others. Off (0) unless asked: the tests compare the optimiser alone with the reference Louvain, and the
 * engine's tuning keeps it off by default (COMMUNITY_MERGE_SHARE below).
 */
import { seededRng } from './rng.ts';
import { UnionFind } from './union-find.ts';
import type { CsrGraph, MoveRecord } from './types.ts';

export type { CsrGraph, MoveRecord };

export interface CsrLouvainResult {
  communities: Int32Array;
  count: number;
  modularity: number;
  levels: number;
  /**
   * Adjacency entries local moving read on the first level and on the others (MoveScratch.scanned), and the
   * first level's evaluations a MoveRecord settled without reading edges.
   */
  work: { first: number; rest: number; settled: number };
}

/** CSR of an undirected edge list (u[i], v[i], w[i]); pairs must be distinct and u != v. */
export function csrFromEdges(n: number, u: Uint32Array, v: Uint32Array, w: Float64Array): CsrGraph {
  const off = new Uint32Array(n + 1);
  for (let i = 0; i < u.length; i++) {
    off[u[i] + 1]++;
    off[v[i] + 1]++;
  }
  for (let i = 0; i < n; i++) off[i + 1] += off[i];
  const adj = new Uint32Array(off[n]);
  const aw = new Float64Array(off[n]);
  const pos = off.slice(0, n);
  for (let i = 0; i < u.length; i++) {
    const a = u[i];
    const b = v[i];
    adj[pos[a]] = b;
    aw[pos[a]++] = w[i];
    adj[pos[b]] = a;
    aw[pos[b]++] = w[i];
  }
  return { n, off, adj, w: aw };
}

/** Weighted degree of every node (a self loop counts twice). */
export function degrees(g: CsrGraph): Float64Array {
  const k = new Float64Array(g.n);
  for (let u = 0; u < g.n; u++) {
    let s = g.loop ? 2 * g.loop[u] : 0;
    for (let e = g.off[u]; e < g.off[u + 1]; e++) s += g.w[e];
    k[u] = s;
  }
  return k;
}

/** Modularity of a partition at the given resolution. */
export function modularity(g: CsrGraph, comm: Int32Array, resolution: number): number {
  const k = degrees(g);
  let twoW = 0;
  for (let u = 0; u < g.n; u++) twoW += k[u];
  if (twoW === 0) return 0;
  let count = 0;
  for (let u = 0; u < g.n; u++) if (comm[u] + 1 > count) count = comm[u] + 1;
  const deg = new Float64Array(count);
  let inside = 0;
  for (let u = 0; u < g.n; u++) {
    deg[comm[u]] += k[u];
    if (g.loop) inside += 2 * g.loop[u];
    for (let e = g.off[u]; e < g.off[u + 1]; e++) if (comm[g.adj[e]] === comm[u]) inside += g.w[e];
  }
  let q = inside / twoW;
  for (let c = 0; c < count; c++) q -= resolution * (deg[c] / twoW) ** 2;
  return q;
}

/**
 * Scratch arrays of local moving, reused across levels and calls (sized for the largest graph seen), and its work:
 * the adjacency entries it read (a deterministic measure of the time local moving takes, read by the benchmarks).
 */
export class MoveScratch {
  scanned = 0;
  /** Evaluations a MoveRecord settled without reading the node's edges. */
  settled = 0;
  /** Of the last bestCommunity: the candidate communities (neighC[0..count)) and the weight of edges out of lo..hi. */
  count = 0;
  cross = 0;
  neighW = new Float64Array(0);
  neighC = new Int32Array(0);
  stamp = new Uint8Array(0);
  queue = new Uint32Array(0);
  inQueue = new Uint8Array(0);
  ensure(n: number): void {
    if (this.stamp.length >= n) return;
    this.neighW = new Float64Array(n);
    this.neighC = new Int32Array(n);
    this.stamp = new Uint8Array(n);
    this.queue = new Uint32Array(n);
    this.inQueue = new Uint8Array(n);
  }
}

/** A seeded random permutation of lo..hi-1. */
export function seededOrder(lo: number, hi: number, seed: number): Uint32Array {
  const order = new Uint32Array(hi - lo);
  for (let i = 0; i < order.length; i++) order[i] = lo + i;
  const rng = seededRng(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

/**
 * The community of u's best move (its own when nothing gains more), with u already taken out of `tot`. Only
 * neighbours in lo..hi-1 count (a chunk of parallel-louvain.ts sees its own nodes only; sequential: 0..n).
 * Plain loops, no callbacks: this is the innermost loop of the engine.
 */
function bestCommunity(
  g: CsrGraph,
  u: number,
  cu: number,
  ku: number,
  coef: number,
  tot: Float64Array,
  comm: Int32Array,
  lo: number,
  hi: number,
  s: MoveScratch,
): number {
  const { off, adj, w } = g;
  const { neighW, neighC, stamp } = s;
  let count = 0;
  let cross = 0;
  neighW[cu] = 0;
  stamp[cu] = 1;
  neighC[count++] = cu;
  for (let e = off[u], end = off[u + 1]; e < end; e++) {
    const v = adj[e];
    if (v === u) continue;
    if (v < lo || v >= hi) {
      cross += w[e];
      continue;
    }
    const c = comm[v];
    if (stamp[c] !== 1) {
      stamp[c] = 1;
      neighW[c] = 0;
      neighC[count++] = c;
    }
    neighW[c] += w[e];
  }
  let best = cu;
  let bestGain = neighW[cu] - ku * tot[cu] * coef;
  stamp[cu] = 0;
  for (let i = 1; i < count; i++) {
    const c = neighC[i];
    stamp[c] = 0;
    const gain = neighW[c] - ku * tot[c] * coef;
    if (gain > bestGain || (gain === bestGain && c < best && best !== cu)) {
      best = c;
      bestGain = gain;
    }
  }
  s.count = count;
  s.cross = cross;
  return best;
}

/**
 * Writes what u's evaluation saw (its community now `best`) into its record: its weight to its community and, as
 * the bound, the most it has to any other, where all of u's edges that bestCommunity did not read (those leaving a
 * chunk: the chunks' communities never span two chunks) may go to one community.
 */
function record(r: MoveRecord, u: number, best: number, s: MoveScratch): void {
  const { neighW, neighC } = s;
  let other = s.cross;
  for (let i = 0; i < s.count; i++) {
    const c = neighC[i];
    if (c !== best && neighW[c] > other) other = neighW[c];
  }
  r.own[u] = neighW[best];
  r.bound[u] = other;
  if (s.cross > 0) r.crossing[u] = 1;
}

/**
 * Whether u stays where it is, told by its record: every other community gains at most u's weight to it (its degree
 * term is not negative), at most the record's bound, and a tie keeps u. `tot` has u taken out, as bestCommunity has
 * it. Exact: the edge weights are transfer counts, so every sum is an integer below 2^53 whatever its order, and
 * `own` equals bestCommunity's sum for u's community.
 */
function stays(r: MoveRecord, u: number, ku: number, totCu: number, coef: number): boolean {
  return r.bound[u] <= r.own[u] - ku * totCu * coef;
}

/**
 * Local moving until no queued node moves: nodes start in the queue in the given order, a node that moves
 * queues its neighbours in lo..hi-1 that are not in its new community (Leiden's fast local move). comm and tot
 * (community degree sums) are updated in place; returns the number of moves. With `rec` (MoveRecord, its bound
 * infinite for a node never evaluated), a node whose record shows that it stays is passed over without reading its
 * edges (the same moves, less work), and the records follow every move, so a chunk's records serve the revisit.
 */
export function localMoving(
  g: CsrGraph,
  comm: Int32Array,
  k: Float64Array,
  tot: Float64Array,
  coef: number,
  start: Uint32Array,
  lo: number,
  hi: number,
  s: MoveScratch,
  rec?: MoveRecord,
): number {
  s.ensure(g.n);
  const { queue, inQueue } = s;
  const len = hi - lo;
  inQueue.fill(0, lo, hi);
  for (let i = 0; i < start.length; i++) {
    queue[i] = start[i];
    inQueue[start[i]] = 1;
  }
  let head = 0;
  let size = start.length;
  let moves = 0;
  while (size > 0) {
    const u = queue[head];
    head = head + 1 === len ? 0 : head + 1;
    size--;
    inQueue[u] = 0;
    const cu = comm[u];
    const ku = k[u];
    tot[cu] -= ku;
    if (rec && stays(rec, u, ku, tot[cu], coef)) {
      tot[cu] += ku;
      s.settled++;
      continue;
    }
    s.scanned += g.off[u + 1] - g.off[u];
    const best = bestCommunity(g, u, cu, ku, coef, tot, comm, lo, hi, s);
    if (rec) record(rec, u, best, s);
    tot[best] += ku;
    if (best === cu) continue;
    comm[u] = best;
    moves++;
    for (let e = g.off[u]; e < g.off[u + 1]; e++) {
      const v = g.adj[e];
      if (v < lo || v >= hi) continue;
      // the neighbours' records follow u's move: one in u's new community gains u's weight; another may now have
      // u's weight more to that community, and one in u's old community loses it
      if (rec && v !== u) {
        if (comm[v] === best) rec.own[v] += g.w[e];
        else {
          if (comm[v] === cu) rec.own[v] -= g.w[e];
          rec.bound[v] += g.w[e];
        }
      }
      if (inQueue[v] || comm[v] === best) continue;
      inQueue[v] = 1;
      let at = head + size;
      if (at >= len) at -= len;
      queue[at] = v;
      size++;
    }
  }
  return moves;
}

/** Renumbers community ids to 0..count-1 by first appearance in node order; returns count. */
export function renumber(comm: Int32Array, idBound: number): number {
  const map = new Int32Array(idBound).fill(-1);
  let count = 0;
  for (let u = 0; u < comm.length; u++) {
    const c = comm[u];
    if (map[c] < 0) map[c] = count++;
    comm[u] = map[c];
  }
  return count;
}

/** The graph of communities: one node per community, edge weights summed, inner weight as self loops. */
export function aggregate(g: CsrGraph, comm: Int32Array, count: number): CsrGraph {
  const start = new Uint32Array(count + 1);
  for (let u = 0; u < g.n; u++) start[comm[u] + 1]++;
  for (let c = 0; c < count; c++) start[c + 1] += start[c];
  const members = new Uint32Array(g.n);
  const fill = start.slice(0, count);
  for (let u = 0; u < g.n; u++) members[fill[comm[u]]++] = u;
  const off = new Uint32Array(count + 1);
  const adj = new Uint32Array(g.adj.length);
  const w = new Float64Array(g.adj.length);
  const loop = new Float64Array(count);
  const seenBy = new Int32Array(count).fill(-1);
  const pos = new Uint32Array(count);
  let e2 = 0;
  for (let c = 0; c < count; c++) {
    off[c] = e2;
    let inner = 0;
    for (let i = start[c]; i < start[c + 1]; i++) {
      const u = members[i];
      if (g.loop) inner += g.loop[u];
      for (let e = g.off[u]; e < g.off[u + 1]; e++) {
        const d = comm[g.adj[e]];
        if (d === c) {
          inner += g.w[e] / 2; // every inner edge is seen from both ends
          continue;
        }
        if (seenBy[d] !== c) {
          seenBy[d] = c;
          pos[d] = e2;
          adj[e2] = d;
          w[e2++] = g.w[e];
        } else w[pos[d]] += g.w[e];
      }
    }
    loop[c] = inner;
  }
  off[count] = e2;
  return { n: count, off, adj: adj.slice(0, e2), w: w.slice(0, e2), loop };
}

/** Splits every community into its connected parts and renumbers (by smallest node); returns the count. */
export function splitDisconnected(g: CsrGraph, comm: Int32Array): number {
  const uf = new UnionFind(g.n);
  for (let u = 0; u < g.n; u++)
    for (let e = g.off[u]; e < g.off[u + 1]; e++) {
      const v = g.adj[e];
      if (v > u && comm[v] === comm[u]) uf.union(u, v);
    }
  for (let u = 0; u < g.n; u++) comm[u] = uf.find(u);
  return renumber(comm, g.n);
}

/** Records of n nodes never evaluated: no bound on their weights yet (an evaluation writes one). */
export function unknownRecords(n: number): MoveRecord {
  return {
    own: new Float64Array(n),
    bound: new Float64Array(n).fill(Number.POSITIVE_INFINITY),
    crossing: new Uint8Array(n),
  };
}

/**
 * Multi-level Louvain on a CSR graph. `initial` (optional) is a partition of the first level to start from, e.g.
 * the chunks' partition of parallel-louvain.ts, and `revisit` the nodes whose first-level moves it may have missed
 * (those with an edge between chunks): the first level then only refines it. `settle` false reads every queued
 * node's edges instead of keeping records (MoveRecord: the same result, for the tests to compare). `mergeShare`:
 * see mergeByShare (0: off).
 */
export function louvainCsr(
  g: CsrGraph,
  resolution: number,
  seed: number,
  initial?: { partition: Int32Array; revisit: Uint32Array; record?: MoveRecord },
  scratch = new MoveScratch(),
  measure = true,
  settle = true,
  mergeShare = 0,
): CsrLouvainResult {
  const n = g.n;
  const result = new Int32Array(n);
  for (let u = 0; u < n; u++) result[u] = u; // the level node of each original node
  let comm = new Int32Array(n);
  for (let u = 0; u < n; u++) comm[u] = initial ? initial.partition[u] : u;
  if (initial) renumber(comm, n);
  let level = g;
  let levels = 0;
  // the graph of the final communities (node c: the community result[u] === c), for the merge by share
  let top: CsrGraph | undefined;
  const work = { first: 0, rest: 0, settled: 0 };
  for (;;) {
    const k = degrees(level);
    let twoW = 0;
    for (let u = 0; u < level.n; u++) twoW += k[u];
    if (twoW === 0) break;
    const tot = new Float64Array(level.n);
    for (let u = 0; u < level.n; u++) tot[comm[u]] += k[u];
    const start = initial && levels === 0 ? initial.revisit : seededOrder(0, level.n, (seed + levels * 7919) >>> 0);
    const scanned = scratch.scanned;
    const settled = scratch.settled;
    // records from the chunks (the first level of a large component), or new ones that know nothing yet
    const rec = settle ? ((levels === 0 ? initial?.record : undefined) ?? unknownRecords(level.n)) : undefined;
    localMoving(level, comm, k, tot, resolution / twoW, start, 0, level.n, scratch, rec);
    work[levels === 0 ? 'first' : 'rest'] += scratch.scanned - scanned;
    work.settled += scratch.settled - settled;
    const count = renumber(comm, level.n);
    for (let u = 0; u < n; u++) result[u] = comm[result[u]];
    levels++;
    if (count === level.n) {
      // nothing merged, so nothing moved (a node moves only into a neighbour's community, which would merge two):
      // comm is the identity and this level is the graph of the final communities
      if (mergeShare > 0) top = level;
      break;
    }
    level = aggregate(level, comm, count);
    comm = new Int32Array(level.n);
    for (let c = 0; c < level.n; c++) comm[c] = c;
  }
  if (top) {
    const joined = mergeByShare(top, mergeShare);
    for (let u = 0; u < n; u++) result[u] = joined[result[u]];
  }
  const count = splitDisconnected(g, result);
  const q = measure ? modularity(g, result, resolution) : Number.NaN;
  return { communities: result, count, modularity: q, levels, work };
}

/**
 * The share mergeByShare was designed with, chosen on development graphs of bench:engine (300k wallets, seeds 7 and
 * 11: the best mean NMI of the heavy-tailed and mixed shapes among 0.125-0.2). Not the engine's default
 * (EngineTuning.communityMergeShare 0): with it Hop's out-of-fold balanced F1 fell from 0.7605 to 0.7596
 * (docs/benchmarks.md, eighth session).
 */
export const COMMUNITY_MERGE_SHARE = 0.15;

/**
 * Rounds of mergeByShare (each round joins what the previous one's joined communities now qualify for). Chosen on the
 * development graphs (300k wallets, seed 7): 1, 2, 3 and 16 rounds gave NMI 0.9627, 0.9637, 0.9635, 0.9635 on the
 * heavy-tailed shape and 0.8944, 0.8958, 0.8960, 0.8960 on the mixed one; each round is a pass over the community
 * graph on the sequential critical path, so 3.
 */
const MERGE_ROUNDS = 3;
/**
 * Weight (transfer count) a join needs at least, whatever the share: one or two stray transfers of a community of a
 * few wallets (degree under 20) are a large share of its degree and say nothing. Tried on the development campaigns
 * of bench:quality (the only value tried): without it the merge flagged 33 more wallets on the second blind
 * generator's development seeds (legitimate flagged 1.35% → 1.36%), with it 4; bench:engine's graphs unchanged.
 */
const MERGE_MIN_WEIGHT = 3;

/**
 * Joins adjacent communities of a community graph (`top`: one node per community, inner weight as self loops) when
 * the weight between two of them is at least `share` of the smaller one's degree (its total weight, inside and out),
 * in up to MERGE_ROUNDS rounds over the joined graph; returns the joined id of every node of `top`.
 *
 * Why: at the engine's resolution two groups merge only when the weight between them exceeds dA·dB/referenceDegree²,
 * which keeps small groups apart whatever the graph's size but grows with the square of the degrees, so a sparse
 * group of several hundred wallets (a funder star plus a few random inner transfers each) is cut into pieces (the
 * objective itself prefers the cut: docs/benchmarks.md). A piece still sends a large share of its own edges to the
 * rest of its group (every member's funder edge, half its inner edges), while a small group's few stray edges (one
 * of its 20-100) are a small share of its degree: the share tells the two apart where no single resolution does.
 * Label-free and size-free (a campaign's size does not change a share). Each community looks at the neighbour at
 * least as large as itself that takes the most of its weight and joins it when that weight is at least `share` of
 * its own degree (and at least MERGE_MIN_WEIGHT); a round's joins are made together (union-find), so the order does
 * not matter.
 */
export function mergeByShare(top: CsrGraph, share: number): Int32Array {
  const joined = new Int32Array(top.n);
  for (let c = 0; c < top.n; c++) joined[c] = c;
  let level = top;
  let k = degrees(top);
  for (let round = 0; round < MERGE_ROUNDS; round++) {
    const uf = new UnionFind(level.n);
    let merges = 0;
    for (let a = 0; a < level.n; a++) {
      // what leaves a (its degree less its inner weight, counted twice) bounds its weight to any neighbour: most
      // communities cannot qualify and their edges are not read
      const need = Math.max(MERGE_MIN_WEIGHT, share * k[a]);
      if (k[a] - (level.loop ? 2 * level.loop[a] : 0) < need) continue;
      // a's neighbour at least as large as it (by degree) that takes the most of a's weight, ties to the smaller id
      // (a smaller neighbour is judged by its own share, from its side); the self loop is a's inner weight
      let best = -1;
      let bestW = 0;
      for (let e = level.off[a]; e < level.off[a + 1]; e++) {
        const b = level.adj[e];
        if (b === a || k[b] < k[a]) continue;
        if (level.w[e] > bestW || (level.w[e] === bestW && b < best)) {
          best = b;
          bestW = level.w[e];
        }
      }
      if (best < 0 || bestW < need || uf.find(a) === uf.find(best)) continue;
      uf.union(a, best);
      merges++;
    }
    if (merges === 0) break;
    const comm = new Int32Array(level.n);
    for (let c = 0; c < level.n; c++) comm[c] = uf.find(c);
    const count = renumber(comm, level.n);
    for (let c = 0; c < top.n; c++) joined[c] = comm[joined[c]];
    if (round + 1 === MERGE_ROUNDS) break;
    // the joined graph keeps every degree (inner weight becomes a self loop): sum them instead of reading the edges
    const joinedK = new Float64Array(count);
    for (let c = 0; c < level.n; c++) joinedK[comm[c]] += k[c];
    k = joinedK;
    level = aggregate(level, comm, count);
  }
  return joined;
}
