/** The evidence builders' working state per cluster, and how a builder adds an item (shared by every family). */
import type { EvidenceItem, Lane } from '../types.ts';

export interface RawCluster {
  /** Listed member node ids, ascending. */
  members: number[];
  evidence: EvidenceItem[];
  /**
   * The first `directItems` items are the direct transfers (graph lane, kind direct_transfer): most of the items
   * of a large graph, which the passes over the items can skip without reading them.
   */
  directItems?: number;
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
) => void;
