/** A small fixed-window rate limiter per key (in process memory; bounded to MAX_KEYS keys). */
export const MAX_KEYS = 100_000;

export class FixedWindowLimiter {
  readonly #counts = new Map<string, { start: number; n: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns 0 when allowed, else milliseconds until the window resets. */
  take(key: string, now = Date.now()): number {
    let w = this.#counts.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.#counts.size >= MAX_KEYS) this.#counts.clear();
      w = { start: now, n: 0 };
      this.#counts.set(key, w);
    }
    if (w.n >= this.limit) return this.windowMs - (now - w.start);
    w.n++;
    return 0;
  }
}
