/**
 * Agreement of a found partition with a planted one: NMI (arithmetic-mean normalisation, as scikit-learn's
 * default) and the adjusted Rand index. Nodes outside every found cluster count as singletons.
 */
export function partitionQuality(truth: ArrayLike<number>, found: ArrayLike<number>): { nmi: number; ari: number } {
  const n = truth.length;
  const a = new Map<number, number>();
  const b = new Map<number, number>();
  const ab = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const x = truth[i];
    const y = found[i] < 0 ? -1 - i : found[i];
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
    const k = `${x}:${y}`;
    ab.set(k, (ab.get(k) ?? 0) + 1);
  }
  const h = (m: Map<unknown, number>): number => {
    let s = 0;
    for (const c of m.values()) s -= (c / n) * Math.log(c / n);
    return s;
  };
  const ha = h(a);
  const hb = h(b);
  let mi = 0;
  for (const [k, c] of ab) {
    const [x, y] = k.split(':').map(Number);
    mi += (c / n) * Math.log((c * n) / (a.get(x)! * b.get(y)!));
  }
  const nmi = ha + hb === 0 ? 1 : (2 * mi) / (ha + hb);
  const pairs = (c: number): number => (c * (c - 1)) / 2;
  let sumAb = 0;
  let sumA = 0;
  let sumB = 0;
  for (const c of ab.values()) sumAb += pairs(c);
  for (const c of a.values()) sumA += pairs(c);
  for (const c of b.values()) sumB += pairs(c);
  const expected = (sumA * sumB) / pairs(n);
  const max = (sumA + sumB) / 2;
  const ari = max === expected ? 1 : (sumAb - expected) / (max - expected);
  return { nmi, ari };
}
