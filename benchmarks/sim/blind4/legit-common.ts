/**
 * What every legitimate pattern shares: how a wallet gets its first SOL, an ordinary life before and during the
 * campaign, and its row in the campaign's list (with the referral code a friend gave it, now and then).
 */
import { send, withdraw } from './activity.ts';
import type { Exchange } from './infrastructure.ts';
import { live, newPerson, type Person, useCampaign } from './life.ts';
import { SOL, USDC } from './ledger.ts';
import { usdPrice } from './market.ts';
import type { World } from './world.ts';

export type Source = 'cex' | 'bridge' | 'friend' | 'instant' | 'onramp' | 'faucet';

/** How a new wallet's first funds arrive. */
export function firstFunding(w: World, p: Person, t: number, source: Source, from?: number): void {
  const { rng, infra } = w;
  const usd = Math.max(10, rng.lognormal(p.usd * 2, 0.8));
  switch (source) {
    case 'cex':
      withdraw(w, p.id, t, p.ex, { usd: undefined, usdc: rng.chance(0.15) });
      return;
    case 'bridge':
      if (rng.chance(0.3)) send(w, infra.wormhole, p.id, t, usd, USDC);
      else if (rng.chance(0.5)) send(w, rng.pick(infra.solvers), p.id, t, usd / usdPrice(SOL, t), SOL);
      else send(w, rng.pick(infra.solvers), p.id, t, usd, USDC);
      return;
    case 'friend': {
      const friend = from ?? w.book.fresh();
      if (rng.chance(0.6)) send(w, friend, p.id, t, rng.pick([0.05, 0.1, 0.2, 0.5, 1]), SOL);
      else if (rng.chance(0.5)) send(w, friend, p.id, t, usd, USDC);
      else send(w, friend, p.id, t, usd / usdPrice(SOL, t), SOL);
      return;
    }
    case 'faucet':
      // a gas drip first, the real money from an exchange a little later
      send(w, rng.pick(infra.faucets), p.id, t, rng.pick([0.001, 0.002, 0.005]), SOL);
      withdraw(w, p.id, t + rng.int(600, 5 * 86400), p.ex);
      return;
    case 'instant':
      send(w, rng.pick(infra.instantSwaps), p.id, t, usd / usdPrice(SOL, t), SOL);
      return;
    default:
      // a card on-ramp: the on-ramp's wallet pays the USDC and the new account's rent
      send(w, rng.pick(infra.merchants), p.id, t, usd, USDC);
  }
}

export function pickSource(w: World): Source {
  return (['cex', 'bridge', 'friend', 'instant', 'onramp', 'faucet'] as const)[w.rng.weighted([72, 9, 9, 3, 5, 2])];
}

/** When a wallet of an ordinary user was made: any time in the three years, more of them in the last year. */
export function bornOrdinary(w: World): number {
  const { clock, rng } = w;
  const age = Math.min(clock.start - clock.historyStart - 86400, rng.exp(320 * 86400));
  return Math.floor(clock.start - 7 * 86400 - age * rng.range(0.9, 1));
}

export interface OrdinaryOptions {
  born?: number;
  source?: Source;
  from?: number;
  /** Actions per 30 days outside the campaign. */
  rate?: number;
  usd?: number;
  tz?: number;
  ex?: Exchange;
  friends?: number[];
  skipFunding?: boolean;
}

/** A person with an ordinary life: funded, living, and using the campaign at their own hours. */
export function ordinaryPerson(w: World, id: number, o: OrdinaryOptions = {}): Person {
  const { rng } = w;
  const p = newPerson(w, id, o.usd);
  if (o.tz !== undefined) p.tz = o.tz;
  if (o.ex) p.ex = o.ex;
  if (o.friends) p.friends = o.friends;
  const born = o.born ?? bornOrdinary(w);
  if (!o.skipFunding) firstFunding(w, p, born, o.source ?? pickSource(w), o.from);
  live(w, p, born + 600, w.cutoff, o.rate ?? rng.lognormal(1.5, 0.9));
  useCampaign(w, p, born);
  return p;
}

export function codeOf(id: number): string {
  return `ref-${((id * 2654435761) >>> 0).toString(36)}`;
}

/** Lists a legitimate wallet; one in ten came through a code another listed user shared. */
export function listLegit(w: World, id: number, pattern: string, group = '', referrer?: number): void {
  const { rng } = w;
  let ref = referrer;
  if (ref === undefined && w.legitPool.length > 100 && rng.chance(0.1)) ref = rng.pick(w.legitPool);
  w.list({
    id,
    role: 'legit',
    pattern,
    group,
    referrer: ref,
    referralCode: ref === undefined ? undefined : codeOf(ref),
  });
}
