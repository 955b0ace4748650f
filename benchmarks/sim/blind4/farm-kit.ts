/**
 * The tools of a farm operator: funding many wallets (a batch airdrop tool, one transfer after another), running
 * the campaign's task from every wallet (a bot in lockstep, a script at random moments, or by hand at the
 * operator's own hours), and taking the rewards home (at once, at the end, slowly through go-betweens).
 */
import { claim, protocolDeposit, protocolWithdraw, send } from './activity.ts';
import { codeOf } from './legit-common.ts';
import type { Exchange } from './infrastructure.ts';
import { REWARD, SOL } from './ledger.ts';
import { roundAmount, usdPrice } from './market.ts';
import type { World } from './world.ts';

export interface Farm {
  id: string;
  type: string;
  wallets: number[];
  /** The operator's UTC offset (their hours when they act by hand). */
  tz: number;
  ex: Exchange;
  /** When each wallet first had funds (the task comes after). */
  ready: Map<number, number>;
  /** Reward tokens each wallet claimed, and when it last claimed. */
  rewards: Map<number, { tokens: number; last: number }>;
  claims: Array<{ id: number; t: number; tokens: number }>;
  /** Dollars each wallet was given for the task, and in which asset it holds them. */
  budget: number;
  asset: number;
}

export function newFarm(w: World, index: number, type: string, size: number): Farm {
  const wallets = Array.from({ length: size }, () => w.book.fresh());
  const id = `farm-${String(index).padStart(2, '0')}`;
  return {
    id,
    type,
    wallets,
    tz: w.clock.operatorZone(),
    ex: w.exchange(),
    ready: new Map(),
    rewards: new Map(),
    claims: [],
    budget: 40,
    asset: SOL,
  };
}

/** Lists the farm's wallets; `referral`: every wallet typed the first wallet's code, or the previous wallet's. */
export function listFarm(w: World, f: Farm, referral: 'none' | 'main' | 'chain' = 'none'): void {
  f.wallets.forEach((id, i) => {
    const ref = i === 0 || referral === 'none' ? undefined : referral === 'main' ? f.wallets[0] : f.wallets[i - 1];
    w.list({
      id,
      role: 'farm',
      pattern: f.type,
      group: f.id,
      referrer: ref,
      referralCode: ref === undefined ? undefined : codeOf(ref),
    });
  });
}

/** A batch airdrop tool: `perTx` wallets paid the same amount in each transaction, one transaction after another. */
export function batchFund(
  w: World,
  f: Farm,
  funder: number,
  wallets: number[],
  t: number,
  amount: number,
  asset = SOL,
  perTx = 20,
): number {
  const { ledger, rng } = w;
  let at = t;
  for (let b = 0; b < wallets.length; b += perTx) {
    const tx = ledger.newTx();
    for (const id of wallets.slice(b, b + perTx)) {
      ledger.sendToken(funder, id, at, amount, asset, tx);
      if (!f.ready.has(id)) f.ready.set(id, at);
    }
    at += rng.int(2, 40);
  }
  return at;
}

/** One transfer per wallet, `gap()` seconds apart, `amount()` each. */
export function seqFund(
  w: World,
  f: Farm,
  funder: number,
  wallets: number[],
  t: number,
  gap: () => number,
  amount: () => number,
  asset = SOL,
): number {
  let at = t;
  for (const id of wallets) {
    send(w, funder, id, at, amount(), asset);
    if (!f.ready.has(id)) f.ready.set(id, at);
    at += gap();
  }
  return at;
}

export type Timing = 'lockstep' | 'script' | 'human';

export interface TaskStyle {
  timing: Timing;
  /** Deposits per wallet (about). */
  actions: number;
  /** 'same': one amount for all, 'round': a few round amounts, 'varied': like people. */
  amount: 'same' | 'round' | 'varied';
  tip?: boolean;
  /** Share of the weeks in which a wallet claims its reward. */
  claimShare?: number;
}

/**
 * The campaign's task from every wallet of the farm, after the wallet was funded: deposits of most of the wallet's
 * budget, each taken out again before the next one (the same money makes the volume).
 */
export function runTask(w: World, f: Farm, s: TaskStyle): void {
  const { rng, clock } = w;
  const usable = f.budget * 0.85;
  const base = usable > 5 ? roundAmount(usable * 0.7, rng.next()) : usable;
  const amount = (): number =>
    s.amount === 'same' ? base : s.amount === 'round' ? rng.pick([base, base / 2]) : usable * rng.range(0.35, 0.95);
  const ready = (id: number): number => Math.max(clock.start, (f.ready.get(id) ?? clock.start) + 60);
  const latest = Math.min(clock.end - 86400, Math.max(...f.wallets.map(ready)));
  const tip = (): number => (s.tip ? rng.lognormal(0.0001, 0.5) : 0);
  const first = new Map<number, number>();
  if (s.timing === 'lockstep') {
    const rate = rng.int(2, 8);
    const rounds = Array.from({ length: s.actions }, () => clock.any(latest, clock.end - 3600)).sort((a, b) => a - b);
    rounds.forEach((t0, r) => {
      const usd = amount();
      const out = Math.min(t0 + rng.int(600, 6 * 3600), (rounds[r + 1] ?? clock.end) - 60);
      f.wallets.forEach((id, i) => {
        if (r === 0) first.set(id, t0 + Math.floor(i / rate));
        protocolDeposit(w, id, t0 + Math.floor(i / rate), usd, 'deposit', tip(), f.asset);
        if (r + 1 < rounds.length) protocolWithdraw(w, id, out + Math.floor(i / rate), usd, f.asset);
      });
    });
  } else
    for (const id of f.wallets) {
      const n = Math.max(1, rng.poisson(s.actions));
      const at = (): number =>
        s.timing === 'script' ? clock.any(ready(id), clock.end) : clock.human(ready(id), clock.end, f.tz);
      const times = Array.from({ length: n }, at).sort((a, b) => a - b);
      first.set(id, times[0]);
      times.forEach((t, k) => {
        const usd = amount();
        protocolDeposit(w, id, t, usd, 'deposit', tip(), f.asset);
        if (k + 1 < n) protocolWithdraw(w, id, Math.floor(t + (times[k + 1] - t) * rng.range(0.2, 0.9)), usd, f.asset);
      });
    }
  claims(w, f, s, (id) => first.get(id) ?? clock.end);
}

/**
 * Weekly reward claims for the weeks after a wallet's first deposit: all at once for a bot, at random moments for a
 * script, by hand otherwise.
 */
function claims(w: World, f: Farm, s: TaskStyle, started: (id: number) => number): void {
  const { rng, clock } = w;
  const share = s.claimShare ?? 0.9;
  for (let t = clock.start + 7 * 86400; t < clock.end; t += 7 * 86400) {
    const t0 = clock.any(t, t + 86400);
    f.wallets.forEach((id, i) => {
      if (started(id) > t || !rng.chance(share)) return;
      const at =
        s.timing === 'lockstep'
          ? t0 + Math.floor(i / 4)
          : s.timing === 'script'
            ? clock.any(t, t + 3 * 86400)
            : clock.human(t, t + 5 * 86400, f.tz);
      // rewards follow the volume deposited, as people's do (about 2 budgets of volume a week, 1 token per $40)
      const tokens = (f.budget / 20) * rng.range(0.5, 1.5);
      claim(w, id, at, tokens, REWARD);
      const r = f.rewards.get(id) ?? { tokens: 0, last: 0 };
      f.rewards.set(id, { tokens: r.tokens + tokens, last: Math.max(r.last, at) });
      f.claims.push({ id, t: at, tokens });
    });
  }
}

/** The rewards and what is left of the deposit, sent to `to(wallet)` at `when(wallet)`. */
export function sweep(w: World, f: Farm, to: (id: number) => number, when: (id: number, last: number) => number): void {
  const { rng } = w;
  for (const id of f.wallets) {
    const r = f.rewards.get(id);
    const t = Math.min(w.cutoff - 60, when(id, r?.last ?? w.clock.end));
    const left = f.budget * rng.range(0.6, 0.8);
    protocolWithdraw(w, id, t - rng.int(60, 1800), left, f.asset);
    if (r) send(w, id, to(id), t, r.tokens, REWARD);
    send(w, id, to(id), t + rng.int(1, 30), left / usdPrice(f.asset, t), f.asset);
  }
}

/** Each claim passed on within minutes (a script watching the wallets), the SOL left at the end. */
export function sweepAtOnce(w: World, f: Farm, collector: number): void {
  const { rng } = w;
  for (const c of f.claims) send(w, c.id, collector, Math.min(w.cutoff - 1, c.t + rng.int(20, 900)), c.tokens, REWARD);
  for (const id of f.wallets)
    send(w, id, collector, w.clock.any(w.clock.end - 86400, w.cutoff), rng.lognormal(0.02, 0.6), SOL);
}

/** Each claim moved on over the following weeks, through one of a few go-between wallets. */
export function sweepSlowly(w: World, f: Farm, via: number[], collector: number): void {
  const { rng } = w;
  for (const c of f.claims) {
    const hop = rng.pick(via);
    const t = Math.min(w.cutoff - 7200, c.t + Math.floor(rng.exp(10 * 86400)));
    send(w, c.id, hop, t, c.tokens, REWARD);
    send(w, hop, collector, t + rng.int(600, 3 * 86400), c.tokens, REWARD);
  }
}
