/**
 * A wallet's strength: how strongly its own evidence ties it to the other members, 1 - prod(1 - weight * confidence)
 * over the risk-bearing kinds that name it, each kind counted once at its strongest item. Items of one kind that
 * name a wallet repeat one tie more often than they add independent ones: five sweeps by the same two wallets to
 * five receivers, a pair's transfers and the same pair's shared funder are one relationship seen several times.
 * Multiplying them made a group of three or four wallets that interact a lot (a person's own wallets, friends)
 * look as certain as a farm. The breadth of a wallet's ties is evidence of its own kind (transfer_web).
 * Confidences are kept per node and kind as bytes (1/250 steps): one byte per kind and node.
 */
import { EVIDENCE_KINDS } from './kinds.ts';

const K = EVIDENCE_KINDS.length;
const STEPS = 250;

export class StrengthByKind {
  /** `bytes`: StrengthByKind.bytesFor(n) bytes to keep the marks in (another instance's `bytes` to go on from them). */
  constructor(
    readonly n: number,
    readonly bytes: Uint8Array = new Uint8Array(n * K),
  ) {}

  static bytesFor(n: number): number {
    return n * K;
  }

  /** u is named by an item of the kind at index `kind` (its bit's position) with this confidence. */
  mark(u: number, kind: number, confidence: number): void {
    const i = u * K + kind;
    const q = Math.round(confidence * STEPS);
    if (q > this.bytes[i]) this.bytes[i] = q;
  }

  strength(): Float32Array {
    const s = new Float32Array(this.n);
    const w = EVIDENCE_KINDS.map((k) => k.weight / STEPS);
    for (let u = 0; u < this.n; u++) {
      let miss = 1;
      const o = u * K;
      for (let k = 0; k < K; k++) if (this.bytes[o + k]) miss *= 1 - w[k] * this.bytes[o + k];
      s[u] = 1 - miss;
    }
    return s;
  }
}
