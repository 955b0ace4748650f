/**
 * An ordinary Solana user's life on chain between two dates, at waking hours in their time zone: swaps on
 * Jupiter, memecoins on pump.fun, exchange withdrawals and deposits, an NFT now and then, staking, paying friends
 * and shops, bridging. And their part in the campaign: deposits into the protocol in the window, weekly reward
 * claims, sometimes a withdrawal or a sale of the reward.
 */
import {
  claim,
  deposit,
  memeTrade,
  nftBuy,
  protocolDeposit,
  protocolWithdraw,
  send,
  swap,
  withdraw,
} from './activity.ts';
import type { Exchange } from './infrastructure.ts';
import { BONK, JITOSOL, JUP, MSOL, REWARD, SOL, USDC, WIF } from './ledger.ts';
import { usdPrice } from './market.ts';
import type { World } from './world.ts';

export interface Person {
  id: number;
  /** UTC offset in hours. */
  tz: number;
  /** The exchange they use most. */
  ex: Exchange;
  /** Typical dollar size of what they do. */
  usd: number;
  /** People they send to and receive from now and then (may be empty). */
  friends: number[];
}

export function newPerson(w: World, id: number, usd = w.rng.lognormal(120, 1.1)): Person {
  return { id, tz: w.clock.zone(), ex: w.exchange(), usd, friends: [] };
}

/** Relative frequency of each kind of action (swap, memecoin, withdrawal, deposit, NFT, stake, pay, bridge, tip). */
export const ORDINARY = [34, 14, 9, 8, 5, 4, 6, 4, 3, 4];
const TOKENS = [JUP, BONK, WIF, USDC, JITOSOL];

/** `rate` actions per 30 days in [from, to), at most `cap` of them. */
export function live(w: World, p: Person, from: number, to: number, rate: number, mix = ORDINARY, cap = 300): void {
  const { rng, clock } = w;
  if (to <= from) return;
  const n = Math.min(cap, rng.poisson((rate * (to - from)) / (30 * 86400)));
  for (const t of clock.humanMany(n, from, to, p.tz)) act(w, p, t, rng.weighted(mix));
}

function act(w: World, p: Person, t: number, kind: number): void {
  const { rng, infra } = w;
  const usd = Math.max(2, rng.lognormal(p.usd, 0.9));
  const sol = usd / usdPrice(SOL, t);
  switch (kind) {
    case 0: {
      const token = rng.pick(TOKENS);
      if (rng.chance(0.5)) swap(w, p.id, t, SOL, sol, token);
      else swap(w, p.id, t, token, usd / usdPrice(token, t), SOL);
      return;
    }
    case 1: {
      const coin = w.coin(t);
      memeTrade(w, p.id, t, coin, Math.min(sol, rng.lognormal(0.3, 1)), false, rng.chance(0.3) ? 0.0001 : 0);
      if (rng.chance(0.5)) memeTrade(w, p.id, t + rng.int(60, 5 * 86400), coin, rng.lognormal(0.3, 1.2), true);
      return;
    }
    case 2:
      withdraw(w, p.id, t, rng.chance(0.85) ? p.ex : w.exchange(), { usd: undefined, usdc: rng.chance(0.2) });
      return;
    case 3:
      if (rng.chance(0.7)) deposit(w, p.id, t, p.ex, sol, SOL);
      else deposit(w, p.id, t, p.ex, usd, USDC);
      return;
    case 4: {
      const seller = w.legitPool.length > 50 && rng.chance(0.08) ? rng.pick(w.legitPool) : w.book.fresh();
      const c = w.collection();
      if (seller !== p.id) nftBuy(w, p.id, seller, t, rng.lognormal(1.5, 1), c.asset, c.creator);
      return;
    }
    case 5:
      send(w, p.id, rng.pick(infra.stakePools), t, Math.max(0.1, sol), SOL);
      if (rng.chance(0.3))
        swap(w, p.id, t + rng.int(86400, 90 * 86400), rng.chance(0.5) ? JITOSOL : MSOL, sol * 0.8, SOL);
      return;
    case 6:
      if (p.friends.length > 0 && rng.chance(0.7)) {
        if (rng.chance(0.5)) send(w, p.id, rng.pick(p.friends), t, sol, SOL);
        else send(w, p.id, rng.pick(p.friends), t, usd, USDC);
      } else if (rng.chance(0.5)) send(w, p.id, rng.pick(infra.merchants), t, usd, USDC);
      else send(w, w.book.fresh(), p.id, t, sol, SOL);
      return;
    case 7:
      // coins moved between chains: out over Wormhole, in from a bridge solver or an instant-swap service
      if (rng.chance(0.4)) send(w, p.id, infra.wormhole, t, usd, USDC);
      else if (rng.chance(0.3)) send(w, rng.pick(infra.instantSwaps), p.id, t, sol, SOL);
      else if (rng.chance(0.5)) send(w, rng.pick(infra.solvers), p.id, t, usd, USDC);
      else send(w, rng.pick(infra.solvers), p.id, t, sol, SOL);
      return;
    case 8:
      send(w, p.id, rng.pick(infra.lending), t, usd, USDC);
      return;
    default:
      swap(w, p.id, t, SOL, sol, rng.pick(TOKENS), rng.lognormal(0.0005, 1.2));
  }
}

/**
 * A person's part in the campaign: 1-15 deposits at their own hours in the window, weekly rewards claimed when they
 * remember, sometimes sold on a DEX or taken out.
 */
export function useCampaign(
  w: World,
  p: Person,
  since: number,
  actions = 1 + w.rng.poisson(w.rng.lognormal(2, 0.8)),
): void {
  const { rng, clock } = w;
  const from = Math.max(clock.start, since + 60);
  const times = clock.humanMany(Math.max(1, Math.min(actions, 40)), from, clock.end, p.tz);
  let total = 0;
  // most people deposit; some borrow against it or loop (deposit, borrow, deposit again)
  const event = ['deposit', 'borrow', 'loop'][rng.weighted([6, 2, 1])];
  for (const t of times) {
    const usd = Math.max(5, rng.lognormal(p.usd * 1.5, 1));
    total += usd;
    protocolDeposit(w, p.id, t, usd, event);
  }
  if (rng.chance(0.35))
    protocolWithdraw(w, p.id, clock.human(times[times.length - 1], clock.end, p.tz), total * rng.range(0.3, 1));
  const weeks = Math.floor((clock.end - times[0]) / (7 * 86400));
  let held = 0;
  for (let k = 1; k <= weeks; k++) {
    if (!rng.chance(0.45)) continue;
    const tokens = (total / 40) * rng.range(0.5, 1.5);
    held += tokens;
    claim(
      w,
      p.id,
      clock.human(times[0] + k * 7 * 86400, Math.min(clock.end, times[0] + (k + 1) * 7 * 86400), p.tz),
      tokens,
      REWARD,
    );
  }
  if (held > 0 && rng.chance(0.4))
    swap(w, p.id, clock.human(clock.end - 5 * 86400, w.cutoff, p.tz), REWARD, held, rng.chance(0.5) ? USDC : SOL);
}
