/**
 * analyze(): wallet list + transfers + labels -> clusters with evidence, support, archetype and risk, and one
 * decision per listed wallet under the policy preset. Deterministic for equal input and seed.
 */
import { buildWalletGraph, type WalletGraph } from './wallet-graph.ts';
import { detectGroups, type Grouping } from './detect-groups.ts';
import { collectEvidence, KIND_BITS, type RawCluster } from './cluster-evidence.ts';
import { createEnginePool, type EnginePool } from './community-pool.ts';
import { actionFor, clusterRisk, supportConfidence, supportLevel, round3 } from './scoring.ts';
import type {
  AnalyzeResult,
  Archetype,
  EngineCluster,
  EngineInput,
  EngineOptions,
  EngineTuning,
  EngineWalletDecision,
  EvidenceItem,
  Lane,
} from './types.ts';
import { HUB_NONE } from './wallet-graph.ts';

export const DEFAULT_TUNING: EngineTuning = {
  hubMinDegree: 1000,
  maxComponentNodes: 1000,
  backbonePruning: true,
  minClusterSize: 3,
  referenceDegree: 48,
  maxEvidencePerLane: 500,
  maxAddressesPerItem: 50,
};

/** Risk-bearing kinds that are conclusive on their own; the rest (unknown shared funders/counterparties) are not. */
const CONCLUSIVE_KINDS = new Set([
  'direct_transfer',
  'member_funder',
  'funding_chain',
  'consolidation_sweep',
  'referral_link',
  'shared_referral_code',
]);

export async function analyze(input: EngineInput, options: EngineOptions): Promise<AnalyzeResult> {
  const tuning: EngineTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const hybrid = options.mode === 'hybrid';
  options.onProgress?.({ phase: 'building_graph', done: 0, total: input.wallets.length });
  const graph = buildWalletGraph(input, tuning, hybrid);
  let ownPool: EnginePool | null = null;
  const pool = options.pool ?? ((): EnginePool => (ownPool ??= createEnginePool({ maxThreads: 2 })));
  try {
    const grouping = await detectGroups(graph, tuning, pool, options.seed ?? 42, options.onProgress);
    return decide(graph, grouping, input, options, tuning);
  } finally {
    if (ownPool) await (ownPool as EnginePool).destroy();
  }
}

/** From groups to clusters, evidence and decisions (exported for the benchmarks, which time it apart). */
export function decide(
  graph: WalletGraph,
  grouping: Grouping,
  input: EngineInput,
  options: EngineOptions,
  tuning: EngineTuning,
): AnalyzeResult {
  const { groupOf } = grouping;
  const listedInGroup = new Uint32Array(grouping.groupCount);
  for (const u of graph.walletNode) if (groupOf[u] >= 0) listedInGroup[groupOf[u]]++;
  const clusterOfGroup = new Int32Array(grouping.groupCount).fill(-1);
  const members: number[][] = [];
  const walletNodes = [...new Set(graph.walletNode)].sort((a, b) => a - b);
  for (const u of walletNodes) {
    const gid = groupOf[u];
    if (gid < 0 || listedInGroup[gid] < tuning.minClusterSize) continue;
    if (clusterOfGroup[gid] < 0) {
      clusterOfGroup[gid] = members.length;
      members.push([]);
    }
    members[clusterOfGroup[gid]].push(u);
  }
  const clusterOf = new Int32Array(graph.n).fill(-1);
  members.forEach((m, c) => {
    for (const u of m) clusterOf[u] = c;
  });
  options.onProgress?.({ phase: 'evidence', done: 0, total: members.length });
  const {
    clusters: raw,
    coveredBy,
    kindsOf,
  } = collectEvidence(graph, clusterOf, members, input.wallets, options.mode === 'hybrid', tuning.maxAddressesPerItem);
  const groupNodes = new Uint32Array(grouping.groupCount);
  for (let u = 0; u < graph.n; u++) if (groupOf[u] >= 0) groupNodes[groupOf[u]]++;
  const clusters = raw.map((rc) =>
    finishCluster(graph, rc, rc.members.length / groupNodes[groupOf[rc.members[0]]], tuning),
  );
  const seenLabels = new Set<string>();
  for (const c of clusters) {
    let label = c.label;
    let k = 1;
    while (seenLabels.has(label)) label = `${c.label}_${++k}`;
    seenLabels.add(label);
    c.label = label;
  }
  options.onProgress?.({ phase: 'scoring', done: clusters.length, total: clusters.length });
  // reasons are shared per (cluster, kinds naming the wallet): a handful of arrays per cluster, not one per wallet
  const reasonCache = new Map<number, string[]>();
  const reasonsFor = (c: number, mask: number): string[] => {
    const key = c * 1024 + mask;
    let r = reasonCache.get(key);
    if (!r) {
      const cl = clusters[c];
      r = [
        `member of cluster ${cl.label} (${cl.members.length} wallets, ${cl.archetype.name.replace(/_/g, ' ')}, support ${cl.support.level})`,
      ];
      if (mask === 0) r.push('grouped by graph structure only: no risk-bearing evidence names this wallet');
      else
        r.push(
          'named by: ' +
            KIND_BITS.filter((_, i) => mask & (1 << i))
              .map((k) => KIND_TEXT[k])
              .join(', '),
        );
      if (raw[c].inconclusive) r.push('only unknown shared funders or counterparties: not conclusive on its own');
      reasonCache.set(key, r);
    }
    return r;
  };
  const wallets: EngineWalletDecision[] = input.wallets.map((w, i) => {
    const u = graph.walletNode[i];
    const policyAction = w.policyAction ?? null;
    const c = clusterOf[u];
    if (c >= 0) {
      const cluster = clusters[c];
      const covered = coveredBy[u] !== 0;
      const risk = covered ? cluster.riskScore : Math.round(cluster.riskScore * 0.7);
      return {
        address: w.address,
        clusterLabel: cluster.label,
        riskScore: risk,
        storedStatus: 'clustered',
        storedRecommendedAction: actionFor(options.preset, risk),
        reasons: reasonsFor(c, covered ? kindsOf[u] : 0),
        policyAction,
      };
    }
    const gid = groupOf[u];
    if (gid >= 0 && listedInGroup[gid] > 1) {
      const others = listedInGroup[gid] - 1;
      const risk = 10 + 5 * others;
      return {
        address: w.address,
        clusterLabel: null,
        riskScore: risk,
        storedStatus: 'linked',
        storedRecommendedAction: actionFor(options.preset, risk),
        reasons: [
          `linked to ${others} other listed wallet${others > 1 ? 's' : ''}, below the cluster minimum of ${tuning.minClusterSize}`,
        ],
        policyAction,
      };
    }
    const reasons = touchesHub(graph, u)
      ? ['only links through shared infrastructure (neutralised, not evidence)']
      : ['no links to other listed wallets'];
    return {
      address: w.address,
      clusterLabel: null,
      riskScore: 0,
      storedStatus: 'clear',
      storedRecommendedAction: actionFor(options.preset, 0),
      reasons,
      policyAction,
    };
  });
  const clustered = wallets.filter((w) => w.clusterLabel !== null).length;
  return {
    clusters,
    wallets,
    stats: {
      nodes: graph.n,
      wallets: input.wallets.length,
      ...graph.stats,
      ...grouping.stats,
      groups: grouping.groupCount,
      clusters: clusters.length,
      clusteredWallets: clustered,
      evidenceItems: clusters.reduce((s, c) => s + c.evidence.length, 0),
    },
  };
}

function finishCluster(g: WalletGraph, rc: RawCluster, listedShare: number, tuning: EngineTuning): EngineCluster {
  const size = rc.members.length;
  const conclusive = [...rc.kinds].some((k) => CONCLUSIVE_KINDS.has(k));
  rc.inconclusive = !conclusive;
  const confidence = supportConfidence(rc.covered.funding / size, rc.covered.graph / size, conclusive);
  const lanes: Lane[] = [];
  if (rc.covered.funding > 0) lanes.push('funding');
  if (rc.covered.graph > 0) lanes.push('graph');
  const hybridKinds = ['referral_link', 'shared_referral_code', 'shared_event_timing'].filter((k) => rc.kinds.has(k));
  const groupingBasis = (lanes.length === 0 ? 'structure' : lanes.join('+')) + (hybridKinds.length ? '+referral' : '');
  const risk = clusterRisk(confidence, size, listedShare, conclusive);
  const members = rc.members.map((u) => g.addresses[u]);
  const cluster: EngineCluster = {
    label: clusterLabel(members),
    members,
    groupingBasis,
    support: {
      confidence,
      level: supportLevel(confidence),
      riskBearingEvidence: rc.counts.riskBearing,
      neutralisedEvidence: rc.counts.neutralised,
      memberCoverage: round3(rc.covered.any / size),
      listedShare: round3(listedShare),
      lanes,
      note: 'evidence strength for this stored grouping, not a probability that its wallets are Sybils',
    },
    archetype: archetypeOf(rc),
    riskScore: risk,
    evidence: capEvidence(rc.evidence, tuning.maxEvidencePerLane),
  };
  return cluster;
}

const KIND_TEXT: Record<(typeof KIND_BITS)[number], string> = {
  common_funder: 'a funder shared with other members',
  member_funder: 'funding sent by a member to many members',
  funding_chain: 'a chain of first fundings between members',
  consolidation_sweep: 'sending on to a receiver shared with other members',
  direct_transfer: 'direct transfers with other members',
  shared_counterparty: 'a counterparty shared with other members',
  referral_link: 'a referral link to a member',
  shared_referral_code: 'a referral code shared with members',
  shared_event_timing: 'the same campaign event as most members',
};

const ARCHETYPE_TEXT: Record<string, string> = {
  fan_out_funder: 'one address funded most members',
  funding_chain: 'members were funded one from another in a chain',
  consolidation_sweep: 'members sent their funds on to one receiver',
  referral_ring: 'members referred each other or share a referral code',
  batch_timing: 'members acted in the same campaign event',
  interaction_ring: 'members transfer among themselves',
};

function archetypeOf(rc: RawCluster): Archetype {
  let best = 'interaction_ring';
  let share = -1;
  for (const name of Object.keys(ARCHETYPE_TEXT)) {
    const s = rc.patterns[name] ?? 0;
    if (s > share) {
      best = name;
      share = s;
    }
  }
  const confidence = round3(Math.min(1, Math.max(0, share)));
  return {
    name: best,
    confidence,
    rationale: `hypothesis only: ${ARCHETYPE_TEXT[best]} (explains ${Math.round(confidence * 100)}% of members)`,
  };
}

function capEvidence(items: EvidenceItem[], perLane: number): EvidenceItem[] {
  // items come in a deterministic order (by kind, then node ids); over the cap the strongest are kept (stable sort)
  const order = (a: EvidenceItem, b: EvidenceItem): number =>
    Number(b.riskBearing) - Number(a.riskBearing) ||
    b.confidence - a.confidence ||
    b.addresses.length - a.addresses.length;
  const funding: EvidenceItem[] = [];
  const graph: EvidenceItem[] = [];
  for (const e of items) (e.lane === 'funding' ? funding : graph).push(e);
  if (funding.length > perLane) funding.sort(order).length = perLane;
  if (graph.length > perLane) graph.sort(order).length = perLane;
  return [...funding, ...graph];
}

/** A stable label: the same members always get the same label. */
export function clusterLabel(members: string[]): string {
  // two independent 32-bit FNV-1a hashes over the sorted addresses (fast; labels are made unique per run after)
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ members.length;
  for (const m of [...members].sort()) {
    for (let i = 0; i < m.length; i++) {
      const c = m.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    }
    h1 = Math.imul(h1 ^ 10, 0x01000193);
  }
  return 'cl_' + (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0').slice(0, 4);
}

function touchesHub(g: WalletGraph, u: number): boolean {
  return g.fullDegree[u] > g.off[u + 1] - g.off[u] || g.hub[u] !== HUB_NONE;
}
