/**
 * Types of the clustering engine (pure compute: no I/O, no clock; randomness is seeded), the thread pool's tasks
 * included: every engine file imports its types from here, and this file imports no engine file (no type cycle).
 */
import type { MessagePort } from 'node:worker_threads';
import type { PruneResult, PruneTask } from './backbone.ts';

export type ChainFamily = 'evm' | 'solana';
export type AnalysisMode = 'onchain' | 'hybrid';
export type RiskPreset = 'conservative' | 'balanced' | 'strict';
export type RecommendedAction = 'approve' | 'manual_review' | 'reject';
export type Lane = 'funding' | 'graph';

/** One listed wallet as the campaign submitted it (already normalised). */
export interface EngineWalletInput {
  address: string;
  policyAction?: RecommendedAction;
  reputationLabel?: string;
  policyReason?: string;
  campaignPoints?: number;
  campaignEventType?: string;
  referrerAddress?: string;
  referralCode?: string;
}

/** Dictionary-encoded transfers: `from[i]` sent to `to[i]` (indexes into `addresses`). */
export interface EngineTransfers {
  addresses: string[];
  from: Uint32Array;
  to: Uint32Array;
  /** Unix seconds, NaN when unknown. */
  blockTime?: Float64Array;
  /** Amount in the asset's display unit, NaN when unknown. */
  amount?: Float64Array;
  /**
   * The transaction of each transfer as a dictionary id of its hash (0: unknown). Only equality matters: transfers
   * with the same id are one transaction (a Disperse-style batch paying many wallets at once).
   */
  txId?: Uint32Array;
  /**
   * The chain of each transfer as a dictionary id (only equality matters). With it, first fundings and funding runs
   * are found on each chain apart: a wallet's first funding on one chain says nothing of its funding on another.
   */
  chain?: Uint32Array;
  /**
   * The asset each amount is counted in, as a dictionary id (0: unknown; only equality matters). With it, amounts of
   * different assets are never similar (100 USDC is not 100 DAI, 0.1 ETH is not 0.1 MATIC).
   */
  asset?: Uint32Array;
}

/** Known infrastructure (address -> list name) and addresses never to be treated as infrastructure. */
export interface EngineLabels {
  infrastructure: Map<string, string>;
  exceptions: Set<string>;
}

export interface EngineInput {
  chainFamily: ChainFamily;
  wallets: EngineWalletInput[];
  transfers: EngineTransfers;
  labels: EngineLabels;
}

export interface EngineProgress {
  phase: string;
  done: number;
  total: number;
}

export interface EngineOptions {
  mode: AnalysisMode;
  preset: RiskPreset;
  /** Seed of the community detection's rng (same seed + same input = same result). Default 42. */
  seed?: number;
  /** A pool made by createEnginePool; without one a pool is made for the call and destroyed after it. */
  pool?: EnginePool;
  onProgress?: (p: EngineProgress) => void;
  /** Tuning (documented in docs/engine.md); defaults in DEFAULT_TUNING. */
  tuning?: Partial<EngineTuning>;
}

export interface EngineTuning {
  /** An unlabelled address with at least this many distinct counterparties is a statistical hub. */
  hubMinDegree: number;
  /** Components with more nodes than this are pruned to their embedded backbone, then split with Louvain. */
  maxComponentNodes: number;
  /** Prune oversized components to their backbone before Louvain (off: Louvain alone splits them). */
  backbonePruning: boolean;
  /** A cluster needs at least this many listed wallets. */
  minClusterSize: number;
  /**
   * Louvain resolution as a reference community degree: two groups merge when they share more than
   * dA*dB/refDegree^2 weight.
   */
  referenceDegree: number;
  /**
   * After Louvain, adjacent communities are joined when the weight between them is at least this share of the
   * smaller one's degree (csr-louvain.ts mergeByShare: a large sparse group cut into pieces by the resolution is
   * made whole again; 0: off, the default). csr-louvain.ts COMMUNITY_MERGE_SHARE (0.15) was chosen on development
   * graphs of bench:engine; it is not the default because it lowered Hop's F1 (docs/benchmarks.md).
   */
  communityMergeShare: number;
  /** At most this many evidence items per cluster and lane are kept (the strongest first). */
  maxEvidencePerLane: number;
  /** Members named per aggregated evidence item. */
  maxAddressesPerItem: number;
  /**
   * Listed wallets a web of direct transfers needs to be `transfer_web` evidence (engine/evidence/transfer-web.ts;
   * 0: off). Chosen by bench:quality inside its cross-validation.
   */
  transferWebMin: number;
  /**
   * A grouping whose listed share (campaign wallets among its non-hub addresses) is at least this lends its members
   * its full support (scoring.ts clusterFactor). Chosen by bench:quality inside its cross-validation.
   */
  listedShareFull: number;
  /**
   * A narrow cluster (its broadest tie, a web, a funder, a sweep receiver, a funding chain, joins fewer than
   * `transferWebMin` listed wallets) lends this share of its support (1: no effect) when the input has no block
   * times, or when only its members' payments to one another tie it (evidence/breadth.ts). Chosen by bench:quality
   * inside its cross-validation.
   */
  narrowFactor: number;
}

export interface EvidenceItem {
  lane: Lane;
  kind: string;
  confidence: number;
  riskBearing: boolean;
  addresses: string[];
  data: Record<string, unknown>;
}

export interface ClusterSupport {
  confidence: number;
  level: 'strong' | 'moderate' | 'weak';
  riskBearingEvidence: number;
  neutralisedEvidence: number;
  memberCoverage: number;
  /** Listed wallets among all non-hub addresses of the grouping. */
  listedShare: number;
  lanes: Lane[];
  note: string;
}

export interface Archetype {
  name: string;
  confidence: number;
  rationale: string;
}

export interface EngineCluster {
  label: string;
  members: string[];
  groupingBasis: string;
  support: ClusterSupport;
  archetype: Archetype;
  riskScore: number;
  /**
   * At most `maxEvidencePerLane` items per lane, the funding lane first. Made each time it is read, from the
   * engine's compact form (evidence/kept-evidence.ts): a new array with new direct-transfer items, equal every time;
   * read it once per use. Assigning a list stores that list.
   */
  evidence: EvidenceItem[];
}

export interface EngineWalletDecision {
  address: string;
  clusterLabel: string | null;
  riskScore: number;
  storedStatus: 'clustered' | 'linked' | 'clear';
  storedRecommendedAction: RecommendedAction;
  reasons: string[];
  policyAction: RecommendedAction | null;
}

export interface AnalyzeResult {
  clusters: EngineCluster[];
  wallets: EngineWalletDecision[];
  stats: Record<string, number | string | boolean>;
}

// the engine's thread pool (community-pool.ts) and its tasks

export interface EnginePool {
  readonly threads: number;
  louvain: (task: LouvainTask) => Promise<LouvainResult>;
  /** A large component's Louvain: first-level rounds over shared memory, then the rest from their partition. */
  moveChunk: (task: MoveChunkTask) => Promise<MoveChunkResult>;
  louvainFrom: (task: LouvainFromTask) => Promise<LouvainResult>;
  /** A large component's breadth-first renumbering into a shared CSR (bfs-csr.ts). */
  bfs: (task: BfsTask) => Promise<BfsResult>;
  /** Backbone pruning of a node range over shared memory (backbone.ts). */
  prune: (task: PruneTask) => Promise<PruneResult>;
  /** The typed passes of evidence collection (evidence/scan.ts), while the caller builds evidence items. */
  evidenceScan: (task: EvidenceScanTask) => Promise<EvidenceScan>;
  /** Transfer webs and members by address for labels (evidence/side-scan.ts), beside the evidence scan. */
  sideScan: (task: SideScanTask) => Promise<SideScan>;
  /** Louvain threads started and not ended (a task for them starts without the 0.3-1 s of a new thread). */
  liveThreads: () => number;
  /**
   * Ends the Louvain threads when none of their tasks is running (the next task starts new ones): after a large
   * component their heaps still hold its shared graph, ~150 MB at 1M wallets, until they collect garbage.
   */
  releaseLouvain: () => Promise<void>;
  /** analyze() in a worker thread (the pool option is ignored there: Louvain uses the worker's own pool). */
  analyze: (input: EngineInput, options: Omit<EngineOptions, 'pool'>) => Promise<AnalyzeResult>;
  destroy: () => Promise<void>;
}

/** An undirected weighted graph as CSR: neighbours of u are adj[off[u]..off[u+1]) with weights w[...]. */
export interface CsrGraph {
  n: number;
  off: Uint32Array;
  adj: Uint32Array;
  w: Float64Array;
  /** Self-loop weight per node (aggregated levels: the weight inside a community); absent means none. */
  loop?: Float64Array;
}

export interface LouvainTask {
  n: number;
  u: Uint32Array;
  v: Uint32Array;
  w: Float64Array;
  resolution: number;
  seed: number;
  /** EngineTuning.communityMergeShare (absent: 0, off). */
  mergeShare?: number;
}

/**
 * What the first level's chunks (parallel-louvain.ts) saw of each of their nodes, in shared memory, kept true as
 * nodes move, so that the revisit after them can tell, without reading a node's edges again, that it stays where it
 * is (csr-louvain.ts localMoving): its weight to its own community, a bound on its weight to any other one, and
 * whether it has an edge leaving its chunk.
 */
export interface MoveRecord {
  own: Float64Array;
  bound: Float64Array;
  crossing: Uint8Array;
}

/** Louvain of a shared graph from a first-level partition and the nodes to revisit (parallel-louvain.ts). */
export interface LouvainFromTask {
  kind: 'from';
  graph: CsrGraph;
  initial: { partition: Int32Array; revisit: Uint32Array; record?: MoveRecord };
  resolution: number;
  seed: number;
  /** EngineTuning.communityMergeShare (absent: 0, off). */
  mergeShare?: number;
}

export interface LouvainResult {
  communities: Int32Array;
  count: number;
  modularity: number;
  threadId: number;
  /** Adjacency entries local moving read on the first level and on the others (deterministic work). */
  work: { first: number; rest: number; settled: number };
}

/** A large component's breadth-first renumbering into a shared CSR (bfs-csr.ts). */
export interface BfsTask {
  kind: 'bfs';
  /** The engine graph's CSR (wallet-graph.ts), its edge weights and detection's kept-edge marks. */
  off: Uint32Array;
  adj: Uint32Array;
  adjEdge: Uint32Array;
  ew: Float64Array;
  keep: Uint8Array;
  /** The component's first node, its node count and twice its kept edges (the CSR's entries). */
  first: number;
  count: number;
  entries: number;
  /** Filled here (bfsArrays): the CSR, order[i] the global node of node i, and a scratch rank per global node. */
  out: { graph: CsrGraph; order: Uint32Array; rank: Int32Array };
}

export interface BfsResult {
  /** The component's total kept edge weight. */
  weight: number;
  threadId: number;
}

/** One chunk of the first level; the arrays are views of SharedArrayBuffers, the chunk writes lo..hi-1 only. */
export interface MoveChunkTask {
  kind: 'move';
  graph: CsrGraph;
  k: Float64Array;
  comm: Int32Array;
  tot: Float64Array;
  lo: number;
  hi: number;
  coef: number;
  /** Written for lo..hi-1 only. */
  record: MoveRecord;
}

export interface MoveChunkResult {
  moves: number;
  threadId: number;
  /** Adjacency entries local moving read (deterministic work). */
  scanned: number;
}

/** The typed passes of evidence collection (evidence/scan.ts) on a pool thread. */
export interface EvidenceScanTask {
  kind: 'evidence-scan';
  n: number;
  /** Directed transfers (node ids) and their block times (null without). */
  from: Uint32Array;
  to: Uint32Array;
  blockTime: Float64Array | null;
  /** The hub-free edges (wallet-graph.ts). */
  eu: Uint32Array;
  ev: Uint32Array;
  ew: Float64Array;
  ef: Uint32Array;
  /** Cluster per node (-1: none) and member count per cluster. */
  clusterOf: Int32Array;
  clusterSize: Uint32Array;
  /** Where the scan writes (evidence/scan.ts scanArrays(): allocated by the caller, in shared memory). */
  out: Omit<EvidenceScan, 'threadId'>;
}

export interface EvidenceScan {
  /**
   * Per node: its first funder (-1: none) and that transfer's time (Infinity when untimed). Only with block times in
   * the input: without them, -1 and Infinity for every node.
   */
  firstIn: Int32Array;
  firstInTime: Float64Array;
  /** Outside counterparties of cluster c at tuple positions perCluster[c]..perCluster[c+1]. */
  perCluster: Uint32Array;
  tAddr: Uint32Array;
  tMember: Uint32Array;
  tFlag: Uint8Array;
  tTime: Float64Array;
  /** Tuple positions of each cluster's range grouped by address, ascending (equal addresses in position order). */
  tOrder: Uint32Array;
  /** Direct-transfer marks: lane bits, kind bits, the strength bytes of StrengthByKind, 1 for a member in a pair. */
  coveredBy: Uint8Array;
  kindsOf: Uint16Array;
  strengthBytes: Uint8Array;
  inDirect: Uint8Array;
  /** Member funders (3+ members, at least a quarter of the cluster): the members f sent to, in edge order. */
  sentStart: Uint32Array;
  sentTo: Uint32Array;
  threadId: number;
}

/** The side scan (evidence/side-scan.ts) on a pool thread; `out` is allocated by the caller in shared memory. */
export interface SideScanTask {
  kind: 'side-scan';
  n: number;
  /** The hub-free edges and the listed wallets (wallet-graph.ts). */
  eu: Uint32Array;
  ev: Uint32Array;
  listed: Uint8Array;
  /** Cluster per node before membership (-1: none). */
  clusterOf: Int32Array;
  /** The addresses as bytes (cluster-label.ts). */
  addresses: { bytes: Uint8Array; start: Uint32Array; common: number };
  out: Omit<SideScan, 'any' | 'threadId'>;
}

export interface SideScan {
  /** The transfer webs (evidence/transfer-web.ts transferWebs). */
  root: Int32Array;
  size: Uint32Array;
  any: boolean;
  /** Members of cluster c at memberStart[c]..memberStart[c+1], sorted by address. */
  memberStart: Uint32Array;
  byAddress: Uint32Array;
  /** Per cluster, the two hashes of the label of all its members (cluster-label.ts hashSorted). */
  labelHashes: Uint32Array;
  threadId: number;
}

export interface AnalyzeTask {
  input: EngineInput;
  options: Omit<EngineOptions, 'pool' | 'onProgress'>;
  louvainThreads: number;
  progress?: MessagePort;
}
