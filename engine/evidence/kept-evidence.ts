/**
 * A cluster's kept evidence: at most `maxEvidencePerLane` items per lane, the funding lane first; within a lane the
 * items keep their order (by kind, then node ids), and over the cap the strongest are kept (a stable sort). The
 * direct transfers stay pairs (direct-pairs.ts) and the list is made each time a cluster's `evidence` is read, so a
 * million wallets' results hold no object per member pair: a consumer that stores or streams the clusters one at a
 * time holds one cluster's items at a time.
 */
import type { EngineCluster, EvidenceItem } from '../types.ts';
import type { DirectPairs } from './direct-pairs.ts';

export class KeptEvidence {
  /**
   * `objects`: the kept items other than direct transfers. Within the caps, the direct pairs p0..p1 come after the
   * first `at` of them (the funding lane's); over a cap, `slots` gives the order: s >= 0 the direct pair s, s < 0
   * the object ~s.
   */
  private constructor(
    readonly length: number,
    private readonly pairs: DirectPairs,
    private readonly objects: EvidenceItem[],
    private readonly at: number,
    private readonly p0: number,
    private readonly p1: number,
    private readonly slots: Int32Array | null,
  ) {}

  /**
   * Keeps a cluster's evidence: `items` its items other than direct transfers (in the order they were found) and
   * the direct pairs p0..p1 of `pairs`, which come before every other item of the graph lane.
   */
  static keep(items: EvidenceItem[], pairs: DirectPairs, p0: number, p1: number, perLane: number): KeptEvidence {
    let funding = 0;
    for (const e of items) if (e.lane === 'funding') funding++;
    const graph = items.length - funding + (p1 - p0);
    if (funding <= perLane && graph <= perLane) {
      // the common case, within the caps: no copy when the funding items already come first
      let first = 0;
      while (first < items.length && items[first].lane === 'funding') first++;
      const objects =
        first === funding
          ? items
          : [...items.filter((e) => e.lane === 'funding'), ...items.filter((e) => e.lane !== 'funding')];
      return new KeptEvidence(items.length + p1 - p0, pairs, objects, funding, p0, p1, null);
    }
    const fundingSlots: number[] = [];
    const graphSlots: number[] = [];
    for (let j = p0; j < p1; j++) graphSlots.push(j);
    items.forEach((e, i) => (e.lane === 'funding' ? fundingSlots : graphSlots).push(~i));
    const riskBearing = (s: number): number => (s >= 0 ? 1 : Number(items[~s].riskBearing));
    const confidence = (s: number): number => (s >= 0 ? pairs.confidence(s) : items[~s].confidence);
    const named = (s: number): number => (s >= 0 ? 2 : items[~s].addresses.length);
    const order = (a: number, b: number): number =>
      riskBearing(b) - riskBearing(a) || confidence(b) - confidence(a) || named(b) - named(a);
    if (fundingSlots.length > perLane) fundingSlots.sort(order).length = perLane;
    if (graphSlots.length > perLane) graphSlots.sort(order).length = perLane;
    // only the kept objects are held, renumbered in their order
    const objects: EvidenceItem[] = [];
    const slots = new Int32Array(fundingSlots.length + graphSlots.length);
    let k = 0;
    for (const s of [...fundingSlots, ...graphSlots]) {
      if (s < 0) {
        slots[k++] = ~objects.length;
        objects.push(items[~s]);
      } else slots[k++] = s;
    }
    return new KeptEvidence(slots.length, pairs, objects, 0, 0, 0, slots);
  }

  /** The items, made now: a new array, its direct-transfer items new objects (equal to the last read's). */
  items(): EvidenceItem[] {
    const { pairs, objects, slots } = this;
    const out = new Array<EvidenceItem>(this.length);
    if (slots !== null) {
      for (let i = 0; i < slots.length; i++) out[i] = slots[i] >= 0 ? pairs.item(slots[i]) : objects[~slots[i]];
      return out;
    }
    let i = 0;
    for (let k = 0; k < this.at; k++) out[i++] = objects[k];
    for (let j = this.p0; j < this.p1; j++) out[i++] = pairs.item(j);
    for (let k = this.at; k < objects.length; k++) out[i++] = objects[k];
    return out;
  }
}

/**
 * The cluster with its `evidence` (the last property, as before) read from `kept` each time: an enumerable accessor,
 * so JSON.stringify and structured clone (a worker's result) see the items as an array. Assigning it stores the
 * value given.
 */
export function withEvidence(cluster: Omit<EngineCluster, 'evidence'>, kept: KeptEvidence): EngineCluster {
  return Object.defineProperty(cluster, 'evidence', {
    enumerable: true,
    configurable: true,
    get: () => kept.items(),
    set(this: EngineCluster, value: EvidenceItem[]) {
      Object.defineProperty(this, 'evidence', { value, writable: true, enumerable: true, configurable: true });
    },
  }) as EngineCluster;
}
