/** Public types of the clustering engine (pure compute: no I/O, no clock; randomness is seeded). */

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
  pool?: import('./community-pool.ts').EnginePool;
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
  /** Louvain resolution as a reference community degree: two groups merge when they share more than dA*dB/refDegree^2 weight. */
  referenceDegree: number;
  /** At most this many evidence items per cluster and lane are kept (the strongest first). */
  maxEvidencePerLane: number;
  /** Members named per aggregated evidence item. */
  maxAddressesPerItem: number;
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
