/**
 * An ordinary wallet's life in the third blind world: it is first funded on each chain it uses just before it first
 * acts there (an exchange withdrawal of a round amount, or a bridge from its own Ethereum address), acts at waking
 * hours of its owner's time zone, uses the campaign's protocol if it is on the list, tops up now and then and sends
 * money back to its own exchange deposit address. Every legitimate pattern is this life plus its own ties.
 */
import { type ActionKind, act, bridgeTo } from './activity.ts';
import { askAmount, deposit, withdraw } from './cex.ts';
import {
  CAMPAIGN_CHAINS,
  CHAINS,
  type ChainName,
  DAY,
  END,
  HOUR,
  MINUTE,
  START,
  humanTime,
  round,
  timeZone,
} from './chains.ts';
import { type Exchange, type Infra, pickExchange } from './infra.ts';
import type { World } from './world.ts';

export interface Life {
  wallet: string;
  tz: number;
  /** Active from this time (long-lived users started years before the campaign). */
  from: number;
  chains: ChainName[];
  /** On the campaign list: it used the campaign's protocol during the campaign. */
  listed: boolean;
  ex: Exchange;
  /** The exchange account (its deposit address is the account's). */
  account: string;
  /** Chains the pattern already funded, with the time (the wallet acts there only after it). */
  funded: Map<ChainName, number>;
  actions: number;
  /** Share of chains first funded by a bridge from its own Ethereum address instead of a withdrawal. */
  bridgeShare: number;
  /** Usual size of an action in USD. */
  usd: number;
}

export function newLife(w: World, infra: Infra, wallet: string, listed: boolean): Life {
  const r = w.rng;
  const chains = r.sample(
    CAMPAIGN_CHAINS,
    r.weighted([
      [1, 50],
      [2, 35],
      [3, 15],
    ] as const),
  );
  if (r.chance(0.45)) chains.push('ethereum');
  if (r.chance(0.15)) chains.push('polygon');
  return {
    wallet,
    tz: timeZone(r),
    from: START - r.int(0, 600) * DAY,
    chains,
    listed,
    ex: pickExchange(w, infra),
    account: wallet,
    funded: new Map(),
    actions: Math.round(r.logUniform(2, 24)),
    bridgeShare: 0.25,
    usd: r.logUniform(15, 1500),
  };
}

const KINDS = (listed: boolean, chain: ChainName): Array<readonly [ActionKind, number]> => [
  ['swap', 40],
  ['lend', 10],
  ['mint', 5],
  ['rfq', 2],
  ['campaign', listed && CAMPAIGN_CHAINS.includes(chain) ? 25 : 0],
  ['vault', listed && chain === 'base' ? 10 : 0],
];

/** Lives `life` out: its actions, the fundings they need, top-ups and deposits back to its exchange. */
export function live(w: World, infra: Infra, life: Life): void {
  const r = w.rng;
  const steps: Array<{ t: number; chain: ChainName; kind: ActionKind }> = [];
  // a withdrawal reaches the chain up to 8 minutes after it was asked for
  const earliest = (c: ChainName): number => Math.max(life.from, (life.funded.get(c) ?? life.from) + 10 * MINUTE);
  for (let i = 0; i < life.actions; i++) {
    const chain = r.pick(life.chains);
    const kind = r.weighted(KINDS(life.listed, chain));
    const lo = kind === 'campaign' || kind === 'vault' ? Math.max(START, earliest(chain)) : earliest(chain);
    steps.push({ t: humanTime(r, lo, END, life.tz), chain, kind });
  }
  if (life.listed && !steps.some((s) => s.kind === 'campaign' || s.kind === 'vault')) {
    const chain = life.chains.find((c) => CAMPAIGN_CHAINS.includes(c)) ?? 'arbitrum';
    if (!life.chains.includes(chain)) life.chains.push(chain);
    steps.push({ t: humanTime(r, Math.max(START, earliest(chain)), END, life.tz), chain, kind: 'campaign' });
  }
  steps.sort((a, b) => a.t - b.t);
  for (const s of steps) {
    if (!life.funded.has(s.chain)) fund(w, infra, life, s.chain, s.t);
    act(w, infra, life.wallet, s.chain, s.t, s.kind, life.usd * r.logUniform(0.3, 3));
  }
  for (let k = Math.floor(life.actions / 12); k > 0; k--) {
    const c = r.pick(life.chains);
    withdraw(w, infra, life.ex, c, life.wallet, askAmount(w, c, CHAINS[c].native), CHAINS[c].native, tAny(w, life));
  }
  if (r.chance(0.35))
    for (let k = r.int(1, 3); k > 0; k--) {
      const c = r.pick(life.chains);
      const amount = round(life.usd * r.logUniform(0.5, 4), 2);
      const t = tAny(w, life);
      ensureFunded(w, infra, life, c, t);
      deposit(w, life.ex, c, life.wallet, life.account, amount, 'USDC', t);
    }
}

const tAny = (w: World, life: Life): number => humanTime(w.rng, Math.max(life.from, START - 30 * DAY), END, life.tz);

/** Money on `chain` before `t` for a payment the pattern makes: a first funding there if there is none by then. */
export function ensureFunded(w: World, infra: Infra, life: Life, chain: ChainName, t: number): void {
  const at = life.funded.get(chain);
  if (at === undefined || at >= t) fund(w, infra, life, chain, t);
  if (!life.chains.includes(chain)) life.chains.push(chain);
}

/** First money on `chain`, some minutes to weeks before `before`. */
export function fund(w: World, infra: Infra, life: Life, chain: ChainName, before: number): void {
  const r = w.rng;
  // asked for early enough that the money has arrived (a bridge takes up to 25 minutes) before it is needed
  const t = before - 25 * MINUTE - Math.floor(r.logUniform(5 * MINUTE, 20 * DAY));
  life.funded.set(chain, t);
  const native = CHAINS[chain].native;
  if (chain !== 'ethereum' && chain !== 'polygon' && r.chance(life.bridgeShare)) {
    const eth = life.funded.get('ethereum');
    if (eth === undefined || eth > t - HOUR) fund(w, infra, life, 'ethereum', t - HOUR);
    const amount = round(r.pick([0.02, 0.05, 0.1, 0.2, 0.5]) * r.range(0.9, 1.1), 5);
    bridgeTo(w, r.pick(infra.bridges), 'ethereum', life.wallet, chain, life.wallet, amount, t);
    return;
  }
  const symbol = chain === 'ethereum' || r.chance(0.8) ? native : 'USDC';
  withdraw(w, infra, life.ex, chain, life.wallet, askAmount(w, chain, symbol), symbol, t);
}
