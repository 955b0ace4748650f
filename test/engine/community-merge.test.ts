/**
 * The merge by share after Louvain (engine/csr-louvain.ts mergeByShare, tuning communityMergeShare): a sparse farm of
 * several hundred wallets, which the engine's resolution cuts into pieces (graphology-communities-louvain cuts it
 * too: the objective, not the optimiser), is made whole again, while the small planted groups around it stay apart.
 */
import t from 'tap';
import { UndirectedGraph } from 'graphology';
import { buildWalletGraph, createEnginePool, detectGroups } from '../../engine/index.ts';
import { DEFAULT_TUNING } from '../../engine/analyze.ts';
import type { EngineInput } from '../../engine/types.ts';
import { COMMUNITY_MERGE_SHARE, csrFromEdges, louvainCsr, modularity } from '../../engine/csr-louvain.ts';
import { seededRng } from '../../engine/rng.ts';
import { louvain, MODULARITY_TOLERANCE } from './reference-louvain.ts';

const FARM = 400;

/**
 * The generator's recipe (../shared/bench/wallet-graph-gen.cjs, bench:engine's `--cluster-sizes heavy`): nodes
 * 0..FARM-1 one farm (a funder star plus 1.4 random inner transfers per member), then small groups of 5-24 (a star
 * plus as many random inner transfers as members), then random triangles among unrelated nodes (kept by the
 * backbone pruning, so the whole graph is one component for community detection), as many as bench:engine's hard
 * variant adds (5% of the generator's 3 edges per node).
 */
function plantedFarm(n: number, seed: number) {
  const rng = seededRng(seed);
  const truth = new Int32Array(n);
  const seen = new Set<number>();
  const us: number[] = [];
  const vs: number[] = [];
  const add = (a: number, b: number): boolean => {
    const key = a < b ? a * n + b : b * n + a;
    if (a === b || seen.has(key)) return false;
    seen.add(key);
    us.push(Math.min(a, b));
    vs.push(Math.max(a, b));
    return true;
  };
  const group = (s: number, size: number, inner: number, label: number): void => {
    for (let i = 0; i < size; i++) truth[s + i] = label;
    for (let i = 1; i < size; i++) add(s, s + i);
    // a bounded number of tries: the last group may be too small to hold them all
    for (let j = 0, tries = 0; j < inner && tries < 20 * inner; tries++)
      if (add(s + Math.floor(rng() * size), s + Math.floor(rng() * size))) j++;
  };
  group(0, FARM, Math.round(1.4 * FARM), 0);
  let label = 1;
  for (let s = FARM; s < n; label++) {
    const size = Math.min(n - s, 5 + Math.floor(rng() * 20));
    group(s, size, size, label);
    s += size;
  }
  for (let j = 0; j < n / 20; ) {
    const [a, b, c] = [rng(), rng(), rng()].map((x) => Math.floor(x * n));
    if (truth[a] === truth[b] || truth[b] === truth[c] || truth[a] === truth[c]) continue;
    add(a, b);
    add(b, c);
    add(a, c);
    j++;
  }
  return {
    truth,
    groups: label,
    u: Uint32Array.from(us),
    v: Uint32Array.from(vs),
    w: new Float64Array(us.length).fill(1),
  };
}

/** The share of the farm's nodes in its largest community. */
function farmWhole(comm: ArrayLike<number>): number {
  const count = new Map<number, number>();
  for (let u = 0; u < FARM; u++) count.set(comm[u], (count.get(comm[u]) ?? 0) + 1);
  return Math.max(...count.values()) / FARM;
}

t.test('a sparse farm cut by the resolution is joined again; small groups stay apart', async (t) => {
  const n = 2400;
  const planted = plantedFarm(n, 3);
  const g = csrFromEdges(n, planted.u, planted.v, planted.w);
  const resolution = (2 * planted.u.length) / DEFAULT_TUNING.referenceDegree ** 2; // the engine's, as detect-groups
  const graph = new UndirectedGraph();
  for (let i = 0; i < n; i++) graph.addNode(String(i));
  for (let i = 0; i < planted.u.length; i++) graph.addEdge(String(planted.u[i]), String(planted.v[i]));
  const ref = louvain.detailed(graph, { resolution, rng: seededRng(42) });
  const refComm = Int32Array.from({ length: n }, (_, i) => ref.communities[String(i)]);
  const plain = louvainCsr(g, resolution, 42);
  const merged = louvainCsr(g, resolution, 42, undefined, undefined, true, true, COMMUNITY_MERGE_SHARE);

  // the optimiser agrees with the reference, and the objective itself cuts the farm
  t.ok(
    Math.abs(plain.modularity - ref.modularity) <= MODULARITY_TOLERANCE,
    `modularity ${plain.modularity.toFixed(4)} vs reference ${ref.modularity.toFixed(4)}`,
  );
  t.ok(farmWhole(refComm) < 0.5, `the reference cuts the farm: ${farmWhole(refComm)} in its largest part`);
  t.ok(
    farmWhole(plain.communities) < 0.5,
    `so does the same Louvain without the merge: ${farmWhole(plain.communities)}`,
  );

  t.ok(farmWhole(merged.communities) >= 0.8, `with the merge: ${farmWhole(merged.communities)} of the farm together`);
  t.ok(
    merged.count >= 0.75 * planted.groups,
    `small groups are not merged wholesale: ${merged.count} communities, ${planted.groups} planted`,
  );
  // what the merge gives up at this resolution: a little modularity (the planted farm scores less than its pieces)
  t.ok(merged.modularity < plain.modularity, 'the merge gives up modularity at this resolution');
  t.equal(merged.modularity, modularity(g, merged.communities, resolution));
  t.same(
    louvainCsr(g, resolution, 42, undefined, undefined, true, true, COMMUNITY_MERGE_SHARE).communities,
    merged.communities,
    'same seed, same partition',
  );
});

t.test('the engine joins the farm through its tuning (communityMergeShare 0, the default: cut)', async (t) => {
  const n = 2400;
  const planted = plantedFarm(n, 3);
  const addresses = Array.from({ length: n }, (_, i) => `w${i}`);
  const input: EngineInput = {
    chainFamily: 'evm',
    wallets: addresses.map((address) => ({ address })),
    transfers: { addresses, from: planted.u, to: planted.v },
    labels: { infrastructure: new Map(), exceptions: new Set() },
  };
  const graph = buildWalletGraph(input, DEFAULT_TUNING, false);
  const node = new Map(graph.addresses.map((a, i) => [a, i]));
  const pool = createEnginePool({ maxThreads: 1 });
  try {
    for (const share of [COMMUNITY_MERGE_SHARE, 0]) {
      const grouping = await detectGroups(graph, { ...DEFAULT_TUNING, communityMergeShare: share }, pool, 42);
      t.equal(grouping.stats.louvainComponents, 1, 'one component goes to Louvain');
      const whole = farmWhole(Int32Array.from({ length: FARM }, (_, i) => grouping.groupOf[node.get(addresses[i])!]));
      if (share > 0) t.ok(whole >= 0.8, `merge share ${share}: ${whole} of the farm in one group`);
      else t.ok(whole < 0.5, `merge off: the farm is cut (${whole} in its largest group)`);
    }
  } finally {
    await pool.destroy();
  }
});
