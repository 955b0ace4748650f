/** The evidence builders' working state per cluster, and how a builder adds an item (shared by every family). */
import type { EvidenceItem, Lane } from '../types.ts';

export interface RawCluster {
  /** Listed member node ids, ascending. */
  members: number[];
  /** Its items other than direct transfers. */
  evidence: EvidenceItem[];
  /**
   * Its direct transfers (graph lane, kind direct_transfer, risk-bearing): the pairs p0..p1 of Evidence.direct
   * (direct-pairs.ts), most of a large graph's items, kept as typed arrays and not among `evidence`.
   */
  direct: { p0: number; p1: number };
  /** Members touched by risk-bearing evidence: funding lane, graph lane, either. */
  covered: { funding: number; graph: number; any: number };
  /** Risk-bearing kinds seen (before the per-lane cap). */
  kinds: Set<string>;
  counts: { riskBearing: number; neutralised: number };
  /**
   * Set when one funder outside the cluster, not spread in time, paid `transferWebMin` or more members (a broad
   * funder, breadth.ts): the cluster is not capped as inconclusive; its wallets stay funding-only (never rejected).
   */
  broadFunder?: boolean;
  /** Set when no risk-bearing kind is conclusive on its own. */
  inconclusive?: boolean;
  /** Listed wallets among the grouping's non-hub addresses (set when the cluster is kept). */
  listedShare?: number;
  /** Share of members each archetype pattern explains. */
  patterns: Record<string, number>;
}

/** Adds an evidence item to cluster c; `touched` are the members it names (they get its kind and strength). */
export type AddItem = (
  c: number,
  lane: Lane,
  kind: string,
  confidence: number,
  riskBearing: boolean,
  nodes: number[],
  data: Record<string, unknown>,
  touched: number[],
  /** The Evidence.concerted bits it gives the members it names, when not its kind's (0: none). */
  concert?: number,
) => void;
