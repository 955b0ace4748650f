/**
 * Shops: an outside address that many listed wallets paid fixed prices (a mint, a sale, a fee) is a popular
 * counterparty, not a farm's collector, however many of its payers a cluster holds. A mint rush puts hundreds of
 * listed users' payments to one new contract within minutes, and that contract joins them in the interaction graph,
 * so the test "fewer than half of its listed counterparties in this cluster" (collect.ts, POPULAR_MIN) cannot tell
 * it from a collector: the cluster exists because of it. What tells them apart is the amount: buyers pay a price
 * times a quantity (uniform-amounts.ts fixedPrices), a farm sweeps what each wallet has left.
 */
import { fixedPrices, UNIFORM_SHARE } from '../uniform-amounts.ts';
import { HUB_NONE, type WalletGraph } from '../wallet-graph.ts';

/** Receivers (not hubs, not listed) with `min` or more listed counterparties whose listed payers paid prices. */
export function shopsOf(g: WalletGraph, min: number): Set<number> {
  const shops = new Set<number>();
  const { from, to, amount, asset, listed, listedDegree, hub } = g;
  if (!amount) return shops;
  // receiver -> asset -> amounts its listed payers paid it
  const paid = new Map<number, Map<number, number[]>>();
  const payments = new Map<number, number>();
  for (let i = 0; i < from.length; i++) {
    const t = to[i];
    if (!listed[from[i]] || listed[t] || hub[t] !== HUB_NONE || listedDegree[t] < min || !(amount[i] > 0)) continue;
    let byAsset = paid.get(t);
    if (!byAsset) paid.set(t, (byAsset = new Map()));
    const a = asset ? asset[i] : 0;
    const list = byAsset.get(a);
    if (list) list.push(amount[i]);
    else byAsset.set(a, [amount[i]]);
    payments.set(t, (payments.get(t) ?? 0) + 1);
  }
  for (const [t, byAsset] of paid) {
    const total = payments.get(t)!;
    if (total < min) continue;
    // one asset holds nearly all of its payments, at fixed prices
    for (const amounts of byAsset.values())
      if (amounts.length >= UNIFORM_SHARE * total && fixedPrices(amounts)) shops.add(t);
  }
  return shops;
}
