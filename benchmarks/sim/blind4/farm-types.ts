/**
 * Farms that leave on-chain links: how each kind is funded, runs the task and takes its rewards home.
 */
import { memeTrade, protocolDeposit, protocolWithdraw, send, swap, withdraw } from './activity.ts';
import { batchFund, type Farm, runTask, seqFund, sweep, sweepAtOnce, sweepSlowly } from './farm-kit.ts';
import { ATA_RENT, BONK, SOL, USDC } from './ledger.ts';
import { live, newPerson } from './life.ts';
import { usdPrice } from './market.ts';
import type { World } from './world.ts';

/** When a farm sets up: days before the window or in its first weeks. */
const setup = (w: World): number => w.clock.start + w.rng.int(-30, 14) * 86400 + w.rng.int(0, 86399);
const fresh = (w: World, k: number): number[] => Array.from({ length: k }, () => w.book.fresh());
/** The dollars a wallet holds for the task when given `sol` (less what fees and rent take). */
const budgetOf = (w: World, sol: number): number => Math.max(0.5, (sol - 0.01) * usdPrice(SOL, w.clock.start));

/** One funder pays every wallet through a batch airdrop tool; the funder (or a collector) gets it all back. */
export function batchStar(w: World, f: Farm): void {
  const { rng } = w;
  const funder = w.book.fresh();
  const t = setup(w);
  const usdc = rng.chance(0.6);
  const sol = usdc ? rng.pick([0.02, 0.03, 0.05]) : rng.pick([0.2, 0.3, 0.5, 1]);
  const end = batchFund(w, f, funder, f.wallets, t, sol, SOL, rng.int(8, 22));
  f.budget = budgetOf(w, sol);
  if (usdc) {
    f.budget = rng.pick([20, 50, 100]);
    f.asset = USDC;
    batchFund(w, f, funder, f.wallets, end + 120, f.budget, USDC, rng.int(8, 22));
  }
  runTask(w, f, { timing: 'script', actions: rng.int(2, 6), amount: 'round' });
  const back = rng.chance(0.6) ? funder : w.book.fresh();
  sweep(
    w,
    f,
    () => back,
    () => w.clock.any(w.clock.end - 2 * 86400, w.cutoff),
  );
}

/** A root pays a few go-betweens, each pays its share of the wallets, amounts a little varied. */
export function fundingTree(w: World, f: Farm): void {
  const { rng } = w;
  const root = w.book.fresh();
  const mids = fresh(w, Math.max(2, Math.round(Math.sqrt(f.wallets.length) / 1.5)));
  const t = setup(w);
  const each = rng.lognormal(0.3, 0.4);
  f.budget = budgetOf(w, each);
  seqFund(
    w,
    f,
    root,
    mids,
    t,
    () => rng.int(30, 600),
    () => each * (f.wallets.length / mids.length + 1),
  );
  mids.forEach((mid, m) => {
    const mine = f.wallets.filter((_, i) => i % mids.length === m);
    seqFund(
      w,
      f,
      mid,
      mine,
      t + rng.int(1800, 86400),
      () => rng.int(5, 300),
      () => each * rng.range(0.9, 1.1),
    );
  });
  runTask(w, f, { timing: 'script', actions: rng.int(1, 5), amount: 'round' });
  if (rng.chance(0.5)) sweepAtOnce(w, f, w.book.fresh());
}

/** A peel chain: each wallet keeps a little and passes the rest to the next one. */
export function peelChain(w: World, f: Farm): void {
  const { rng } = w;
  const keep = rng.lognormal(0.25, 0.3);
  f.budget = budgetOf(w, keep);
  let left = keep * (f.wallets.length + 1);
  let t = setup(w);
  let from = w.book.fresh();
  for (const id of f.wallets) {
    send(w, from, id, t, left, SOL);
    f.ready.set(id, t);
    left -= keep * rng.range(0.9, 1.1) + 0.000005;
    from = id;
    t += rng.int(60, 4 * 3600);
  }
  runTask(w, f, { timing: rng.chance(0.5) ? 'script' : 'human', actions: rng.int(1, 4), amount: 'varied' });
}

/**
 * Each wallet funded by a withdrawal from the operator's exchange account, in a burst; everything goes back to the
 * operator's own deposit address at that exchange.
 */
export function cexWithdrawal(w: World, f: Farm): void {
  const { rng } = w;
  let t = setup(w);
  const usd = rng.pick([20, 30, 50, 100]);
  const sol = rng.pick([0.1, 0.2, 0.25, 0.3, 0.5]);
  // the same amount typed each time, or a little varied; SOL, or USDC (the fee payer covers the SOL fees)
  const same = rng.chance(0.5);
  const usdc = rng.chance(0.3);
  f.budget = usdc ? usd : budgetOf(w, sol);
  f.asset = usdc ? USDC : SOL;
  for (const id of f.wallets) {
    const k = same ? 1 : rng.range(0.85, 1.2);
    withdraw(w, id, t, f.ex, { usd: Math.round(usd * k), sol: sol * k, usdc });
    f.ready.set(id, t);
    t += Math.floor(rng.exp(90)) + 15;
  }
  runTask(w, f, { timing: 'script', actions: rng.int(1, 5), amount: 'round' });
  const home = w.depositAddress(w.book.fresh(), f.ex);
  sweep(
    w,
    f,
    () => home,
    (_, last) => last + rng.int(3600, 5 * 86400),
  );
}

/** Funded by bridge orders (deBridge / Mayan) from the operator's EVM wallets, paid out by one or two solvers. */
export function bridgeFunded(w: World, f: Farm): void {
  const { rng, infra } = w;
  let t = setup(w);
  const solvers = [rng.pick(infra.solvers), rng.pick(infra.solvers)];
  const usd = rng.pick([25, 40, 60]);
  f.budget = usd * 0.95;
  for (const id of f.wallets) {
    send(w, rng.pick(solvers), id, t, (usd * rng.range(0.97, 1.0)) / usdPrice(SOL, t), SOL);
    f.ready.set(id, t);
    t += Math.floor(rng.exp(240)) + 20;
  }
  runTask(w, f, { timing: 'script', actions: rng.int(2, 5), amount: 'varied' });
  const collector = w.book.fresh();
  if (rng.chance(0.7))
    sweep(
      w,
      f,
      () => collector,
      () => w.clock.any(w.clock.end - 3 * 86400, w.cutoff),
    );
  else
    for (const id of f.wallets)
      send(w, id, infra.wormhole, w.clock.any(w.clock.end - 86400, w.cutoff), usd * 0.8, USDC);
}

/**
 * Funded through swap routes: the operator swaps SOL on Jupiter with each wallet as the destination, so the wallet's
 * USDC comes from a pool vault; the operator's fee payer pays the fees (not a transfer) and creates the accounts.
 */
export function swapRoute(w: World, f: Farm): void {
  const { rng, ledger, infra } = w;
  const funder = w.book.fresh();
  let t = setup(w);
  f.budget = rng.pick([40, 60, 80]);
  f.asset = USDC;
  for (const id of f.wallets) {
    const tx = ledger.newTx();
    const usd = f.budget * rng.range(0.97, 1.03);
    const pool = rng.chance(0.4) ? infra.raydium : rng.pick(infra.pools);
    ledger.move(funder, pool, t, Math.round((usd / usdPrice(SOL, t)) * 1e9) / 1e9, SOL, tx);
    if (ledger.openAccount(id, USDC)) ledger.move(funder, id, t, ATA_RENT, SOL, tx);
    ledger.move(pool, id, t, Math.round(usd * 1e6) / 1e6, USDC, tx);
    f.ready.set(id, t);
    t += rng.int(10, 1200);
  }
  runTask(w, f, { timing: 'script', actions: rng.int(2, 6), amount: 'varied' });
  sweepSlowly(w, f, fresh(w, 2), w.book.fresh());
}

/** Funded one by one from a funder; every claim passed to a collector within minutes. */
export function sweepInstant(w: World, f: Farm): void {
  const { rng } = w;
  const sol = rng.lognormal(0.3, 0.3);
  f.budget = budgetOf(w, sol);
  seqFund(
    w,
    f,
    w.book.fresh(),
    f.wallets,
    setup(w),
    () => rng.int(30, 3600),
    () => sol * rng.range(0.8, 1.25),
  );
  runTask(w, f, { timing: 'script', actions: rng.int(2, 6), amount: 'round', claimShare: 1 });
  sweepAtOnce(w, f, w.book.fresh());
}

/** Wallets funded in a batch months ago and aged with a few trades; rewards trickle out through go-betweens. */
export function sweepSlow(w: World, f: Farm): void {
  const { rng, clock } = w;
  const t = clock.start - rng.int(60, 300) * 86400;
  const sol = rng.pick([0.25, 0.5, 1]);
  f.budget = budgetOf(w, sol) * 0.8;
  batchFund(w, f, w.book.fresh(), f.wallets, t, sol, SOL, rng.int(5, 15));
  for (const id of f.wallets)
    for (let k = rng.int(1, 5); k > 0; k--)
      swap(w, id, clock.any(t + 86400, clock.start), SOL, rng.lognormal(0.05, 0.5), rng.pick([USDC, BONK]));
  runTask(w, f, { timing: 'script', actions: rng.int(2, 5), amount: 'varied' });
  sweepSlowly(w, f, fresh(w, rng.int(2, 3)), w.book.fresh());
}

/** A bot: funded in a tight burst, every wallet acts within the same seconds with the same amount and a Jito tip. */
export function lockstepBot(w: World, f: Farm): void {
  const { rng } = w;
  const funder = w.book.fresh();
  const amount = rng.pick([0.2, 0.3, 0.5]);
  f.budget = budgetOf(w, amount);
  seqFund(
    w,
    f,
    funder,
    f.wallets,
    setup(w),
    () => rng.int(0, 3),
    () => amount,
  );
  runTask(w, f, { timing: 'lockstep', actions: rng.int(3, 10), amount: 'same', tip: true });
  const t = w.clock.any(w.clock.end - 86400, w.cutoff - 3600);
  sweep(
    w,
    f,
    () => funder,
    () => t + rng.int(0, 60),
  );
}

/**
 * A farm that mimics people: funded by two or three "friends" at human hours over weeks with odd amounts, wallets
 * given a life of swaps and memecoins, the task done by hand at the operator's hours.
 */
export function humanMimic(w: World, f: Farm): void {
  const { rng, clock } = w;
  const funders = fresh(w, rng.int(2, 3));
  f.budget = budgetOf(w, 0.4);
  const start = clock.start - rng.int(30, 120) * 86400;
  for (const id of f.wallets) {
    const t = clock.human(start, start + 28 * 86400, f.tz);
    send(w, rng.pick(funders), id, t, rng.lognormal(0.6, 0.5), SOL);
    f.ready.set(id, t);
    const p = newPerson(w, id, rng.lognormal(40, 0.6));
    p.tz = f.tz;
    live(w, p, t + 3600, w.cutoff, rng.lognormal(3, 0.4), [40, 30, 0, 0, 3, 2, 0, 0, 2, 10]);
  }
  runTask(w, f, { timing: 'human', actions: rng.int(2, 6), amount: 'varied', claimShare: 0.6 });
  if (rng.chance(0.5)) sweepSlowly(w, f, fresh(w, 1), rng.pick(funders));
}

/** Thousands of wallets: a root, tens of distributors, a batch tool per distributor, several collectors. */
export function megaTree(w: World, f: Farm): void {
  const { rng } = w;
  const root = w.book.fresh();
  const t = setup(w);
  const per = rng.int(50, 150);
  const dists = fresh(w, Math.ceil(f.wallets.length / per));
  const amount = rng.pick([0.03, 0.05, 0.08]);
  f.budget = budgetOf(w, amount);
  seqFund(
    w,
    f,
    root,
    dists,
    t,
    () => rng.int(5, 120),
    () => amount * per * 1.1,
  );
  dists.forEach((d, k) =>
    batchFund(
      w,
      f,
      d,
      f.wallets.slice(k * per, (k + 1) * per),
      t + rng.int(600, 6 * 3600),
      amount,
      SOL,
      rng.int(15, 25),
    ),
  );
  runTask(w, f, { timing: 'script', actions: rng.int(1, 4), amount: 'round' });
  const collectors = fresh(w, rng.int(3, 8));
  sweep(
    w,
    f,
    (id) => collectors[id % collectors.length],
    () => w.clock.any(w.clock.end - 86400, w.cutoff),
  );
}

/** Rent recycled: each wallet does the task, closes its accounts and sends all its SOL to the next wallet. */
export function relayChain(w: World, f: Farm): void {
  const { rng, clock } = w;
  let t = clock.start + rng.int(0, 7) * 86400;
  let sol = rng.pick([0.5, 1]);
  withdraw(w, f.wallets[0], t, f.ex, { sol });
  sol -= f.ex.fee;
  // the relay has to reach the last wallet before the window closes: each wallet gets its share of the time left
  const step = Math.min(2 * 86400, (clock.end - 86400 - t) / f.wallets.length);
  f.wallets.forEach((id, i) => {
    const deposit = Math.floor(t + step * rng.range(0.05, 0.3));
    const usd = (sol - 0.01) * usdPrice(SOL, deposit) * rng.range(0.8, 0.95);
    protocolDeposit(w, id, deposit, usd, 'deposit', 0, SOL);
    protocolWithdraw(w, id, Math.floor(t + step * rng.range(0.35, 0.6)), usd, SOL);
    t = Math.floor(t + step * rng.range(0.7, 1));
    // closing the task's token accounts gives their rent back
    sol -= 0.0003;
    if (i + 1 < f.wallets.length) send(w, id, f.wallets[i + 1], t, sol, SOL);
  });
}

/** Several funders, each paying its share of the wallets; one script runs them all; one collector. */
export function splitFunders(w: World, f: Farm): void {
  const { rng } = w;
  const funders = fresh(w, rng.int(3, 6));
  const amount = rng.pick([0.15, 0.25]);
  f.budget = budgetOf(w, amount);
  funders.forEach((funder, k) => {
    const mine = f.wallets.filter((_, i) => i % funders.length === k);
    seqFund(
      w,
      f,
      funder,
      mine,
      setup(w),
      () => rng.int(20, 900),
      () => amount * rng.range(0.98, 1.02),
    );
  });
  runTask(w, f, { timing: 'script', actions: rng.int(2, 5), amount: 'same' });
  const collector = w.book.fresh();
  sweep(
    w,
    f,
    () => collector,
    () => w.clock.any(w.clock.end - 2 * 86400, w.cutoff),
  );
}

/**
 * A referral ring: wallets withdrawn from the operator's exchange days apart, all with the operator's referral
 * code, topping each other up with a little SOL for fees.
 */
export function referralRing(w: World, f: Farm): void {
  const { rng, clock } = w;
  const sol = rng.pick([0.15, 0.2, 0.25, 0.3]);
  f.budget = budgetOf(w, sol - f.ex.fee);
  for (const id of f.wallets) {
    const t = clock.human(clock.start - 20 * 86400, clock.start + 20 * 86400, f.tz);
    withdraw(w, id, t, f.ex, { sol });
    f.ready.set(id, t);
  }
  for (let k = Math.ceil(f.wallets.length / 2); k > 0; k--) {
    const [a, b] = [rng.pick(f.wallets), rng.pick(f.wallets)];
    if (a !== b) send(w, a, b, clock.human(clock.start, clock.end, f.tz), rng.pick([0.005, 0.01, 0.02]), SOL);
  }
  for (const id of f.wallets.slice(0, 3))
    memeTrade(w, id, clock.human(clock.start, clock.end, f.tz), w.coin(clock.start), 0.1);
  runTask(w, f, { timing: 'human', actions: rng.int(1, 4), amount: 'varied' });
}
