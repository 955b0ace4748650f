/**
 * analyze(): wallet list + transfers + labels -> clusters with evidence, support, archetype and risk, and one
 * decision per listed wallet under the policy preset. Deterministic for equal input and seed.
 */
import { buildWalletGraph, type WalletGraph } from './wallet-graph.ts';
import { detectGroups, type Grouping, PARALLEL_MIN_NODES } from './detect-groups.ts';
import { ACTED_TOGETHER, collectEvidence, type RawCluster } from './evidence/collect.ts';
import type { DirectPairs } from './evidence/direct-pairs.ts';
import { KeptEvidence, withEvidence } from './evidence/kept-evidence.ts';
import { createEnginePool, type EnginePool } from './community-pool.ts';
import {
  actionFor,
  clusterFactor,
  NON_MEMBER_RISK,
  supportConfidence,
  supportLevel,
  round3,
  walletRisk,
} from './scoring.ts';
import { CONCLUSIVE_KINDS, EVIDENCE_KINDS, FUNDING_IN_MASK, kindInfo, MEMBERSHIP_MASK } from './evidence/kinds.ts';
import { keepMembers } from './membership.ts';
import { transferWebEvidence } from './evidence/transfer-web.ts';
import { sideScanTask } from './evidence/side-scan.ts';
import { type AddressBytes, addressBytesOnce, clusterLabel, hashSorted, labelOfHashes } from './cluster-label.ts';
import { evidenceBreadth, hasBlockTimes, payingShare, socialOnly } from './evidence/breadth.ts';
import { allFundingRuns, joinRuns } from './evidence/timed-funding.ts';
import { withoutGasDrops } from './gas-drops.ts';
import { passingWebs } from './evidence/passing-webs.ts';
import type {
  AnalyzeResult,
  Archetype,
  EngineCluster,
  EngineInput,
  EngineOptions,
  EngineTuning,
  EngineWalletDecision,
  EvidenceItem,
  EvidenceScan,
  EvidenceScanTask,
  Lane,
  SideScan,
} from './types.ts';
import { HUB_NONE } from './wallet-graph.ts';
import { UNIFORM_SHARE } from './uniform-amounts.ts';

export const DEFAULT_TUNING: EngineTuning = {
  hubMinDegree: 1000,
  maxComponentNodes: 1000,
  backbonePruning: true,
  minClusterSize: 3,
  referenceDegree: 48,
  // off: COMMUNITY_MERGE_SHARE (csr-louvain.ts) helps graphs with large sparse farms but lowered Hop's balanced F1
  communityMergeShare: 0,
  maxEvidencePerLane: 500,
  maxAddressesPerItem: 50,
  transferWebMin: 8,
  listedShareFull: 0.25,
  narrowFactor: 0.5,
};

/** Payments among listed wallets: the direct transfers and the web they form. */
const PAYMENT_MASK = kindInfo('direct_transfer').bit | kindInfo('transfer_web').bit;
/**
 * Named by nothing conclusive but payments among listed wallets: those payments, a shared funder, counterparty or
 * campaign event at most (a bystander's ties, when it acts in concert in nothing).
 */
const loosely = (kinds: number): boolean => kinds !== 0 && (kinds & CONCLUSIVE_MASK & ~PAYMENT_MASK) === 0;

const CONCLUSIVE_MASK = EVIDENCE_KINDS.reduce((m, k, i) => (k.conclusive ? m | (1 << i) : m), 0);
/** Conclusive kinds that say more than how a wallet was funded: a wallet needs one to be rejected. */
const REJECTABLE_MASK =
  EVIDENCE_KINDS.reduce((m, k, i) => (k.conclusive && !k.fundingIn ? m | (1 << i) : m), 0) & ~FUNDING_IN_MASK;

export async function analyze(input: EngineInput, options: EngineOptions): Promise<AnalyzeResult> {
  const tuning: EngineTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const hybrid = options.mode === 'hybrid';
  options.onProgress?.({ phase: 'building_graph', done: 0, total: input.wallets.length });
  const graph = buildWalletGraph(input, tuning, hybrid);
  let ownPool: EnginePool | null = null;
  const pool = options.pool ?? ((): EnginePool => (ownPool ??= createEnginePool({ maxThreads: 2 })));
  try {
    const grouping = await detectGroups(graph, tuning, pool, options.seed ?? 42, options.onProgress);
    // the pool detection started (if any) scans for evidence too
    return await decide(graph, grouping, input, { ...options, pool: options.pool ?? ownPool ?? undefined }, tuning);
  } finally {
    if (ownPool) await (ownPool as EnginePool).destroy();
  }
}

/**
 * From groups to clusters, evidence and decisions (exported for the benchmarks, which time it apart): the
 * interaction graph's groups are joined by batch and co-timed funding runs, evidence is collected per grouping,
 * and only wallets named by membership evidence of their own are members of a cluster. On a large graph the
 * evidence's typed passes run on a thread of `options.pool` (evidence/scan.ts); the result is the same without.
 */
export async function decide(
  graph: WalletGraph,
  interactionGroups: Grouping,
  input: EngineInput,
  options: EngineOptions,
  tuning: EngineTuning,
): Promise<AnalyzeResult> {
  const runs = withoutGasDrops(graph, allFundingRuns(graph, tuning.transferWebMin), tuning.transferWebMin);
  const passing = passingWebs(graph, tuning.transferWebMin, interactionGroups.groupOf);
  const grouping = joinRuns(graph, interactionGroups, runs, passing.webs);
  const { groupOf } = grouping;
  const listedInGroup = new Uint32Array(grouping.groupCount);
  for (const u of graph.walletNode) if (groupOf[u] >= 0) listedInGroup[groupOf[u]]++;
  const clusterOfGroup = new Int32Array(grouping.groupCount).fill(-1);
  const members: number[][] = [];
  // in shared memory: the evidence scan's thread reads it
  const clusterOf = new Int32Array(new SharedArrayBuffer(4 * graph.n)).fill(-1);
  for (let u = 0; u < graph.n; u++) {
    const gid = groupOf[u];
    if (!graph.listed[u]) continue;
    if (gid < 0 || listedInGroup[gid] < tuning.minClusterSize) continue;
    if (clusterOfGroup[gid] < 0) {
      clusterOfGroup[gid] = members.length;
      members.push([]);
    }
    members[clusterOfGroup[gid]].push(u);
    clusterOf[u] = clusterOfGroup[gid];
  }
  options.onProgress?.({ phase: 'evidence', done: 0, total: members.length });
  const hybrid = options.mode === 'hybrid';
  const { pool } = options;
  // on a thread detection used (running: no start-up), where it pays; else inline
  const onPool = pool !== undefined && graph.n >= PARALLEL_MIN_NODES && pool.liveThreads() > 0;
  // the side scan on the second thread (with one, it would wait for the evidence scan: inline then)
  const bytes = onPool && pool.liveThreads() >= 2 ? addressBytesOnce(graph.addresses) : null;
  const sideSizes = bytes ? members.map((m) => m.length) : [];
  const pendingSide = bytes ? pool?.sideScan(sideScanTask(graph, clusterOf, sideSizes, bytes)) : undefined;
  // a failure shows where it is awaited (left unawaited when the evidence scan fails first, it must not crash)
  pendingSide?.catch(() => undefined);
  const runScan = onPool
    ? async (task: EvidenceScanTask): Promise<EvidenceScan> => {
        const scan = await pool.evidenceScan(task);
        await pendingSide; // it reads clusterOf too
        // after a large component the threads' heaps hold its graph (~150 MB at 1M wallets): end them now, before
        // the evidence peaks (the main thread does not return to its event loop again until decisions are made).
        // Not awaited: the threads are told to end at once and free their heaps on their own; waiting for their
        // exit events cost this thread 15-70 ms
        if (interactionGroups.releaseThreads) pool.releaseLouvain().catch(() => undefined);
        return scan;
      }
    : undefined;
  const evidence = await collectEvidence(
    graph,
    clusterOf,
    members,
    input.wallets,
    hybrid,
    tuning.maxAddressesPerItem,
    runs,
    tuning.transferWebMin,
    runScan,
  );
  const side: SideScan | undefined = await pendingSide; // settled: runScan waited for it
  transferWebEvidence(graph, evidence, tuning.transferWebMin, tuning.maxAddressesPerItem, side);
  const { coveredBy, kindsOf, strength, concerted } = evidence;
  const { raw, rawOf, nonMember } = keepMembers(
    evidence.clusters,
    clusterOf,
    kindsOf,
    coveredBy,
    groupOf,
    grouping.groupCount,
    tuning.minClusterSize,
  );
  const factors: number[] = [];
  const timed = hasBlockTimes(graph);
  // with block times, a wallet no evidence of concerted action names (a batch, a run, lockstep, a sweep, a chain
  // passed through: Evidence.concerted) is never a reject, whatever else names its cluster: payments among people
  // who know each other, a funder paying them at unrelated times, form webs as large as the campaign's social graph
  const unconcerted = (u: number): boolean => timed && concerted[u] === 0;
  // ... nor is one funded with other members (a batch, a run) whose only other ties are payments: an app's gas drop
  // pays its new users in batches as a farm's funder does, and a tenth of people pay someone in the campaign. To be
  // a reject, such a wallet must act with the others (lockstep, a sweep, a referral, a chain passed through)
  const paidNotActed = (u: number): boolean =>
    timed && (concerted[u] & ACTED_TOGETHER) === 0 && (kindsOf[u] & REJECTABLE_MASK & ~PAYMENT_MASK) === 0;
  // ... and in a cluster whose members act in concert (not socialOnly), one acting in concert in nothing and tied to
  // it only by payments (direct transfers and the web they form) and shared funders or counterparties is a bystander
  // who paid or was paid by the farm's wallets or their friends, or used the same faucet: it lends `narrowFactor` of
  // the cluster's factor, as a narrow cluster does. Nor is a passer of a passing web (passing-webs.ts) in a cluster
  // whose members are nearly all such passers: there each wallet's payment to one other is the farm's own act, and a
  // few funding chains or one run among its members made every other wallet a bystander
  const socialCluster: boolean[] = [];
  const passingCluster: boolean[] = [];
  const passerCount = (rc: RawCluster): number => {
    let passers = 0;
    for (const u of rc.members) passers += passing.passer[u];
    return passers;
  };
  const bystander = (c: number, u: number): boolean =>
    !socialCluster[c] && !(passingCluster[c] && passing.passer[u] === 1) && unconcerted(u) && loosely(kindsOf[u]);
  const riskOf = (c: number, u: number): number =>
    walletRisk(
      bystander(c, u) ? factors[c] * tuning.narrowFactor : factors[c],
      strength[u],
      raw[c].inconclusive === true || (kindsOf[u] & REJECTABLE_MASK) === 0 || unconcerted(u) || paidNotActed(u),
    );
  // a narrow cluster (no tie joining transferWebMin listed wallets) lends less without block times, and with them
  // when only its members' payments to one another tie it (breadth.ts); so does such a social cluster however broad
  // when its members are not nearly all payers: the webs people's payments form, and the people one faucet, grant
  // or parent paid at unrelated times, grow with the campaign (a tenth of 72,000 people paying one or two others
  // join webs of hundreds), while a farm's script has every wallet pay
  const narrowFactor = tuning.narrowFactor;
  const socialWeb = (rc: RawCluster): boolean =>
    payingShare(rc.members, evidence.direct, rc.direct.p0, rc.direct.p1) < UNIFORM_SHARE;
  const narrowCluster: boolean[] = [];
  let evidenceItems = 0;
  const clusters = raw.map((rc, c) => {
    const social = timed && socialOnly(rc.kinds, rc.evidence);
    socialCluster.push(social);
    passingCluster.push(timed && passerCount(rc) >= UNIFORM_SHARE * rc.members.length);
    const narrow =
      narrowFactor < 1 &&
      (!timed || social) &&
      (evidenceBreadth(rc.evidence, social) < tuning.transferWebMin || (social && socialWeb(rc)));
    narrowCluster.push(narrow);
    const label = side && bytes ? sideLabel(side, bytes, rawOf[c], rc.members, kindsOf) : undefined;
    const { cluster, items } = finishCluster(graph, rc, evidence.direct, rc.listedShare ?? 1, tuning, label);
    evidenceItems += items;
    const factor = clusterFactor(cluster.support.confidence, rc.listedShare ?? 1, tuning.listedShareFull);
    factors.push(narrow ? factor * narrowFactor : factor);
    return cluster;
  });
  const member = memberDecisions(clusterOf, kindsOf, clusters.length, riskOf, bystander, timed ? concerted : undefined);
  clusters.forEach((cluster, c) => {
    cluster.riskScore = member.clusterRisk[c];
  });
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
  // (reason arrays are never modified after analyze)
  const reasonCache: Array<Map<number, string[]> | undefined> = new Array(clusters.length);
  // their lines: the cluster's made once per cluster, the kinds' once per set of kinds
  const clusterLine: string[] = new Array(clusters.length);
  const namedBy = new Map<number, string>();
  // the last set of kinds asked for per cluster, most often the same for all of its members: no map look-up
  const lastMask = new Int32Array(clusters.length).fill(-1);
  const lastReasons: string[][] = new Array(clusters.length);
  const reasonsFor = (c: number, mask: number): string[] => {
    if (lastMask[c] === mask) return lastReasons[c];
    const cache = (reasonCache[c] ??= new Map());
    let r = cache.get(mask);
    if (!r) {
      const cl = clusters[c];
      clusterLine[c] ??=
        `member of cluster ${cl.label} (${cl.members.length} wallets, ` +
        `${cl.archetype.name.replace(/_/g, ' ')}, support ${cl.support.level})`;
      let named = namedBy.get(mask);
      if (named === undefined) {
        named =
          'named by: ' +
          EVIDENCE_KINDS.filter((_, i) => mask & (1 << i))
            .map((k) => k.text)
            .join(', ');
        namedBy.set(mask, named);
      }
      r = [clusterLine[c], named];
      if (narrowCluster[c])
        r.push(
          `${timed ? 'tied only by payments among its members' : 'without block times'} and no tie joining ` +
            `${tuning.transferWebMin} or more listed wallets: ` +
            'a few wallets paying each other may be one person or friends, the cluster lends less support',
        );
      if (raw[c].inconclusive) r.push('only unknown shared funders or counterparties: not conclusive on its own');
      else if ((mask & REJECTABLE_MASK) === 0)
        r.push('named only by how it was funded: shared funding alone is not conclusive, never a reject');
      else if (timed && (mask & CONCERTED_BIT) === 0)
        r.push('no batch, run, sweep or lockstep of its own, only payments among members and funders: never a reject');
      else if (timed && (mask & ACTED_BIT) === 0 && (mask & REJECTABLE_MASK & ~PAYMENT_MASK) === 0)
        r.push(
          'funded with other members and paid or was paid by members, but no lockstep, sweep or referral of its own: ' +
            'never a reject',
        );
      if (mask & BYSTANDER_BIT)
        r.push(
          'tied to the cluster only by payments and shared funders or counterparties, while other members act in ' +
            "concert: a bystander's support is less",
        );
      cache.set(mask, r);
    }
    lastMask[c] = mask;
    lastReasons[c] = r;
    return r;
  };
  // the other decisions' reasons depend only on a count: one array per count (a million wallets share a few)
  const nonMemberReasons = new Map<number, string[]>();
  const linkedReasons = new Map<number, string[]>();
  const labels = clusters.map((c) => c.label);
  const wallets: EngineWalletDecision[] = input.wallets.map((w, i) => {
    const u = graph.walletNode[i];
    const policyAction = w.policyAction ?? null;
    const key = member.keyOf[2 * u];
    if (key >= 0) {
      const c = Math.floor(key / KINDS_SPAN);
      const risk = member.keyOf[2 * u + 1];
      return {
        address: w.address,
        clusterLabel: labels[c],
        riskScore: risk,
        storedStatus: 'clustered',
        storedRecommendedAction: actionFor(options.preset, risk),
        reasons: reasonsFor(c, key % KINDS_SPAN),
        policyAction,
      };
    }
    const gid = groupOf[u];
    if (nonMember[u]) {
      const others = listedInGroup[gid] - 1;
      return {
        address: w.address,
        clusterLabel: null,
        riskScore: NON_MEMBER_RISK,
        storedStatus: 'linked',
        storedRecommendedAction: actionFor(options.preset, NON_MEMBER_RISK),
        reasons: shared(nonMemberReasons, others, () => [
          `grouped with ${others} other listed wallet${others > 1 ? 's' : ''}, but no evidence of its own ties it ` +
            'to them (a shared counterparty alone does not): not a member',
        ]),
        policyAction,
      };
    }
    if (gid >= 0 && listedInGroup[gid] > 1) {
      const others = listedInGroup[gid] - 1;
      const risk = 10 + 5 * others;
      return {
        address: w.address,
        clusterLabel: null,
        riskScore: risk,
        storedStatus: 'linked',
        storedRecommendedAction: actionFor(options.preset, risk),
        reasons: shared(linkedReasons, others, () => [
          `linked to ${others} other listed wallet${others > 1 ? 's' : ''}, ` +
            `below the cluster minimum of ${tuning.minClusterSize}`,
        ]),
        policyAction,
      };
    }
    const reasons = touchesHub(graph, u) ? HUB_ONLY_REASONS : NO_LINK_REASONS;
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
  let clustered = 0;
  for (const w of wallets) if (w.clusterLabel !== null) clustered++;
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
      evidenceItems,
    },
  };
}

/**
 * Kinds masks (Uint16) are below CONCERTED_BIT, set in a member's key when evidence of concerted action names it:
 * the key is cluster * KINDS_SPAN + kinds + that bit (exact in a double).
 */
const CONCERTED_BIT = 0x10000;
/** Set beside CONCERTED_BIT when the concerted action includes acting together (ACTED_TOGETHER). */
const ACTED_BIT = 0x20000;
/** Set when the member is a bystander of its cluster (`bystander` in decide). */
const BYSTANDER_BIT = 0x40000;
const KINDS_SPAN = 0x80000;

/**
 * Each member's risk and each cluster's (the highest of its members'), in node order, and per node, for the wallet
 * decisions, its cluster, kinds and `concerted` (with block times) as one key (`keyOf[2u]`, -1 outside clusters)
 * beside its risk (`keyOf[2u + 1]`).
 * A cluster's members are scattered over the node ids: member by member, each per-node array was read at random,
 * and the decisions then read three of them at random per wallet (one read of adjacent entries now).
 */
function memberDecisions(
  clusterOf: Int32Array,
  kindsOf: Uint16Array,
  C: number,
  riskOf: (c: number, u: number) => number,
  bystander: (c: number, u: number) => boolean,
  concerted: Uint8Array | undefined,
): { clusterRisk: Float64Array; keyOf: Float64Array } {
  const n = clusterOf.length;
  const clusterRisk = new Float64Array(C).fill(-Infinity);
  const keyOf = new Float64Array(2 * n);
  for (let u = 0; u < n; u++) {
    const c = clusterOf[u];
    if (c < 0) {
      keyOf[2 * u] = -1;
      continue;
    }
    const risk = riskOf(c, u);
    clusterRisk[c] = Math.max(clusterRisk[c], risk);
    const concert = concerted?.[u] ?? 0;
    keyOf[2 * u] =
      c * KINDS_SPAN +
      kindsOf[u] +
      (concert ? CONCERTED_BIT : 0) +
      (concert & ACTED_TOGETHER ? ACTED_BIT : 0) +
      (bystander(c, u) ? BYSTANDER_BIT : 0);
    keyOf[2 * u + 1] = risk;
  }
  return { clusterRisk, keyOf };
}

function finishCluster(
  g: WalletGraph,
  rc: RawCluster,
  direct: DirectPairs,
  listedShare: number,
  tuning: EngineTuning,
  label: string | undefined,
): { cluster: EngineCluster; items: number } {
  const size = rc.members.length;
  const conclusive = rc.broadFunder === true || [...rc.kinds].some((k) => CONCLUSIVE_KINDS.has(k));
  rc.inconclusive = !conclusive;
  const confidence = supportConfidence(rc.covered.funding / size, rc.covered.graph / size, conclusive);
  const lanes: Lane[] = [];
  if (rc.covered.funding > 0) lanes.push('funding');
  if (rc.covered.graph > 0) lanes.push('graph');
  const hybridKinds = ['referral_link', 'shared_referral_code', 'shared_event_timing'].filter((k) => rc.kinds.has(k));
  const groupingBasis = (lanes.length === 0 ? 'structure' : lanes.join('+')) + (hybridKinds.length ? '+referral' : '');
  const members = rc.members.map((u) => g.addresses[u]);
  const kept = KeptEvidence.keep(rc.evidence, direct, rc.direct.p0, rc.direct.p1, tuning.maxEvidencePerLane);
  rc.evidence = []; // the cluster holds the kept items now
  const cluster = {
    label: label ?? clusterLabel(members),
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
    riskScore: 0,
  };
  return { cluster: withEvidence(cluster, kept), items: kept.length };
}

/**
 * A cluster's label from the side scan: the label of all its members before membership when they all stay members,
 * else hashed here from their order by address (the same label as clusterLabel of the members' addresses).
 */
function sideLabel(
  side: SideScan,
  bytes: AddressBytes,
  before: number,
  members: number[],
  kindsOf: Uint16Array,
): string {
  const s0 = side.memberStart[before];
  const s1 = side.memberStart[before + 1];
  if (members.length === s1 - s0) return labelOfHashes(side.labelHashes, before);
  const own = (u: number): boolean => (kindsOf[u] & MEMBERSHIP_MASK) !== 0;
  const hashes = new Uint32Array(2);
  hashSorted(bytes, side.byAddress, s0, s1, members.length, own, hashes, 0);
  return labelOfHashes(hashes, 0);
}

const ARCHETYPE_TEXT: Record<string, string> = {
  fan_out_funder: 'one address funded most members',
  funding_chain: 'members were funded one from another in a chain',
  consolidation_sweep: 'members sent their funds on to one receiver',
  referral_ring: 'members referred each other or share a referral code',
  batch_timing: 'members acted in the same campaign event',
  batch_funding: 'members were funded in one batch',
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

const HUB_ONLY_REASONS = ['only links through shared infrastructure (neutralised, not evidence)'];
const NO_LINK_REASONS = ['no links to other listed wallets'];

function shared(cache: Map<number, string[]>, key: number, make: () => string[]): string[] {
  let r = cache.get(key);
  if (!r) cache.set(key, (r = make()));
  return r;
}

function touchesHub(g: WalletGraph, u: number): boolean {
  return g.fullDegree[u] > g.off[u + 1] - g.off[u] || g.hub[u] !== HUB_NONE;
}
