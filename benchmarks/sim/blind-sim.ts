/**
 * Blind campaigns (docs/blind-campaigns.md): a second, seeded campaign generator written from how airdrop farms and
 * legitimate users behave on EVM chains, without reading the engine's rules or the other simulator's shapes, so
 * that its figures say something about campaigns nobody fitted the engine to. Same output as simulateCampaign
 * (engine input, truth table), plus a transaction hash and an asset for every transfer.
 *
 * What is emitted is what a user's import of the list's neighbourhood would hold: every transfer touching a listed
 * wallet, and the transfers of small unlisted intermediaries (farm roots, fresh intermediates, deposit addresses,
 * collectors, gas funders). Busy services (exchanges, bridges, routers, refuel services, distributors) appear only
 * through their transfers with listed wallets or with those intermediaries.
 */
import { createHash } from 'node:crypto';
import { simInput } from './engine-input.ts';
import type { Simulated, TruthRow } from './campaign-sim.ts';

export const BLIND_FARM_TYPES = [
  'cex_rotation',
  'peel_chain',
  'bridge_burst',
  'fresh_intermediates',
  'collector_only',
  'cross_touch',
  'mimic_gas_topup',
  'disperse_batch',
  'aged_slow',
  'classic_star',
] as const;
export const BLIND_LEGIT_PATTERNS = [
  'cex_round_withdrawal',
  'bridge_user',
  'nft_mint_rush',
  'prior_airdrop',
  'gas_refuel',
  'friends',
  'dao_contributor',
  'otc_client',
  'organic',
] as const;
type FarmType = (typeof BLIND_FARM_TYPES)[number];
type LegitPattern = (typeof BLIND_LEGIT_PATTERNS)[number];

/** Shares of the legitimate wallets; `organic` takes what is left, `otc_client` is a fixed handful. */
const LEGIT_SHARES: Array<[LegitPattern, number]> = [
  ['cex_round_withdrawal', 0.3],
  ['bridge_user', 0.15],
  ['nft_mint_rush', 0.12],
  ['prior_airdrop', 0.1],
  ['gas_refuel', 0.08],
  ['friends', 0.08],
  ['dao_contributor', 0.03],
];

export interface BlindOptions {
  seed: number;
  /** Legitimate wallets (default 15,000). */
  legitWallets?: number;
  /** Farms (default 40): types in turn after a seeded shuffle, sizes from 3 to 5,000. */
  farms?: number;
}

export interface BlindTransfer {
  from: string;
  to: string;
  time: number;
  amount: number;
  /** Shared by the transfers of one transaction (a Disperse batch, a Safe MultiSend, a swap's legs). */
  txHash: string;
  /** 'ETH' for native value, else a token symbol. */
  asset: string;
}

export interface BlindSimulated extends Simulated {
  transfers: BlindTransfer[];
}

const DAY = 86_400;
const HOUR = 3_600;
/** Campaign history starts 2024-01-01 UTC; the snapshot is SPAN_DAYS later. */
const T0 = 1_704_067_200;
const SPAN_DAYS = 150;
/** Relative weight of each UTC hour for people (busy in the EU/US overlap, quiet at night). */
const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 12, 11, 10, 9, 8, 6, 5, 4, 3];
/** Round withdrawal amounts users type, with how often (0.1, 0.05 and 1 ETH most). */
const HOURS = HOUR_WEIGHTS.map((w, h) => [h, w] as [number, number]);
const ROUND_AMOUNTS: Array<[number, number]> = [
  [0.1, 30],
  [0.05, 20],
  [1, 15],
  [0.5, 10],
  [0.2, 10],
  [0.02, 5],
  [0.25, 5],
  [2, 5],
];

/** The seeded world: randomness, addresses, hashes, the services everyone shares, and the emitted data. */
class World {
  private state: number;
  private counter = 0;
  readonly transfers: BlindTransfer[] = [];
  readonly labels: Array<{ address: string; list: string }> = [];
  readonly truth: TruthRow[] = [];
  readonly exchanges: string[];
  readonly labelledExchanges: string[];
  readonly bridges: string[];
  readonly labelledBridges: string[];
  readonly routers: string[];
  readonly popular: string[];
  readonly campaignContracts: string[];
  readonly marketplaces: string[];
  readonly disperse: string;

  constructor(readonly seed: number) {
    this.state = (Math.imul(seed, 2_654_435_761) ^ 0x9e3779b9) >>> 0;
    // 8 exchanges' hot wallets, 6 of them labelled (the two smaller ones are not in the user's label file)
    this.exchanges = this.many('exchange', 8);
    this.labelledExchanges = this.exchanges.slice(0, 6);
    this.label(this.labelledExchanges, 'exchange');
    // 4 bridges' relayers, 3 labelled
    this.bridges = this.many('bridge', 4);
    this.labelledBridges = this.bridges.slice(0, 3);
    this.label(this.labelledBridges, 'bridge');
    this.routers = this.many('router', 3);
    this.label(this.routers, 'contract');
    // lending pools, a new aggregator: popular, not labelled
    this.popular = this.many('popular', 4);
    // the campaign's own contracts: the team knows and labels them
    this.campaignContracts = this.many('campaign', 3);
    this.label(this.campaignContracts, 'contract');
    this.marketplaces = this.many('market', 2);
    this.label(this.marketplaces, 'contract');
    this.disperse = this.addr('disperse');
    this.label([this.disperse], 'contract');
  }

  /** mulberry32: small, seeded, the same on every platform. */
  r(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  uniform(lo: number, hi: number): number {
    return lo + this.r() * (hi - lo);
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
  pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.r() * a.length)];
  }
  weighted<T>(a: ReadonlyArray<[T, number]>): T {
    const total = a.reduce((s, [, w]) => s + w, 0);
    let x = this.r() * total;
    for (const [v, w] of a) if ((x -= w) < 0) return v;
    return a[a.length - 1][0];
  }
  lognormal(median: number, sigma: number): number {
    const u = Math.max(1e-12, this.r());
    return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.r()));
  }
  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.r() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }

  addr(tag: string): string {
    return (
      '0x' +
      createHash('sha256')
        .update(`blind:${this.seed}:${tag}:${this.counter++}`)
        .digest('hex')
        .slice(0, 40)
    );
  }
  many(tag: string, n: number): string[] {
    return Array.from({ length: n }, () => this.addr(tag));
  }
  hash(): string {
    return (
      '0x' +
      createHash('sha256')
        .update(`blind-tx:${this.seed}:${this.counter++}`)
        .digest('hex')
    );
  }
  label(addresses: string[], list: string): void {
    for (const address of addresses) this.labels.push({ address, list });
  }

  /** A moment on a day of the campaign at an hour people are awake (weighted by HOUR_WEIGHTS). */
  busyTime(day: number): number {
    const hour = this.weighted(HOURS);
    return T0 + day * DAY + hour * HOUR + this.int(0, HOUR - 1);
  }
  roundAmount(): number {
    return this.weighted(ROUND_AMOUNTS);
  }

  /** One transfer; times fall on 12-second block slots. Returns the hash so a transaction's legs can share it. */
  send(from: string, to: string, time: number, amount: number, opts: { hash?: string; asset?: string } = {}): string {
    const txHash = opts.hash ?? this.hash();
    const slot = T0 + Math.floor((time - T0) / 12) * 12;
    this.transfers.push({ from, to, time: slot, amount: round6(amount), txHash, asset: opts.asset ?? 'ETH' });
    return txHash;
  }
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const snapshot = T0 + SPAN_DAYS * DAY;

// ---------------------------------------------------------------------------------------------------------------
// Legitimate users

/** What a user does once funded: swaps (both legs in one transaction), lending, the campaign's contracts, and now
 * and then a deposit back to an exchange through the user's own deposit address. */
function userActivity(w: World, user: string, from: number): void {
  let t = from;
  const actions = w.int(1, 5);
  for (let i = 0; i < actions; i++) {
    t += w.lognormal(3 * DAY, 1.2);
    if (t >= snapshot) return;
    const kind = w.r();
    if (kind < 0.45) {
      const h = w.send(user, w.pick(w.routers), t, w.lognormal(0.03, 1));
      w.send(w.pick(w.routers), user, t, w.lognormal(60, 1), { hash: h, asset: 'USDC' });
    } else if (kind < 0.7) w.send(user, w.pick(w.popular), t, w.lognormal(0.05, 1));
    else w.send(user, w.pick(w.campaignContracts), t, w.lognormal(0.01, 1));
  }
  if (w.chance(0.25) && t + DAY < snapshot) depositToExchange(w, [user], w.pick(w.exchanges), t + DAY);
}

/** Wallets paying one deposit address (a user's own, or a farmer's account), which the exchange sweeps. */
function depositToExchange(w: World, payers: string[], exchange: string, from: number): void {
  const deposit = w.addr('deposit');
  let t = from;
  let total = 0;
  for (const p of payers) {
    t += w.lognormal(20 * 60, 1.5);
    const amount = w.uniform(0.01, 0.08);
    total += amount;
    w.send(p, deposit, t, amount);
  }
  w.send(deposit, exchange, t + w.int(600, 6 * HOUR), total * 0.999);
}

/** Withdrawal bursts: an exchange pays users round amounts at a busy hour within a minute of each other. */
function cexRoundWithdrawal(w: World, users: string[]): void {
  for (let i = 0; i < users.length; ) {
    const burst = users.slice(i, i + w.int(3, 40));
    i += burst.length;
    const exchange = w.pick(w.exchanges);
    const anchor = w.busyTime(w.int(0, SPAN_DAYS - 10));
    for (const u of burst) {
      const t = anchor + w.int(0, 60);
      w.send(exchange, u, t, w.roundAmount());
      userActivity(w, u, t);
    }
  }
}

/** First funding from a labelled bridge at any time, in the odd amounts left after bridge fees. */
function bridgeUser(w: World, users: string[]): void {
  for (const u of users) {
    const t = w.busyTime(w.int(0, SPAN_DAYS - 5));
    w.send(w.pick(w.labelledBridges), u, t, w.lognormal(0.4, 1.1));
    userActivity(w, u, t);
  }
}

/** Funding that looks like nobody else's: an exchange withdrawal of an odd amount, or the user's own other wallet. */
function firstFunding(w: World, user: string, day: number): number {
  const t = w.busyTime(day);
  if (w.chance(0.6)) w.send(w.pick(w.exchanges), user, t, w.lognormal(0.3, 1.2));
  else w.send(w.addr('own'), user, t, w.lognormal(0.5, 1.2));
  return t;
}

/** Mint rushes: hundreds of users call one mint contract within minutes, then trade on the same marketplaces. */
function nftMintRush(w: World, users: string[]): void {
  const mints = w.many('mint', 4);
  w.label(mints.slice(0, 2), 'contract'); // two are in the label file, two new collections are not
  const start = mints.map(() => w.busyTime(w.int(20, SPAN_DAYS - 20)));
  const price = mints.map(() => w.pick([0.02, 0.05, 0.069, 0.08]));
  users.forEach((u, i) => {
    const m = i % mints.length;
    firstFunding(w, u, Math.max(0, Math.floor((start[m] - T0) / DAY) - w.int(1, 15)));
    const t = start[m] + Math.min(20 * 60, w.lognormal(3 * 60, 1));
    w.send(u, mints[m], t, price[m] * w.int(1, 3));
    if (w.chance(0.6)) {
      const sale = t + w.uniform(1, 3) * DAY;
      w.send(w.pick(w.marketplaces), u, sale, price[m] * w.lognormal(1.5, 0.6));
    }
    if (w.chance(0.3)) w.send(u, w.pick(w.marketplaces), t + w.uniform(0.2, 5) * DAY, w.lognormal(0.1, 0.8));
    userActivity(w, u, t);
  });
}

/** Airdrop claims: a distributor pays tiered equal amounts of its token to many users around its launch. */
function priorAirdrop(w: World, users: string[]): void {
  const distributors = w.many('distributor', 2);
  w.label(distributors.slice(0, 1), 'contract');
  const launch = distributors.map(() => w.busyTime(w.int(30, SPAN_DAYS - 30)));
  users.forEach((u, i) => {
    const d = i % 2;
    const funded = firstFunding(w, u, w.int(0, Math.floor((launch[d] - T0) / DAY) - 2));
    const claim = launch[d] + Math.min(20 * DAY, w.lognormal(4 * HOUR, 1.5));
    const tier = w.weighted<number>([
      [250, 50],
      [500, 30],
      [1000, 15],
      [2500, 5],
    ]);
    w.send(distributors[d], u, claim, tier, { asset: `DROP${d}` });
    if (w.chance(0.5)) w.send(u, w.pick(w.routers), claim + w.uniform(0.01, 10) * DAY, tier, { asset: `DROP${d}` });
    userActivity(w, u, funded);
  });
}

/** A gas-refuel service first-funds users one by one with the same amount over weeks; their funds follow. */
function gasRefuel(w: World, users: string[]): void {
  const service = w.addr('refuel');
  for (const u of users) {
    const t = w.busyTime(w.int(10, 10 + 56));
    w.send(service, u, t, w.chance(0.8) ? 0.005 : 0.01);
    const main = t + w.uniform(0.05, 48) * HOUR;
    w.send(w.chance(0.6) ? w.pick(w.bridges) : w.pick(w.exchanges), u, main, w.lognormal(0.3, 1));
    userActivity(w, u, main);
  }
}

/** Friends: half the groups are onboarded by one of them (a small round amount), all pay each other a few times. */
function friends(w: World, users: string[]): void {
  for (let i = 0; i < users.length; ) {
    const group = users.slice(i, i + w.int(2, 6));
    i += group.length;
    const onboarder = w.chance(0.5) ? group[0] : null;
    const t0 = firstFunding(w, group[0], w.int(0, SPAN_DAYS - 40));
    for (const u of group.slice(1)) {
      const t = onboarder ? t0 + w.uniform(0.1, 20) * DAY : firstFunding(w, u, w.int(0, SPAN_DAYS - 40));
      if (onboarder) w.send(onboarder, u, t, w.pick([0.01, 0.02, 0.05, 0.1]));
      userActivity(w, u, t);
    }
    userActivity(w, group[0], t0);
    for (let k = w.int(2, 6); k > 0 && group.length > 1; k--) {
      const [a, b] = w.shuffle([...group]);
      const t = t0 + w.uniform(1, SPAN_DAYS - 40) * DAY;
      if (w.chance(0.5)) w.send(a, b, t, w.pick([10, 20, 25, 40, 50]), { asset: 'USDC' });
      else w.send(a, b, t, w.lognormal(0.05, 1));
    }
  }
}

/** DAO contributors: a Safe pays its contributors monthly in one MultiSend transaction, tiered USDC amounts. */
function daoContributor(w: World, users: string[]): void {
  for (let i = 0; i < users.length; ) {
    const team = users.slice(i, i + w.int(5, 30));
    i += team.length;
    const safe = w.addr('safe');
    const pay = new Map(team.map((u) => [u, w.pick([2000, 3000, 4000, 5000, 7500])]));
    const joins = new Map(team.map((u) => [u, w.int(0, 3)]));
    for (const u of team) userActivity(w, u, firstFunding(w, u, w.int(0, 20)));
    for (let month = 0; month < 5; month++) {
      const t = T0 + month * 30 * DAY + w.int(1, 3) * DAY + w.int(13, 17) * HOUR;
      const h = w.hash();
      for (const u of team) if (joins.get(u)! <= month) w.send(safe, u, t, pay.get(u)!, { hash: h, asset: 'USDC' });
    }
  }
}

/** An OTC desk / market maker pays a few listed users large amounts. */
function otcClient(w: World, users: string[]): void {
  const desk = w.addr('otc');
  for (const u of users) {
    const funded = firstFunding(w, u, w.int(0, 60));
    w.send(desk, u, funded + w.uniform(1, 60) * DAY, w.chance(0.4) ? 100 : w.lognormal(120, 0.8));
    userActivity(w, u, funded);
  }
}

function organic(w: World, users: string[]): void {
  for (const u of users) userActivity(w, u, firstFunding(w, u, w.int(0, SPAN_DAYS - 5)));
}

const LEGIT: Record<LegitPattern, (w: World, users: string[]) => void> = {
  cex_round_withdrawal: cexRoundWithdrawal,
  bridge_user: bridgeUser,
  nft_mint_rush: nftMintRush,
  prior_airdrop: priorAirdrop,
  gas_refuel: gasRefuel,
  friends,
  dao_contributor: daoContributor,
  otc_client: otcClient,
  organic,
};

// ---------------------------------------------------------------------------------------------------------------
// Farms

/** How a farm's script does the campaign's tasks: in lockstep (wallet after wallet, the same contracts in the same
 * order, seconds to minutes apart) or scattered over weeks like people. */
function farmTasks(w: World, wallets: string[], fundedBy: number, lockstep: boolean): number {
  const steps = w.shuffle([...w.campaignContracts, w.pick(w.routers)]).slice(0, w.int(2, 4));
  let last = fundedBy;
  if (lockstep) {
    // a giant farm's script runs faster: each step over at most about 15 days
    const gap = Math.max(2, Math.min(w.int(15, 300), (15 * DAY) / wallets.length));
    let t = fundedBy + w.uniform(1, 10) * DAY;
    for (const c of steps) {
      wallets.forEach((x, i) => {
        const at = t + i * gap + w.int(0, 30);
        last = Math.max(last, at);
        w.send(x, c, at, w.uniform(0.001, 0.02));
      });
      t += wallets.length * gap + w.uniform(1, 14) * DAY;
    }
    return Math.min(last, snapshot - DAY);
  }
  for (const x of wallets)
    for (const c of steps) {
      const t = Math.min(snapshot - DAY, fundedBy + w.uniform(1, SPAN_DAYS / 2) * DAY);
      last = Math.max(last, t);
      w.send(x, c, t, w.uniform(0.001, 0.02));
    }
  return last;
}

/** A farmer's unlisted root wallet, funded by exchange withdrawals (its own transfers are in a neighbourhood
 * import: it pays listed wallets). */
function root(w: World, at: number, total: number): string {
  const r = w.addr('root');
  const parts = Math.max(1, Math.ceil(total / 5));
  for (let i = 0; i < parts; i++) w.send(w.pick(w.exchanges), r, at - w.uniform(0.5, 5) * DAY, total / parts + 0.01);
  return r;
}

const oddAmount = (w: World, lo: number, hi: number): number => Math.round(w.uniform(lo, hi) * 1e4) / 1e4;
const farmStart = (w: World, size: number): number => w.busyTime(w.int(5, Math.max(6, SPAN_DAYS - 60 - size / 100)));

/** Several exchanges in rotation, randomised amounts, hours to days apart; funds go back to 1-3 deposit addresses
 * of the farmer's exchange account at the end. */
function cexRotation(w: World, wallets: string[], lockstep: boolean): void {
  const exchanges = w.shuffle([...w.exchanges]).slice(0, w.int(3, 5));
  let t = farmStart(w, wallets.length);
  const spacing = Math.min(12 * HOUR, (80 * DAY) / wallets.length);
  wallets.forEach((x, i) => {
    t += w.lognormal(spacing, 0.8);
    w.send(exchanges[i % exchanges.length], x, t, oddAmount(w, 0.015, 0.09));
  });
  sweepToDeposits(w, wallets, farmTasks(w, wallets, t, lockstep), w.int(1, 3));
}

function sweepToDeposits(w: World, wallets: string[], after: number, count: number): void {
  const exchange = w.pick(w.exchanges);
  const per = Math.ceil(wallets.length / count);
  for (let k = 0; k < count; k++) depositToExchange(w, wallets.slice(k * per, (k + 1) * per), exchange, after);
}

/** Peel chains: a root sends a sum to a wallet, which keeps a little and passes the rest on, and so on. */
function peelChain(w: World, wallets: string[], lockstep: boolean): void {
  let start = farmStart(w, wallets.length);
  const r = root(w, start, wallets.length * 0.04);
  let last = start;
  for (let i = 0; i < wallets.length; ) {
    const chain = wallets.slice(i, i + w.int(8, 40));
    i += chain.length;
    let amount = chain.length * oddAmount(w, 0.025, 0.04);
    let t = start;
    let from = r;
    for (const x of chain) {
      w.send(from, x, t, amount);
      amount -= oddAmount(w, 0.008, 0.03);
      from = x;
      t += w.lognormal(HOUR, 1.2);
    }
    last = Math.max(last, t);
    // chains follow each other days apart; a giant farm's chains overlap more (about a month in all)
    start += w.uniform(0.5, 4) * DAY * Math.min(1, 360 / wallets.length);
  }
  farmTasks(w, wallets, last, lockstep);
}

/** All first funded by one bridge's relayer within an hour, amounts within a few percent of each other. */
function bridgeBurst(w: World, wallets: string[], lockstep: boolean): void {
  const bridge = w.pick(w.bridges);
  const start = farmStart(w, wallets.length);
  const base = oddAmount(w, 0.03, 0.2);
  for (const x of wallets) w.send(bridge, x, start + w.int(0, HOUR), base * w.uniform(0.97, 1.03));
  farmTasks(w, wallets, start + HOUR, lockstep);
}

/** One root funds a fresh intermediate per wallet, over days; each intermediate passes the sum on minutes later. */
function freshIntermediates(w: World, wallets: string[], lockstep: boolean): void {
  let t = farmStart(w, wallets.length);
  const r = root(w, t, wallets.length * 0.05);
  const spacing = Math.min(8 * HOUR, (60 * DAY) / wallets.length);
  for (const x of wallets) {
    t += w.lognormal(spacing, 0.7);
    const mid = w.addr('intermediate');
    const amount = oddAmount(w, 0.02, 0.06);
    w.send(r, mid, t, amount);
    w.send(mid, x, t + w.int(60, 3 * HOUR), amount - 0.0004);
  }
  farmTasks(w, wallets, t, lockstep);
}

/** Funded independently (any exchange or bridge, any time, any amount); the only link: consolidation at the end to
 * one of several collectors, which pass the funds to an exchange. */
function collectorOnly(w: World, wallets: string[]): void {
  let last = T0;
  for (const x of wallets) {
    const t = w.busyTime(w.int(0, SPAN_DAYS - 40));
    const source = w.chance(0.7) ? w.pick(w.exchanges) : w.pick(w.bridges);
    w.send(source, x, t, w.lognormal(0.05, 0.6));
    last = Math.max(last, farmTasks(w, [x], t, false));
  }
  const collectors = w.many('collector', w.int(2, 4));
  const end = Math.min(last, snapshot - 6 * DAY);
  const sums = collectors.map(() => 0);
  for (const x of wallets) {
    const k = w.int(0, collectors.length - 1);
    const amount = w.lognormal(0.03, 0.5);
    sums[k] += amount;
    w.send(x, collectors[k], end + w.uniform(0, 5) * DAY, amount);
  }
  collectors.forEach((c, k) => w.send(c, w.pick(w.exchanges), snapshot - w.uniform(0, 1) * DAY, sums[k] * 0.999));
}

/** Exchange-rotation funding as above, and each wallet pays one other wallet of the farm once. */
function crossTouch(w: World, wallets: string[], lockstep: boolean): void {
  const exchanges = w.shuffle([...w.exchanges]).slice(0, w.int(2, 4));
  let t = farmStart(w, wallets.length);
  wallets.forEach((x, i) => {
    t += w.lognormal(2 * HOUR, 1);
    w.send(exchanges[i % exchanges.length], x, t, oddAmount(w, 0.02, 0.08));
  });
  const end = farmTasks(w, wallets, t, lockstep);
  for (const x of wallets) {
    let y = w.pick(wallets);
    if (y === x) y = wallets[(wallets.indexOf(x) + 1) % wallets.length];
    w.send(x, y, Math.min(snapshot - 1, end + w.uniform(0, 20) * DAY), oddAmount(w, 0.001, 0.01));
  }
}

/** Users in every visible way (round withdrawals at busy hours, popular contracts, scattered times), but one gas
 * funder tops every wallet up with small, varied amounts now and then. */
function mimicGasTopup(w: World, wallets: string[]): void {
  const gas = root(w, T0 + 5 * DAY, wallets.length * 0.01);
  for (const x of wallets) {
    const t = w.busyTime(w.int(5, SPAN_DAYS - 30));
    if (w.chance(0.7)) w.send(w.pick(w.exchanges), x, t, w.roundAmount());
    else w.send(w.pick(w.labelledBridges), x, t, w.lognormal(0.3, 0.8));
    userActivity(w, x, t);
    farmTasks(w, [x], t, false);
    for (let k = w.int(1, 3); k > 0; k--)
      w.send(gas, x, t + w.uniform(0.5, Math.max(1, (snapshot - t) / DAY - 0.5)) * DAY, oddAmount(w, 0.002, 0.008));
  }
}

/** A funder calls a labelled Disperse contract once or twice; every wallet of a batch gets its leg of that one
 * transaction, equal amounts or amounts the farmer typed a few percent apart. */
function disperseBatch(w: World, wallets: string[], lockstep: boolean): void {
  const start = farmStart(w, wallets.length);
  const batches = wallets.length >= 20 && w.chance(0.6) ? 2 : 1;
  const funder = root(w, start, wallets.length * 0.03);
  const per = Math.ceil(wallets.length / batches);
  const equal = w.chance(0.5);
  const base = oddAmount(w, 0.01, 0.04);
  for (let b = 0; b < batches; b++) {
    const batch = wallets.slice(b * per, (b + 1) * per);
    const t = start + b * w.uniform(0.1, 3) * DAY;
    const amounts = batch.map(() => (equal ? base : base * w.uniform(0.95, 1.05)));
    const h = w.send(
      funder,
      w.disperse,
      t,
      amounts.reduce((s, a) => s + a, 0),
    );
    batch.forEach((x, i) => w.send(w.disperse, x, t, amounts[i], { hash: h }));
  }
  farmTasks(w, wallets, start + 3 * DAY, lockstep);
}

/** Wallets made a year or two before the campaign: one old touch of a router each, funded one at a time by a root
 * every few days over months, then dormant until the campaign. */
function agedSlow(w: World, wallets: string[], lockstep: boolean): void {
  let t = T0 - w.int(400, 700) * DAY;
  const r = root(w, t, wallets.length * 0.04);
  const spacing = Math.min(3 * DAY, (450 * DAY) / wallets.length);
  for (const x of wallets) {
    t += w.lognormal(spacing, 0.6);
    w.send(r, x, t, oddAmount(w, 0.01, 0.05));
    w.send(x, w.pick(w.routers), t + w.uniform(0.1, 10) * DAY, oddAmount(w, 0.002, 0.01));
  }
  farmTasks(w, wallets, Math.max(t, w.busyTime(w.int(5, 60))), lockstep);
}

/** The textbook farm: one funder pays every wallet the same amount, one transaction after another. */
function classicStar(w: World, wallets: string[], lockstep: boolean): void {
  let t = farmStart(w, wallets.length);
  const funder = root(w, t, wallets.length * 0.03);
  const amount = w.pick([0.01, 0.02, 0.03, 0.05]);
  for (const x of wallets) {
    t += w.int(12, 90);
    w.send(funder, x, t, amount);
  }
  farmTasks(w, wallets, t, lockstep);
}

const FARMS: Record<FarmType, (w: World, wallets: string[], lockstep: boolean) => void> = {
  cex_rotation: cexRotation,
  peel_chain: peelChain,
  bridge_burst: bridgeBurst,
  fresh_intermediates: freshIntermediates,
  collector_only: (w, x) => collectorOnly(w, x),
  cross_touch: crossTouch,
  mimic_gas_topup: (w, x) => mimicGasTopup(w, x),
  disperse_batch: disperseBatch,
  aged_slow: agedSlow,
  classic_star: classicStar,
};

/** Farm sizes: most small (3-12), some medium (13-150) and large (151-800), and one giant (1,500-5,000) in a
 * campaign of 10 farms or more: about a quarter of a default campaign's wallets are farms'. */
function farmSizes(w: World, farms: number): number[] {
  const logUniform = (lo: number, hi: number): number => Math.round(Math.exp(w.uniform(Math.log(lo), Math.log(hi))));
  return Array.from({ length: farms }, (_, i) => {
    if (i === 9) return logUniform(1500, 5000);
    const band = w.r();
    if (band < 0.6) return w.int(3, 12);
    if (band < 0.87) return logUniform(13, 150);
    return logUniform(151, 800);
  });
}

// ---------------------------------------------------------------------------------------------------------------

function legitCounts(total: number): Map<LegitPattern, number> {
  const counts = new Map<LegitPattern, number>();
  const otc = total >= 100 ? Math.min(30, Math.max(3, Math.round(total * 0.001))) : 0;
  counts.set('otc_client', otc);
  let used = otc;
  for (const [p, share] of LEGIT_SHARES) {
    const n = Math.floor(total * share);
    counts.set(p, n);
    used += n;
  }
  counts.set('organic', total - used);
  return counts;
}

export function simulateBlindCampaign(opts: BlindOptions): BlindSimulated {
  const w = new World(opts.seed);
  for (const [pattern, n] of legitCounts(opts.legitWallets ?? 15_000)) {
    const users = w.many('user', n);
    for (const address of users) w.truth.push({ address, role: 'legit', pattern, group: '' });
    if (n > 0) LEGIT[pattern](w, users);
  }
  const farms = opts.farms ?? 40;
  const types = w.shuffle(Array.from({ length: farms }, (_, i) => BLIND_FARM_TYPES[i % BLIND_FARM_TYPES.length]));
  farmSizes(w, farms).forEach((size, i) => {
    const group = `blind-farm-${String(i).padStart(3, '0')}`;
    const wallets = w.many('farm', size);
    for (const address of wallets) w.truth.push({ address, role: 'farm', pattern: types[i], group });
    FARMS[types[i]](w, wallets, w.chance(0.5));
  });
  // the list as a campaign exports it (sorted by address) and transfers as an explorer exports them (by time)
  const truth = [...w.truth].sort((a, b) => (a.address < b.address ? -1 : 1));
  const transfers = w.transfers.map((x, i) => ({ x, i })).sort((a, b) => a.x.time - b.x.time || a.i - b.i);
  // the import is made at the snapshot: later transfers are not in it
  const sorted = transfers.map((e) => e.x).filter((x) => x.time < snapshot);
  return { input: simInput(truth, sorted, w.labels), truth, transfers: sorted, labels: w.labels };
}
