/** Small helpers shared by the evidence builders. */

/** x mapped linearly from [lo, hi] to [0, 1], clamped. */
export const ramp = (x: number, lo: number, hi: number): number => Math.max(0, Math.min(1, (x - lo) / (hi - lo)));

export function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
