/**
 * Farms built to leave no on-chain link between their wallets: every wallet has its own way in (its own exchange
 * withdrawal, its own bridge order, its own instant-swap order) and its own way out (its own deposit address, a
 * bridge, a new instant-swap order). Only behaviour could give them away; they are reported apart (recall only).
 */
import { deposit, protocolDeposit, send, swap, withdraw } from './activity.ts';
import { type Farm, runTask } from './farm-kit.ts';
import { REWARD, SOL } from './ledger.ts';
import { live, newPerson } from './life.ts';
import { usdPrice } from './market.ts';
import type { World } from './world.ts';

/** Each wallet's entry time: spread over weeks at the operator's hours. */
function entries(w: World, f: Farm): number[] {
  const { clock } = w;
  f.budget = 30;
  return f.wallets.map((id) => {
    const t = clock.human(clock.start - 45 * 86400, clock.start + 10 * 86400, f.tz);
    f.ready.set(id, t);
    return t;
  });
}

/** A little life so the wallet is not bare (a few swaps, a memecoin). */
function cover(w: World, f: Farm, id: number, t: number): void {
  const p = newPerson(w, id, w.rng.lognormal(30, 0.6));
  p.tz = f.tz;
  live(w, p, t + 3600, w.cutoff, w.rng.lognormal(1.5, 0.5), [40, 30, 0, 0, 0, 0, 0, 0, 0, 10], 30);
}

/** Withdrawals from several exchanges, each wallet to its own deposit address at the end. */
export function nolinkCex(w: World, f: Farm): void {
  const { rng, clock } = w;
  const times = entries(w, f);
  f.wallets.forEach((id, i) => {
    withdraw(w, id, times[i], w.exchange());
    cover(w, f, id, times[i]);
  });
  runTask(w, f, { timing: 'human', actions: rng.int(2, 5), amount: 'varied', claimShare: 0.7 });
  for (const [id, r] of f.rewards) {
    const t = clock.human(r.last, w.cutoff, f.tz);
    swap(w, id, t, REWARD, r.tokens, SOL);
    deposit(w, id, t + rng.int(300, 86400), w.exchange(), rng.lognormal(0.3, 0.4), SOL);
  }
}

/** Bridge orders from many EVM wallets, filled by whichever solver; out again over the bridge. */
export function nolinkBridge(w: World, f: Farm): void {
  const { rng, infra, clock } = w;
  const times = entries(w, f);
  f.wallets.forEach((id, i) => {
    send(w, rng.pick(infra.solvers), id, times[i], rng.lognormal(60, 0.4) / usdPrice(SOL, times[i]), SOL);
    cover(w, f, id, times[i]);
  });
  runTask(w, f, { timing: 'human', actions: rng.int(2, 5), amount: 'varied', claimShare: 0.7 });
  for (const id of f.wallets)
    send(w, id, infra.wormhole, clock.human(clock.end - 3 * 86400, w.cutoff, f.tz), rng.lognormal(0.15, 0.4), SOL);
}

/** Instant-swap orders (a coin on another chain in, SOL out); each exit is a new order's own deposit address. */
export function nolinkInstantSwap(w: World, f: Farm): void {
  const { rng, infra, clock } = w;
  const times = entries(w, f);
  f.wallets.forEach((id, i) => {
    send(w, rng.pick(infra.instantSwaps), id, times[i], rng.lognormal(0.4, 0.4), SOL);
    if (rng.chance(0.5)) cover(w, f, id, times[i]);
    else
      protocolDeposit(
        w,
        id,
        clock.human(Math.max(times[i], clock.start), clock.end, f.tz),
        rng.lognormal(40, 0.4),
        'deposit',
        0,
        SOL,
      );
  });
  runTask(w, f, { timing: 'human', actions: rng.int(1, 4), amount: 'varied', claimShare: 0.6 });
  for (const id of f.wallets)
    send(w, id, w.book.fresh(), clock.human(clock.end - 3 * 86400, w.cutoff, f.tz), rng.lognormal(0.2, 0.4), SOL);
}
