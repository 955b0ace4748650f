/** Searches in ascending arrays. */

/** The first index whose value is at least x (values ascending; values.length when none is). */
export function firstAtLeast(values: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (values[m] < x) lo = m + 1;
    else hi = m;
  }
  return lo;
}
