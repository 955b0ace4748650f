/**
 * Legitimate users who act alone: ordinary retail, years-old wallets, brand-new wallets, the crowd that withdraws
 * from the same exchanges on launch day, people who arrive through a bridge, Telegram trading bot users, and the
 * followers of an influencer who all typed the same referral code.
 */
import { memeTrade, protocolDeposit, withdraw } from './activity.ts';
import { firstFunding, listLegit, ordinaryPerson } from './legit-common.ts';
import { SOL } from './ledger.ts';
import { live, newPerson, useCampaign } from './life.ts';
import type { World } from './world.ts';

export function retail(w: World, n: number): void {
  for (let i = 0; i < n; i++) {
    const id = w.book.fresh();
    ordinaryPerson(w, id);
    listLegit(w, id, 'retail');
  }
}

/** Wallets in use for one and a half to three years: many counterparties, staking, NFTs, a larger purse. */
export function veteran(w: World, n: number): void {
  const { clock, rng } = w;
  for (let i = 0; i < n; i++) {
    const id = w.book.fresh();
    const born = clock.historyStart + rng.int(0, 540) * 86400;
    ordinaryPerson(w, id, {
      born,
      rate: rng.lognormal(4, 0.7),
      usd: rng.lognormal(400, 1),
      source: rng.chance(0.9) ? 'cex' : 'friend',
    });
    listLegit(w, id, 'veteran');
  }
}

/** Wallets made just before or during the campaign, with little else on them. */
export function newWallet(w: World, n: number): void {
  const { clock, rng } = w;
  for (let i = 0; i < n; i++) {
    const id = w.book.fresh();
    const tz = clock.zone();
    const born = clock.human(clock.start - 20 * 86400, clock.end - 7 * 86400, tz);
    ordinaryPerson(w, id, { born, tz, rate: rng.lognormal(1.5, 0.8), source: rng.chance(0.8) ? 'cex' : 'bridge' });
    listLegit(w, id, 'new_wallet');
  }
}

/**
 * Launch day (and the day points were announced): thousands withdraw from the big exchanges within the same hours,
 * straight into new wallets, and deposit into the protocol minutes later.
 */
export function launchDay(w: World, n: number): void {
  const { clock, rng } = w;
  const surges = [clock.start + rng.int(1, 4) * 3600, clock.start + rng.int(10, 20) * 86400 + rng.int(13, 17) * 3600];
  const big = w.infra.exchanges.filter((e) => e.weight >= 10);
  for (let i = 0; i < n; i++) {
    const id = w.book.fresh();
    const p = newPerson(w, id);
    p.ex = rng.pick(big);
    const t = rng.pick(surges) + Math.floor(rng.exp(2400));
    withdraw(w, id, t, p.ex, { usd: undefined, usdc: rng.chance(0.2) });
    const first = t + rng.int(120, 3600);
    protocolDeposit(w, id, first, Math.max(10, rng.lognormal(p.usd, 0.8)), 'deposit');
    live(w, p, first + 600, w.cutoff, rng.lognormal(1.5, 0.8));
    useCampaign(w, p, first, rng.poisson(3));
    listLegit(w, id, 'launch_day_cex');
  }
}

/** People whose money came over a bridge (Wormhole, or a solver paying out a deBridge / Mayan order). */
export function bridgeUser(w: World, n: number): void {
  for (let i = 0; i < n; i++) {
    const id = w.book.fresh();
    ordinaryPerson(w, id, { source: 'bridge' });
    listLegit(w, id, 'bridge_user');
  }
}

/**
 * Users of Telegram trading bots: the bot made their wallet; every trade pays the bot 1% into one fee wallet and a
 * Jito tip, at any hour the market moves.
 */
export function tgBotTrader(w: World, n: number): void {
  const { clock, rng, infra } = w;
  for (let i = 0; i < n; i++) {
    const id = w.book.fresh();
    const bot = rng.int(0, infra.botFees.length - 1);
    const born = Math.max(clock.historyStart, clock.start - Math.floor(rng.exp(150 * 86400)) - 86400);
    const p = newPerson(w, id, rng.lognormal(80, 1));
    firstFunding(w, p, born, rng.chance(0.85) ? 'cex' : 'friend');
    const trades = Math.min(250, rng.poisson(((w.cutoff - born) / 86400) * rng.lognormal(0.3, 0.8)));
    for (let k = 0; k < trades; k++) {
      const t = rng.chance(0.6) ? clock.human(born + 600, w.cutoff, p.tz) : clock.any(born + 600, w.cutoff);
      const sol = rng.lognormal(0.4, 1);
      const tx = memeTrade(w, id, t, w.coin(t), sol, rng.chance(0.4), rng.lognormal(0.001, 0.8));
      w.ledger.move(id, infra.botFees[bot], t, Math.round(sol * 0.01 * 1e9) / 1e9, SOL, tx);
    }
    live(w, p, born + 600, w.cutoff, 1);
    useCampaign(w, p, born);
    listLegit(w, id, 'tg_bot_trader', `tgbot-${bot}`);
  }
}

/** Followers of an influencer: all typed the influencer's code (the influencer's own wallet is listed too). */
export function kolReferral(w: World, n: number): void {
  const { rng, clock } = w;
  let left = n;
  for (let k = 0; left > 0; k++) {
    const size = Math.min(left, Math.max(2, Math.round(rng.lognormal(n / 4, 0.5))));
    const kol = w.book.fresh();
    ordinaryPerson(w, kol, { usd: rng.lognormal(2000, 0.7), rate: rng.lognormal(5, 0.5) });
    listLegit(w, kol, 'kol_referral', `kol-${k}`);
    const post = clock.start + rng.int(0, 10) * 86400 + rng.int(12, 22) * 3600;
    for (let i = 1; i < size; i++) {
      const id = w.book.fresh();
      const p = ordinaryPerson(w, id);
      // followers act on the influencer's post: half of them within hours of it
      const t = Math.min(clock.end - 60, post + Math.floor(rng.exp(3 * 3600)));
      if (rng.chance(0.5)) protocolDeposit(w, id, t, rng.lognormal(p.usd, 0.7), 'deposit');
      listLegit(w, id, 'kol_referral', `kol-${k}`, kol);
    }
    left -= size;
  }
}
