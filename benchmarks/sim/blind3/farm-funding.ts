/**
 * How farms of the third blind world fund their wallets on a chain (docs/blind-campaigns-3.md, "Farm types"):
 * Disperse-style batches, star sessions, peel chains, trees through intermediaries, bursts of withdrawals from the
 * operator's exchange account, bridge fans, slow drips, withdrawals scattered over months, and mixer withdrawals.
 * Each shape records when each wallet got its money (farm.ts markFunded).
 */
import { bridgeTo } from './activity.ts';
import { withdraw } from './cex.ts';
import { CHAINS, type ChainName, DAY, END, HOUR, MINUTE, humanTime, nativeOf, round } from './chains.ts';
import { type Farm, markFunded, operatorAddress } from './farm.ts';
import type { Infra } from './infra.ts';
import type { World } from './world.ts';

export type FundingShape = (w: World, infra: Infra, f: Farm, wallets: string[], chain: ChainName, t0: number) => void;

/** Amounts an operator sends each wallet: one figure, a jittered one, or widely varied ones. */
function amounts(w: World, f: Farm, chain: ChainName): () => number {
  const r = w.rng;
  const base = nativeOf(chain, f.usd * r.range(2, 6));
  const style = r.weighted([
    ['same', 30],
    ['jitter', 50],
    ['wide', 20],
  ] as const);
  if (style === 'same') return () => round(base, 3) || 0.001;
  if (style === 'jitter') return () => round(base * r.range(0.88, 1.12), 5);
  return () => round(base * r.logUniform(0.4, 2.5), 5);
}

/**
 * A pause between two rounds of funding: `lo`-`hi` seconds, but short enough that `rounds` rounds from t0 end a month
 * before the snapshot (a big farm works faster).
 */
function pause(w: World, lo: number, hi: number, t0: number, rounds: number): number {
  return Math.min(w.rng.int(lo, hi), Math.max(60, Math.floor((END - 30 * DAY - t0) / Math.max(1, rounds))));
}

/** A funder's own money: a few exchange withdrawals before it starts paying. */
function bankroll(w: World, infra: Infra, f: Farm, funder: string, chain: ChainName, t: number, total: number) {
  const n = Math.min(5, Math.max(1, Math.ceil(total / 4)));
  for (let i = 0; i < n; i++) {
    const at = t - w.rng.int(10 * MINUTE, 2 * DAY);
    withdraw(w, infra, f.ex, chain, funder, round(total / n + 0.01, 2), CHAINS[chain].native, at);
  }
}

/** Disperse-style batches: one transaction from the funder through the contract pays 40-250 wallets. */
export const disperse: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const amount = amounts(w, f, chain);
  const perFunder = r.int(800, 3000);
  let t = t0;
  for (let i = 0; i < wallets.length; ) {
    const funder = operatorAddress(w, f);
    const mine = wallets.slice(i, i + perFunder);
    i += mine.length;
    let spent = 0;
    const start = t;
    for (let j = 0; j < mine.length; ) {
      const batch = mine.slice(j, j + r.int(40, 250));
      j += batch.length;
      const pays = batch.map(() => amount());
      const total = round(
        pays.reduce((a, b) => a + b, 0),
        6,
      );
      spent += total;
      const tx = w.send(chain, funder, infra.disperse[chain], total, CHAINS[chain].native, t);
      batch.forEach((wallet, k) => {
        w.send(chain, infra.disperse[chain], wallet, pays[k], CHAINS[chain].native, t, tx);
        markFunded(f, wallet, chain, t);
      });
      t += r.chance(0.7) ? r.int(1, 15) * MINUTE : pause(w, DAY, 4 * DAY, t0, wallets.length / 145);
    }
    bankroll(w, infra, f, funder, chain, start, spent);
  }
};

/** A star run in sessions: one transaction per wallet, 15-120 s apart, sessions days apart. */
export const star: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const amount = amounts(w, f, chain);
  let funder = operatorAddress(w, f);
  let t = t0;
  let spent = 0;
  for (let i = 0; i < wallets.length; ) {
    const session = wallets.slice(i, i + r.int(15, 120));
    i += session.length;
    for (const wallet of session) {
      const a = amount();
      spent += a;
      w.send(chain, funder, wallet, a, CHAINS[chain].native, t);
      markFunded(f, wallet, chain, t);
      t += r.int(15, 120);
    }
    t += pause(w, DAY, 5 * DAY, t0, wallets.length / 67);
    if (i % 400 < session.length && i < wallets.length) {
      bankroll(w, infra, f, funder, chain, t0, spent);
      funder = operatorAddress(w, f);
      spent = 0;
    }
  }
  bankroll(w, infra, f, funder, chain, t0, spent);
};

/** Peel chains of 5-40 wallets: each keeps its share and forwards the rest minutes to hours later. */
export const peel: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const amount = amounts(w, f, chain);
  const root = operatorAddress(w, f);
  let t = t0;
  let spent = 0;
  for (let i = 0; i < wallets.length; ) {
    const run = wallets.slice(i, i + r.int(5, 40));
    i += run.length;
    const keeps = run.map(() => amount());
    let rest = round(keeps.reduce((a, b) => a + b, 0) + 0.0005 * run.length, 6);
    spent += rest;
    let from = root;
    let at = t;
    for (let k = 0; k < run.length; k++) {
      w.send(chain, from, run[k], rest, CHAINS[chain].native, at);
      markFunded(f, run[k], chain, at);
      rest = round(rest - keeps[k] - 0.0004, 6);
      from = run[k];
      at += r.int(5 * MINUTE, 3 * HOUR);
    }
    t += pause(w, 2 * HOUR, 3 * DAY, t0, wallets.length / 22);
  }
  bankroll(w, infra, f, root, chain, t0, spent);
};

/** A tree: the root pays intermediaries (new addresses, or farm wallets), each pays its share of the wallets. */
export const tree: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const amount = amounts(w, f, chain);
  const root = operatorAddress(w, f);
  const fanout = r.int(8, 30);
  let spent = 0;
  const branch = (payer: string, ws: string[], t: number, depth: number): number => {
    if (ws.length <= fanout || depth >= 3) {
      let sum = 0;
      for (const wallet of ws) {
        const a = amount();
        sum += a;
        w.send(chain, payer, wallet, a, CHAINS[chain].native, t);
        markFunded(f, wallet, chain, t);
        t += r.int(10, 300);
      }
      return sum;
    }
    const k = Math.min(fanout, Math.ceil(ws.length / fanout));
    let sum = 0;
    for (let j = 0; j < k; j++) {
      const part = ws.slice(Math.floor((j * ws.length) / k), Math.floor(((j + 1) * ws.length) / k));
      const mid = r.chance(0.3) ? part.shift()! : operatorAddress(w, f);
      const at = t + r.int(1 * MINUTE, 12 * HOUR);
      const need = branch(mid, part, at + r.int(10 * MINUTE, 2 * DAY), depth + 1) + 0.002;
      w.send(chain, payer, mid, round(need, 6), CHAINS[chain].native, at);
      if (!f.funders.includes(mid)) markFunded(f, mid, chain, at);
      sum += need;
    }
    return sum;
  };
  spent = branch(root, wallets, t0, 0);
  bankroll(w, infra, f, root, chain, t0, spent);
};

/** Bursts of withdrawals from the operator's exchange account: 20-300 wallets within 20 minutes to 4 hours. */
export const cexBurst: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const amount = amounts(w, f, chain);
  let t = t0;
  for (let i = 0; i < wallets.length; ) {
    const burst = wallets.slice(i, i + r.int(20, 300));
    i += burst.length;
    const span = r.int(20 * MINUTE, 4 * HOUR);
    for (const wallet of burst) {
      const at = t + r.int(0, span);
      withdraw(w, infra, f.ex, chain, wallet, amount(), CHAINS[chain].native, at);
      markFunded(f, wallet, chain, at + 10 * MINUTE);
    }
    t += span + pause(w, 6 * HOUR, 6 * DAY, t0, wallets.length / 160);
  }
};

/** A bridge fan: the operator bridges from Ethereum to each wallet, a few minutes apart. */
export const bridgeFan: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const bridge = r.pick(infra.bridges.slice(1));
  const amount = amounts(w, f, chain);
  const funder = operatorAddress(w, f);
  let t = t0;
  let spent = 0;
  for (const wallet of wallets) {
    const a = amount();
    spent += a;
    markFunded(f, wallet, chain, bridgeTo(w, bridge, 'ethereum', funder, chain, wallet, a, t));
    t += r.chance(0.9) ? r.int(60, 8 * MINUTE) : pause(w, 6 * HOUR, 3 * DAY, t0, wallets.length / 10);
  }
  bankroll(w, infra, f, funder, 'ethereum', t0, spent);
};

/** A slow drip: one wallet every 2-7 days from one funder that also lives a normal life. */
export const drip: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  const funder = operatorAddress(w, f);
  const gap = Math.min(7 * DAY, Math.max(DAY, (END - 20 * DAY - t0) / wallets.length));
  let t = t0;
  for (const wallet of wallets) {
    const a = nativeOf(chain, f.usd * r.logUniform(1, 12));
    w.send(chain, funder, wallet, a, CHAINS[chain].native, t);
    markFunded(f, wallet, chain, t);
    t = humanTime(r, t + gap * 0.5, t + gap * 1.5, f.tz);
  }
  bankroll(w, infra, f, funder, chain, t0, nativeOf(chain, f.usd * 6 * wallets.length));
};

/**
 * Withdrawals scattered over months from the operator's accounts at several exchanges (`round`: figures a person
 * would type), one per wallet.
 */
export function scattered(roundFigures: boolean): FundingShape {
  return (w, infra, f, wallets, chain, t0) => {
    const r = w.rng;
    const accounts = r.sample(infra.exchanges, r.int(2, 4));
    for (const wallet of wallets) {
      const at = humanTime(r, t0, END - 30 * DAY, r.int(-8, 9));
      const a = roundFigures ? r.pick([0.005, 0.01, 0.02, 0.03, 0.05]) : nativeOf(chain, f.usd * r.logUniform(1, 8));
      withdraw(w, infra, r.pick(accounts), chain, wallet, a, CHAINS[chain].native, at);
      markFunded(f, wallet, chain, at + 10 * MINUTE);
    }
  };
}

/** Mixer withdrawals of a fixed denomination on Ethereum, then each wallet bridges itself to the chain. */
export const mixer: FundingShape = (w, infra, f, wallets, chain, t0) => {
  const r = w.rng;
  for (const wallet of wallets) {
    const at = Math.floor(r.range(t0, END - 30 * DAY));
    const denomination = r.pick([0.1, 0.1, 1]);
    w.send('ethereum', infra.mixer, wallet, denomination, 'ETH', at);
    const later = at + r.int(HOUR, 10 * DAY);
    const arrives = bridgeTo(
      w,
      r.pick(infra.bridges),
      'ethereum',
      wallet,
      chain,
      wallet,
      round(denomination * r.range(0.3, 0.9), 4),
      later,
    );
    markFunded(f, wallet, chain, arrives);
  }
};
