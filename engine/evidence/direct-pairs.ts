/**
 * Direct-transfer evidence kept as typed arrays: one `direct_transfer` item per pair of members of one cluster that
 * transferred to each other, the bulk of a large graph's items (4.8M at 1M wallets with six edges per wallet). As
 * objects they took ~90 bytes each and most of the evidence phase's peak memory; here a pair takes 16 bytes (24 with
 * block times), and its item is made, equal to what was stored before, only when a cluster's evidence is read
 * (kept-evidence.ts).
 */
import type { WalletGraph } from '../wallet-graph.ts';
import type { EvidenceItem } from '../types.ts';
import { directConfidence } from './scan.ts';

/** Transfer counts below this share their items' data and confidence from arrays. */
const SMALL_COUNT = 64;
/** Counts from this one get their own data object (the shared ones are keyed by count and direction). */
const SHARED_COUNT_LIMIT = 0x200000;

export class DirectPairs {
  /** Cluster c's pairs are start[c]..start[c + 1], in edge order. */
  readonly start: Uint32Array;
  /** The pair's nodes (the graph edge's first and second node), its transfers and those from the first node. */
  readonly first: Uint32Array;
  readonly second: Uint32Array;
  readonly transfers: Int32Array;
  readonly fromFirst: Int32Array;
  /** The pair's first transfer time (NaN: unknown); null without block times. */
  readonly firstTime: Float64Array | null;
  private readonly addresses: string[];
  private readonly smallConfidence = Array.from({ length: SMALL_COUNT }, (_, w) => directConfidence(w));
  // an untimed item's data depends only on its counts: one shared object per (transfers, fromFirst) (evidence is
  // never modified after analyze); the common small counts in an array (no hashing), the others in a map
  private readonly smallData: Array<Record<string, unknown> | undefined> = [];
  private readonly untimedData = new Map<number, Record<string, unknown>>();

  /** The edges between two members of one cluster (`clusterOf`, -1: none) of `g`, grouped by cluster. */
  constructor(g: WalletGraph, clusterOf: Int32Array, clusters: number) {
    const { eu, ev, ew, ef, eFirstTime } = g;
    const start = new Uint32Array(clusters + 1);
    for (let k = 0; k < g.m; k++) {
      const c = clusterOf[eu[k]];
      if (c >= 0 && c === clusterOf[ev[k]]) start[c + 1]++;
    }
    for (let c = 0; c < clusters; c++) start[c + 1] += start[c];
    const total = start[clusters];
    this.start = start;
    this.first = new Uint32Array(total);
    this.second = new Uint32Array(total);
    this.transfers = new Int32Array(total);
    this.fromFirst = new Int32Array(total);
    this.firstTime = eFirstTime === null ? null : new Float64Array(total);
    this.addresses = g.addresses;
    const at = start.slice(0, clusters);
    for (let k = 0; k < g.m; k++) {
      const c = clusterOf[eu[k]];
      if (c < 0 || c !== clusterOf[ev[k]]) continue;
      const j = at[c]++;
      this.first[j] = eu[k];
      this.second[j] = ev[k];
      // the counts as the items had them: small integers
      this.transfers[j] = ew[k] | 0;
      this.fromFirst[j] = ef[k] | 0;
      if (this.firstTime !== null && eFirstTime !== null) this.firstTime[j] = eFirstTime[k];
    }
  }

  /** The confidence of pair j's item. */
  confidence(j: number): number {
    const w = this.transfers[j];
    return w < SMALL_COUNT ? this.smallConfidence[w] : directConfidence(w);
  }

  /** Pair j's evidence item (a new object; its data may be shared with other items). */
  item(j: number): EvidenceItem {
    const addresses = this.addresses;
    return {
      lane: 'graph',
      kind: 'direct_transfer',
      confidence: this.confidence(j),
      riskBearing: true,
      addresses: [addresses[this.first[j]], addresses[this.second[j]]],
      data: this.dataOf(this.transfers[j], this.fromFirst[j], this.firstTime === null ? Number.NaN : this.firstTime[j]),
    };
  }

  private dataOf(w: number, ab: number, time: number): Record<string, unknown> {
    if (!Number.isNaN(time) || w >= SHARED_COUNT_LIMIT) return directData(w, ab, time);
    if (w < SMALL_COUNT) {
      const key = (w * (w + 1)) / 2 + ab; // 0 <= ab <= w
      return (this.smallData[key] ??= directData(w, ab, time));
    }
    const key = w * SHARED_COUNT_LIMIT + ab;
    let data = this.untimedData.get(key);
    if (!data) this.untimedData.set(key, (data = directData(w, ab, time)));
    return data;
  }
}

const directData = (w: number, ab: number, time: number): Record<string, unknown> => ({
  transfers: w,
  fromFirst: ab,
  fromSecond: (w - ab) | 0,
  blockTime: Number.isNaN(time) ? null : time,
});
