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
  // the payers' transfers in and out, to know what each held before each payment
  const wallets = new Set<number>();
  for (const set of payers.values()) for (const u of set) wallets.add(u);
  const events = new Map<number, number[]>(); // wallet -> transfer indexes in or out
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[i] || Number.isNaN(blockTime[i])) continue;
    for (const u of [from[i], to[i]]) {
      if (!wallets.has(u)) continue;
      const list = events.get(u);
      if (list) list.push(i);
      else events.set(u, [i]);
    }
  }
  const whole = new Map<number, Set<number>>(); // receiver -> payers that swept a whole holding into it
  const unit = (i: number): number => (asset ? asset[i] : 0);
  for (const [u, list] of events) {
    for (const i of list) {
      const r = to[i];
      if (from[i] !== u || !payers.has(r) || !(amount[i] > 0)) continue;
      // what u held of the asset before this payment: strictly earlier transfers (same-second ones are not known
      // to come first, whatever the input's order)
      let held = 0;
      for (const j of list) {
        if (blockTime[j] >= blockTime[i] || unit(j) !== unit(i)) continue;
        held += to[j] === u ? amount[j] : -amount[j];
      }
      if (Math.abs(held - amount[i]) > PRICE_TOLERANCE * amount[i]) continue;
      let set = whole.get(r);
      if (!set) whole.set(r, (set = new Set()));
      set.add(u);
    }
  }
  for (const [r, set] of whole) if (set.size >= min && set.size >= UNIFORM_SHARE * payers.get(r)!.size) out.add(r);
  return out;
}
