/**
 * The people outside the campaign list whom shared infrastructure also pays: an exchange hot wallet, a bridge relayer,
 * a wallet app's gas relayer or a market maker pays several times as many people off the list as on it. An import
 * that follows the payers of listed wallets sees these payments, so such a payer's fan-out is mostly outsiders,
 * spread over the whole period.
 */
import { askAmount } from './cex.ts';
import { ALL_CHAINS, CHAINS, type ChainName, DAY, END, START, nativeOf, round } from './chains.ts';
import type { Infra } from './infra.ts';
import type { World } from './world.ts';

/** `n` payments from `payer` to fresh outsiders between lo and hi, of `amount()` `symbol` each. */
export function payCrowd(
  w: World,
  chain: ChainName,
  payer: string,
  n: number,
  amount: () => number,
  symbol: string,
  lo = START - 30 * DAY,
  hi = END,
): void {
  for (let i = 0; i < n; i++) w.send(chain, payer, w.address(), amount(), symbol, Math.floor(w.rng.range(lo, hi)));
}

/** Payments to listed wallets per payer so far. */
function servedByPayer(w: World): Map<string, number> {
  const served = new Map<string, number>();
  for (const x of w.transfers) if (w.listed.has(x.to)) served.set(x.from, (served.get(x.from) ?? 0) + 1);
  return served;
}

/** The outsiders every exchange, bridge, market maker and gas relayer serves: `lo`-`hi` times its listed ones. */
export function backgroundCrowds(w: World, infra: Infra): void {
  const r = w.rng;
  const served = servedByPayer(w);
  const crowd = (payer: string, lo: number, hi: number, base: number): number =>
    Math.round((served.get(payer) ?? 0) * r.range(lo, hi)) + base;
  for (const ex of infra.exchanges)
    for (const c of ALL_CHAINS) {
      const native = CHAINS[c].native;
      const amount = (): number => round(askAmount(w, c, native) - ex.fee, 8);
      for (const hot of ex.hot[c]) payCrowd(w, c, hot, crowd(hot, 2, 3.5, r.int(50, 300)), amount, native);
      if (ex.batcher && c === 'ethereum') payCrowd(w, c, ex.batcher, crowd(ex.batcher, 2, 3.5, 200), amount, native);
    }
  for (const b of infra.bridges)
    for (const c of ALL_CHAINS) {
      if (c === 'polygon') continue;
      const n = crowd(b.payer[c], 1.5, 3, r.int(100, 400));
      payCrowd(w, c, b.payer[c], n, () => round(r.logUniform(0.005, 2), 7), CHAINS[c].native);
    }
  for (const c of ALL_CHAINS)
    for (const mm of infra.rfq[c])
      payCrowd(w, c, mm, crowd(mm, 1.5, 3, 100), () => nativeOf(c, r.logUniform(50, 20000)), CHAINS[c].native);
  for (const g of [...infra.relayers, ...infra.faucets]) {
    const n = crowd(g.address, 2, 3, infra.faucets.includes(g) ? r.int(500, 1500) : r.int(2500, 5000));
    payCrowd(w, g.chain, g.address, n, () => g.amount, 'ETH', START - 60 * DAY);
  }
}
