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
