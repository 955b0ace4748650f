/**
 * Legitimate users who share something on chain: a batching exchange's withdrawal transaction, a family, one
 * person's several wallets, a DAO's payroll, a memecoin launch, an NFT mint, one honest person's trading bots, an
 * app that paid their rent, a bounty programme, a conference giveaway.
 */
import { memeTrade, nftBuy, nftMint, protocolDeposit, send, sponsor, swap, withdraw } from './activity.ts';
import { bornOrdinary, listLegit, ordinaryPerson } from './legit-common.ts';
import { SOL, USDC } from './ledger.ts';
import { live, newPerson, type Person, useCampaign } from './life.ts';
import type { World } from './world.ts';

/** Group sizes drawn by `draw` (at least `min`) that add up to exactly n. */
export function sizes(n: number, draw: () => number, min: number): number[] {
  const out: number[] = [];
  let left = n;
  while (left > 0) {
    let s = Math.max(min, Math.round(draw()));
    if (left - s < min) s = left;
    out.push(s);
    left -= s;
  }
  return out;
}

const fresh = (w: World, k: number): number[] => Array.from({ length: k }, () => w.book.fresh());

/** Customers of an exchange that pays many withdrawals in one transaction, who happened to share a batch. */
export function cexBatchCohort(w: World, n: number): void {
  const { rng, clock } = w;
  const ex = w.infra.exchanges.find((e) => e.batches) ?? w.infra.exchanges[0];
  sizes(n, () => rng.int(2, 5), 2).forEach((size, k) => {
    const slot = Math.floor(rng.range(clock.start - 700 * 86400, clock.end - 5 * 86400) / 90) * 90;
    for (const id of fresh(w, size)) {
      withdraw(w, id, slot + rng.int(0, 88), ex);
      ordinaryPerson(w, id, { born: slot + 89, skipFunding: true, ex });
      listLegit(w, id, 'cex_batch_cohort', `cexbatch-${k}`);
    }
  });
}

/** Families and friends: one often funds the others' first wallets; they send each other SOL and USDC. */
export function familyFriends(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.int(2, 6), 2).forEach((size, k) => {
    const ids = fresh(w, size);
    const tz = clock.zone();
    const elderBorn = bornOrdinary(w);
    const funds = rng.chance(0.5);
    ids.forEach((id, i) => {
      const friends = ids.filter((x) => x !== id);
      const born = i === 0 ? elderBorn : Math.max(elderBorn + 3600, bornOrdinary(w));
      const source = i > 0 && funds ? 'friend' : 'cex';
      ordinaryPerson(w, id, { born, tz, friends, source, from: ids[0], rate: rng.lognormal(1.5, 0.8) });
      listLegit(w, id, 'family_friends', `family-${k}`, i > 0 && rng.chance(0.5) ? ids[0] : undefined);
    });
  });
}

/**
 * A person's main wallet (an ordinary life, listed) and their other wallets, each funded from the main with a round
 * amount of SOL at a moment after `earliest` (at least a day after the main's first funds); `use` gives each its life.
 */
function mainAndOthers(
  w: World,
  ids: number[],
  listAs: [string, string],
  usd: number,
  earliest: number,
  sols: number[],
  use: (main: Person, id: number, born: number) => void,
): void {
  const { rng, clock } = w;
  const mainBorn = bornOrdinary(w);
  const main = ordinaryPerson(w, ids[0], { born: mainBorn, usd, rate: rng.lognormal(4.5, 0.6) });
  listLegit(w, ids[0], ...listAs);
  for (const id of ids.slice(1)) {
    const born = clock.human(Math.max(mainBorn + 86400, earliest), clock.start - 3 * 86400, main.tz);
    send(w, ids[0], id, born, rng.pick(sols), SOL);
    use(main, id, born);
    listLegit(w, id, ...listAs);
  }
}

/** One person's several wallets (a main one, a trading one, a cold one): funded from the main, all used. */
export function powerUser(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.int(2, 4), 2).forEach((size, k) => {
    const listAs: [string, string] = ['power_user', `person-${k}`];
    const sols = [0.5, 1, 2, 5, 10, 25];
    mainAndOthers(w, fresh(w, size), listAs, rng.lognormal(800, 0.8), clock.historyStart, sols, (main, id, born) => {
      const { tz, usd, ex } = main;
      const p = ordinaryPerson(w, id, { born, tz, usd, ex, friends: [main.id], skipFunding: true });
      live(w, p, born, w.cutoff, 0.5, [0, 0, 0, 0, 0, 0, 10, 0, 0, 0]);
    });
  });
}

/** A DAO's contributors, paid in USDC from its multisig vault at the start of each month. */
export function daoPayroll(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.lognormal(20, 0.6), 3).forEach((size, k) => {
    const vault = w.book.fresh();
    const months = rng.int(4, 18);
    const batched = rng.chance(0.3);
    const ids = fresh(w, size);
    const salary = ids.map(() => rng.pick([1500, 2500, 3000, 4000, 5000, 6000, 8000]));
    const firstMonth = clock.start - months * 30 * 86400;
    for (const id of ids) ordinaryPerson(w, id, { born: firstMonth - rng.int(0, 400) * 86400 });
    for (let m = 0; m <= months; m++) {
      const day = firstMonth + m * 30 * 86400 + rng.int(0, 4) * 86400 + rng.int(13, 18) * 3600;
      if (day > w.cutoff) break;
      const tx = batched ? w.ledger.newTx() : 0;
      ids.forEach((id, i) => {
        const t = day + (batched ? 0 : rng.int(0, 3600));
        w.ledger.sendToken(vault, id, t, salary[i], USDC, batched ? tx : w.ledger.newTx());
      });
    }
    for (const id of ids) listLegit(w, id, 'dao_payroll', `dao-${k}`);
  });
}

/** A memecoin launch: hundreds buy on the bonding curve within minutes, with Jito tips to land first. */
export function memecoinRush(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.lognormal(250, 0.6), 20).forEach((size, k) => {
    const launch = clock.any(clock.start - 180 * 86400, clock.end - 86400);
    const coin = w.launch(launch);
    for (const id of fresh(w, size)) {
      ordinaryPerson(w, id, { born: Math.min(bornOrdinary(w), launch - 3600) });
      const t = launch + Math.floor(rng.exp(rng.chance(0.3) ? 20 : 400));
      memeTrade(w, id, t, coin, rng.lognormal(0.5, 1), false, rng.lognormal(0.0005, 1));
      if (rng.chance(0.6)) memeTrade(w, id, t + Math.floor(rng.exp(3 * 3600)), coin, rng.lognormal(0.5, 1.3), true);
      listLegit(w, id, 'memecoin_rush', `rush-${k}`);
    }
  });
}

/** An NFT mint: the same price paid to the collection's treasury by hundreds within minutes; some flip later. */
export function nftMintRush(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.lognormal(180, 0.6), 20).forEach((size, k) => {
    const mint = clock.any(clock.start - 500 * 86400, clock.end - 86400);
    const treasury = w.book.fresh();
    const collection = w.ledger.newAsset();
    const price = rng.pick([0.25, 0.5, 0.69, 1, 1.5, 2]);
    for (const id of fresh(w, size)) {
      ordinaryPerson(w, id, { born: Math.min(bornOrdinary(w), mint - 86400) });
      const t = mint + Math.floor(rng.exp(600));
      nftMint(w, id, t, price, treasury);
      if (rng.chance(0.3))
        nftBuy(
          w,
          w.book.fresh(),
          id,
          t + rng.int(600, 20 * 86400),
          price * rng.lognormal(1.3, 0.6),
          collection,
          treasury,
        );
      listLegit(w, id, 'nft_mint_rush', `mint-${k}`);
    }
  });
}

/** One honest person's trading bots: funded from their main wallet, trading at every hour, profits sent home. */
export function honestBot(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.int(2, 5), 2).forEach((size, k) => {
    const listAs: [string, string] = ['honest_bot', `bot-${k}`];
    const earliest = clock.start - 300 * 86400;
    mainAndOthers(w, fresh(w, size), listAs, rng.lognormal(1500, 0.6), earliest, [2, 5, 10, 20], (main, id, born) => {
      const trades = Math.min(280, rng.poisson(((w.cutoff - born) / 86400) * rng.lognormal(1, 0.5)));
      for (let i = 0; i < trades; i++) botTrade(w, id, clock.any(born + 60, w.cutoff));
      for (let m = born + 20 * 86400; m < w.cutoff; m += rng.int(10, 40) * 86400)
        send(w, id, main.id, m, rng.lognormal(1, 1), SOL);
      for (let i = rng.int(1, 8); i > 0; i--)
        protocolDeposit(w, id, clock.any(clock.start, clock.end), rng.lognormal(300, 0.8), 'deposit');
    });
  });
}

/** A bot's trade: a memecoin on its bonding curve or a SOL/USDC swap, with a Jito tip to land first. */
function botTrade(w: World, id: number, t: number): void {
  const { rng } = w;
  if (rng.chance(0.6))
    memeTrade(w, id, t, w.coin(t), rng.lognormal(0.8, 0.6), rng.chance(0.5), rng.lognormal(0.002, 0.5));
  else if (rng.chance(0.5)) swap(w, id, t, SOL, rng.lognormal(3, 0.6), USDC, rng.lognormal(0.001, 0.5));
  else swap(w, id, t, USDC, rng.lognormal(400, 0.6), SOL, rng.lognormal(0.001, 0.5));
}

/** An app that pays new users' token account rent and a little SOL for fees when they sign up. */
export function appOnboarded(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.lognormal(n / 3, 0.4), 10).forEach((size, k) => {
    const payer = w.book.fresh();
    const gift = rng.pick([0, 0.001, 0.002, 0.005]);
    const opened = clock.start - rng.int(60, 500) * 86400;
    for (const id of fresh(w, size)) {
      const p = newPerson(w, id, rng.lognormal(40, 1));
      const born = clock.human(opened, clock.end - 7 * 86400, p.tz);
      sponsor(w, payer, id, born, gift);
      send(w, rng.pick(w.infra.merchants), id, born + rng.int(30, 86400), rng.pick([20, 25, 50, 100, 200]), USDC);
      live(w, p, born + 600, w.cutoff, rng.lognormal(2, 0.8));
      useCampaign(w, p, born);
      listLegit(w, id, 'app_onboarded', `app-${k}`);
    }
  });
}

/** A bounty programme: winners paid in USDC from the foundation's wallet, a few on the same day. */
export function grantBounty(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.lognormal(60, 0.5), 5).forEach((size, k) => {
    const foundation = w.book.fresh();
    const ids = fresh(w, size);
    for (const id of ids) ordinaryPerson(w, id);
    const rounds = Math.ceil(size / 4);
    for (let r = 0; r < rounds; r++) {
      const day = clock.any(clock.start - 400 * 86400, clock.end);
      for (let i = rng.int(2, 8); i > 0; i--) {
        const t = day + rng.int(0, 6 * 3600);
        w.ledger.sendToken(
          foundation,
          rng.pick(ids),
          t,
          rng.pick([250, 500, 1000, 1500, 2500, 5000]),
          USDC,
          w.ledger.newTx(),
        );
      }
    }
    for (const id of ids) listLegit(w, id, 'grant_bounty', `grants-${k}`);
  });
}

/** A conference giveaway: the organiser's airdrop tool pays 0.05 SOL to attendees, twenty per transaction. */
export function eventGiveaway(w: World, n: number): void {
  const { rng, clock } = w;
  sizes(n, () => rng.lognormal(150, 0.5), 10).forEach((size, k) => {
    const organiser = w.book.fresh();
    const day = clock.start - rng.int(20, 300) * 86400 + rng.int(9, 16) * 3600;
    const gift = rng.pick([0.02, 0.05, 0.1]);
    const ids = fresh(w, size);
    ids.forEach((id) => {
      // some made their wallet at the booth that day
      if (rng.chance(0.35)) {
        const p = newPerson(w, id);
        live(w, p, day + 3600, w.cutoff, rng.lognormal(2, 0.8));
        useCampaign(w, p, day + 3600);
      } else ordinaryPerson(w, id, { born: Math.min(bornOrdinary(w), day - 86400) });
    });
    for (let b = 0; b < ids.length; b += 20) {
      const tx = w.ledger.newTx();
      const t = day + 4 * 3600 + (b / 20) * rng.int(20, 300);
      for (const id of ids.slice(b, b + 20)) w.ledger.move(organiser, id, t, gift, SOL, tx);
    }
    for (const id of ids) listLegit(w, id, 'event_giveaway', `event-${k}`);
  });
}
