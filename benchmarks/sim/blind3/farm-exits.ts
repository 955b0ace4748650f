/**
 * Where farm wallets of the third blind world send their money back (docs/blind-campaigns-3.md): a collector (in one
 * bot session or over weeks), the operator's exchange deposit addresses, each wallet's own deposit address (farms
 * built to leave no link), a bridge back to the funder; and the small payments among farm wallets that some farms
 * make to look like friends.
 */
import { bridgeTo } from './activity.ts';
import { deposit } from './cex.ts';
import { CHAINS, DAY, END, HOUR, START, humanTime, nativeOf, round } from './chains.ts';
import { type Farm, fundedAt, operatorAddress } from './farm.ts';
import { chainsOf } from './farm-activity.ts';
import { type Infra, pickExchange } from './infra.ts';
import type { World } from './world.ts';

/** A time after the wallet's money arrived on `chain`, late in the campaign. */
function late(w: World, f: Farm, wallet: string, chain: (typeof f.chains)[number]): number {
  const lo = Math.max(fundedAt(f, wallet, chain) + DAY, START + 20 * DAY);
  return humanTime(w.rng, Math.min(lo, END - DAY), END, f.tz);
}

/** Sweeps to one collector (`collector`: e.g. the funder itself), in one bot session or spread over weeks. */
export function sweep(w: World, f: Farm, wallets: string[], collector = operatorAddress(w, f)): void {
  const r = w.rng;
  const session = r.chance(0.6) ? humanTime(r, END - 40 * DAY, END - DAY, f.tz) : 0;
  for (const wallet of wallets) {
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    const chain = r.pick(chains);
    const t = session
      ? Math.max(session + r.int(0, 3 * HOUR), fundedAt(f, wallet, chain) + HOUR)
      : late(w, f, wallet, chain);
    w.send(chain, wallet, collector, nativeOf(chain, f.usd * r.range(0.5, 3)), CHAINS[chain].native, t);
    if (r.chance(0.4)) w.send(chain, wallet, collector, round(f.usd * r.range(1, 5), 2), 'USDC', t + r.int(20, 600));
  }
}

/** Deposits to 1-3 deposit addresses of the operator's exchange accounts. */
export function depositToOperator(w: World, f: Farm, wallets: string[]): void {
  const r = w.rng;
  const accounts = Array.from({ length: r.int(1, 3) }, (_, i) => `${f.account}-${i}`);
  for (const wallet of wallets) {
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    const chain = r.pick(chains);
    const usd = round(f.usd * r.range(1, 6), 2);
    deposit(w, f.ex, chain, wallet, r.pick(accounts), usd, 'USDC', late(w, f, wallet, chain));
  }
}

/** Each wallet to a deposit address of its own (sub-accounts at several exchanges): no address in common. */
export function depositApart(w: World, infra: Infra, f: Farm, wallets: string[]): void {
  const r = w.rng;
  for (const wallet of wallets) {
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    const chain = r.pick(chains);
    const usd = round(f.usd * r.logUniform(0.5, 8), 2);
    deposit(w, pickExchange(w, infra), chain, wallet, wallet, usd, 'USDC', late(w, f, wallet, chain));
  }
}

/** Each wallet bridges what is left back to the operator's address on Ethereum. */
export function bridgeBack(w: World, infra: Infra, f: Farm, wallets: string[], to: string): void {
  const r = w.rng;
  const bridge = r.pick(infra.bridges);
  for (const wallet of wallets) {
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    const chain = r.pick(chains);
    const amount = nativeOf(chain, f.usd * r.range(1, 4));
    bridgeTo(w, bridge, chain, wallet, 'ethereum', to, amount, late(w, f, wallet, chain));
  }
}

/** A third of the wallets pay another farm wallet a little, at people's hours, to look like friends. */
export function fakeFriends(w: World, f: Farm, wallets: string[]): void {
  const r = w.rng;
  for (const wallet of wallets) {
    if (!r.chance(0.33)) continue;
    const other = r.pick(wallets);
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    const chain = r.pick(chains);
    if (other === wallet || fundedAt(f, other, chain) >= END) continue;
    w.send(chain, wallet, other, round(r.logUniform(3, 80), 2), 'USDC', late(w, f, wallet, chain));
  }
}
