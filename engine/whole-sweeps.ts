/**
 * Whole-holding sweeps: listed wallets that each sent one receiver everything they held of an asset (all they had
 * received of it before, less what they had sent), to a receiver that paid no listed wallet anything. That is how a
 * farm empties its wallets into its collector, days apart as each wallet's script ends (a claimed airdrop, whole);
 * people pay a shop a price, a pool or a router something they get back, a friend part of what they have. A receiver
 * qualifies when `min` (the breadth minimum) or more listed wallets swept into it so and they are nearly all
 * (UNIFORM_SHARE) of its listed payers: one owner's collector, like an exchange deposit address, whatever the times.
 * Shared by the sweep evidence (evidence/collect.ts) and the hubs by role (wallet-graph.ts). No new constant;
 * amounts are equal within PRICE_TOLERANCE (decimal amounts read as doubles), as prices are.
 */
import { PRICE_TOLERANCE, UNIFORM_SHARE } from './uniform-amounts.ts';
import type { TopUpTransfers } from './top-ups.ts';

/** The receivers among the addresses `candidate` accepts that listed wallets swept their whole holdings into. */
export function wholeSweepReceivers(
  t: TopUpTransfers,
  n: number,
  listed: Uint8Array,
  candidate: (u: number) => boolean,
  min: number,
): Set<number> {
  const out = new Set<number>();
  const { from, to, blockTime, amount, asset } = t;
  if (!blockTime || !amount || min < 1) return out;
  // candidates paid by `min` or more listed wallets and paying none
  const payers = new Map<number, Set<number>>();
  const paysListed = new Uint8Array(n);
  for (let i = 0; i < from.length; i++) {
    const s = from[i];
    const r = to[i];
    if (s === r) continue;
    if (listed[r]) paysListed[s] = 1;
    if (!listed[s] || listed[r] || !candidate(r)) continue;
    let set = payers.get(r);
    if (!set) payers.set(r, (set = new Set()));
    set.add(s);
  }
  for (const [r, set] of payers) if (paysListed[r] || set.size < min) payers.delete(r);
  if (payers.size === 0) return out;
  // the payers' transfers in and out, grouped by payer (a counting sort), to know what each held before each payment
  const payer = new Uint8Array(n);
  for (const set of payers.values()) for (const u of set) payer[u] = 1;
  const start = new Uint32Array(n + 1);
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[i] || Number.isNaN(blockTime[i])) continue;
    if (payer[from[i]]) start[from[i] + 1]++;
    if (payer[to[i]]) start[to[i] + 1]++;
  }
  for (let u = 0; u < n; u++) start[u + 1] += start[u];
  const at = start.slice(0, n);
  const events = new Uint32Array(start[n]);
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[i] || Number.isNaN(blockTime[i])) continue;
    if (payer[from[i]]) events[at[from[i]]++] = i;
    if (payer[to[i]]) events[at[to[i]]++] = i;
  }
  const whole = new Map<number, Set<number>>(); // receiver -> payers that swept a whole holding into it
  const unit = (i: number): number => (asset ? asset[i] : 0);
  const target = new Uint8Array(n);
  for (const r of payers.keys()) target[r] = 1;
  let units = 1;
  if (asset) for (let i = 0; i < asset.length; i++) units = Math.max(units, asset[i] + 1);
  const held = new Float64Array(units); // per asset, what the payer held before the current second
  const touched: number[] = [];
  for (let u = 0; u < n; u++) {
    if (!payer[u]) continue;
    for (const x of touched) held[x] = 0;
    touched.length = 0;
    const list = events.subarray(start[u], start[u + 1]);
    // transfer files come in time order: sort only when they do not (ties keep the index order either way)
    let ordered = true;
    for (let j = 1; j < list.length && ordered; j++) ordered = blockTime[list[j - 1]] <= blockTime[list[j]];
    if (!ordered) list.sort((a, b) => blockTime[a] - blockTime[b] || a - b);
    for (let k = 0; k < list.length; ) {
      // one second at a time: its payments are judged on what was held before it (same-second transfers are not
      // known to come first, whatever the input's order), then its transfers counted
      let e = k;
      while (e < list.length && blockTime[list[e]] === blockTime[list[k]]) e++;
      for (let j = k; j < e; j++) {
        const i = list[j];
        const r = to[i];
        if (from[i] !== u || !target[r] || !(amount[i] > 0)) continue;
        if (Math.abs(held[unit(i)] - amount[i]) > PRICE_TOLERANCE * amount[i]) continue;
        let set = whole.get(r);
        if (!set) whole.set(r, (set = new Set()));
        set.add(u);
      }
      for (let j = k; j < e; j++) {
        const i = list[j];
        const x = unit(i);
        if (held[x] === 0) touched.push(x);
        held[x] += to[i] === u ? amount[i] : -amount[i];
      }
      k = e;
    }
  }
  for (const [r, set] of whole) if (set.size >= min && set.size >= UNIFORM_SHARE * payers.get(r)!.size) out.add(r);
  return out;
}
