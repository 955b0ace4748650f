/**
 * The seeded generator of the third blind simulator (sfc32: 128 bits of state, so that a few hundred thousand random
 * addresses and hashes never collide). Its own, so that it shares no code path with the engine or the other
 * simulators: the point of this world is to be independent of them.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9 ^ (Math.floor(seed / 4294967296) >>> 0);
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 24; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  range(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  logUniform(lo: number, hi: number): number {
    return Math.exp(this.range(Math.log(lo), Math.log(hi)));
  }

  hex(chars: number): string {
    let s = '';
    while (s.length < chars) s += this.u32().toString(16).padStart(8, '0');
    return s.slice(0, chars);
  }

  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  }

  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let x = this.next() * total;
    for (const [v, w] of entries) {
      x -= w;
      if (x < 0) return v;
    }
    return entries[entries.length - 1][0];
  }

  /** `k` distinct items of `xs` (all of them when k >= xs.length). */
  sample<T>(xs: readonly T[], k: number): T[] {
    return this.shuffle([...xs]).slice(0, Math.min(k, xs.length));
  }
}
