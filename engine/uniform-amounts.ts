/**
 * "About one amount", shared by the uniform funding runs (evidence/timed-funding.ts) and the hubs by role
 * (wallet-graph.ts): a farm's funder tops its wallets up with what the campaign's actions cost, varied by a script;
 * people withdrawing from a service or paid by someone choose their own amounts. Both constants set a priori, not
 * fitted (docs/engine.md, `uniform_funding`).
 */
/** An amount is "about" the median within this factor either way. */
export const UNIFORM_AMOUNT_FACTOR = 1.5;
/** Amounts are uniform when at least this share of them is about their median. */
export const UNIFORM_SHARE = 0.8;

/** The median of ascending amounts (the upper one of an even count). */
export const medianOf = (ascending: readonly number[]): number => ascending[ascending.length >> 1];

/** Whether `a` is within UNIFORM_AMOUNT_FACTOR of `median`. */
export const nearMedian = (a: number, median: number): boolean =>
  a <= median * UNIFORM_AMOUNT_FACTOR && a * UNIFORM_AMOUNT_FACTOR >= median;

/** Whether at least UNIFORM_SHARE of these positive amounts are near their median. */
export function uniformAmounts(amounts: number[]): boolean {
  if (amounts.length === 0) return false;
  const sorted = amounts.slice().sort((x, y) => x - y);
  const median = medianOf(sorted);
  let near = 0;
  for (const a of sorted) if (nearMedian(a, median)) near++;
  return near >= UNIFORM_SHARE * sorted.length;
}

/** The most items one payment buys at a fixed price (a mint's per-transaction limit is typically a handful). */
export const PRICE_MAX_UNITS = 10;
/** Relative tolerance of "a whole number of prices" (decimal amounts read as doubles). */
export const PRICE_TOLERANCE = 1e-6;

/**
 * Whether at least UNIFORM_SHARE of these positive amounts are 1..PRICE_MAX_UNITS times one fixed price: what a
 * shop is paid (a mint at 0.069 per item: 0.069, 0.138, 0.207) and what a faucet or gas-refuel service pays (0.005
 * or 0.01, exactly). A script varying a farm's top-ups makes amounts that are seldom equal. The price is the most
 * common amount or the smallest amount seen twice or more (buyers of 1, 2 and 3 items make 2p as common as p).
 * Set a priori, not fitted; the result does not depend on the amounts' order.
 */
export function fixedPrices(amounts: readonly number[]): boolean {
  const count = new Map<number, number>();
  for (const x of amounts) count.set(x, (count.get(x) ?? 0) + 1);
  let mode = Number.NaN;
  let modeCount = 1;
  let smallest = Number.POSITIVE_INFINITY;
  for (const [x, c] of count) {
    if (c < 2) continue;
    if (c > modeCount || (c === modeCount && x < mode)) [mode, modeCount] = [x, c];
    if (x < smallest) smallest = x;
  }
  if (Number.isNaN(mode)) return false;
  return [mode, smallest].some((price) => pricedShare(amounts, price) >= UNIFORM_SHARE);
}

function pricedShare(amounts: readonly number[], price: number): number {
  let priced = 0;
  for (const x of amounts) {
    const q = x / price;
    const units = Math.round(q);
    if (units >= 1 && units <= PRICE_MAX_UNITS && Math.abs(q - units) <= PRICE_TOLERANCE * q) priced++;
  }
  return priced / amounts.length;
}

/**
 * An amount people pick (0.05, 0.1, 0.25, 1, 1.5): its first significant digit is whole or a half, and nothing follows.
 * Withdrawals of such amounts from one exchange within minutes of each other are what a busy hour looks like, not a
 * farm's script (which varies its amounts). Set a priori.
 */
export function isRoundAmount(x: number): boolean {
  if (!(x > 0) || !Number.isFinite(x)) return false;
  const m = x / 10 ** Math.floor(Math.log10(x));
  const halves = 2 * m;
  return Math.abs(halves - Math.round(halves)) <= 1e-9 * halves;
}
