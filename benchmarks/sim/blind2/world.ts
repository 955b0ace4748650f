/**
 * The shared machinery of the second blind campaign simulator (docs/blind-campaigns-2.md): a seeded rng, fresh
 * addresses and hashes, the transfer log and the truth table. Written without reading the engine or the other
 * simulators' bodies; its own rng so nothing is shared with them.
 */
import type { TruthRow } from '../campaign-sim.ts';
import { seededRng } from '../../../engine/rng.ts';

export const DAY = 86_400;
export const HOUR = 3_600;
/** The campaign's snapshot (2025-02-24): every transfer is before it; power users start up to three years back. */
export const SNAPSHOT = 1_704_067_200 + 420 * DAY;

export interface Blind2Transfer {
  from: string;
  to: string;
  time: number;
  amount: number;
  asset: string;
  txHash: string;
}

/** The engine's mulberry32 (engine/rng.ts), its seed mixed so that equal seeds give other streams than the engine's. */
export function rng32(seed: number): () => number {
  return seededRng((seed ^ 0x9e3779b9) >>> 0);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class World {
  readonly rand: () => number;
  readonly transfers: Blind2Transfer[] = [];
  readonly truth: TruthRow[] = [];
  readonly labels: Array<{ address: string; list: string }> = [];
  private readonly used = new Set<string>();

  constructor(seed: number) {
    this.rand = rng32(seed);
  }

  private hex(words: number): string {
    let s = '';
    for (let i = 0; i < words; i++) {
      const x = Math.floor(this.rand() * 4294967296);
      s += HEX[x >>> 24] + HEX[(x >>> 16) & 255] + HEX[(x >>> 8) & 255] + HEX[x & 255];
    }
    return s;
  }

  /** A fresh address never handed out before. */
  addr(): string {
    for (;;) {
      const a = `0x${this.hex(5)}`;
      if (!this.used.has(a)) {
        this.used.add(a);
        return a;
      }
    }
  }

  txHash(): string {
    return `0x${this.hex(8)}`;
  }

  /** A listed wallet with its truth row. */
  listed(role: 'farm' | 'legit', pattern: string, group = ''): string {
    const a = this.addr();
    this.truth.push({ address: a, role, pattern, group });
    return a;
  }

  label(address: string, list: string): void {
    this.labels.push({ address, list });
  }

  /**
   * One transfer; a new transaction unless `tx` names one (a batch paying many in one transaction). A transfer after
   * the snapshot is drawn but not kept: the import was made at the snapshot (clamping would pile them on one time).
   */
  pay(from: string, to: string, time: number, amount: number, asset: string, tx?: string): string {
    const txHash = tx ?? this.txHash();
    const t = Math.round(time);
    if (t < SNAPSHOT) this.transfers.push({ from, to, time: t, amount: roundAmount(amount, asset), asset, txHash });
    return txHash;
  }

  // draws
  uni(lo: number, hi: number): number {
    return lo + (hi - lo) * this.rand();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.uni(lo, hi + 1));
  }
  chance(p: number): boolean {
    return this.rand() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)];
  }
  /** Log-uniform in [lo, hi]: many small values, a few large ones. */
  logUni(lo: number, hi: number): number {
    return Math.exp(this.uni(Math.log(lo), Math.log(hi)));
  }
  /** A weighted choice among [key, weight] pairs. */
  weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): T {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = this.rand() * total;
    for (const [k, w] of pairs) {
      r -= w;
      if (r < 0) return k;
    }
    return pairs[pairs.length - 1][0];
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.rand() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  }
}

/** Amounts as wallets show them: ETH to 6 decimals, stablecoins to cents, other tokens to 3 decimals. */
export function roundAmount(x: number, asset: string): number {
  const d = asset === 'ETH' || asset === 'WETH' ? 1e6 : asset === 'USDC' || asset === 'USDT' ? 100 : 1000;
  return Math.max(1 / d, Math.round(x * d) / d);
}
