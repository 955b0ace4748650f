/**
 * Public infrastructure of the second blind campaign (docs/blind-campaigns-2.md): exchanges (hot wallets, one
 * deposit address per customer swept to a hot wallet, one exchange batching withdrawals), bridges, DEX routers,
 * NFT collections and marketplaces, lending pools, the campaign's own contracts, past airdrops' distributors, gas
 * faucets, a Disperse contract and a streaming contract. Only some exchanges, bridges, routers, one marketplace
 * and one lending pool are labelled, as a user importing the list would have them.
 */
import { DAY, HOUR, type World } from './world.ts';

interface Exchange {
  hots: string[];
  /** Withdrawals within one 10-minute window share one transaction. */
  batches: boolean;
}

export interface Collection {
  address: string;
  price: number;
}

export const TOKENS = ['TKA', 'TKB', 'TKC'] as const;

export class Infra {
  readonly exchanges: Exchange[] = [];
  readonly bridges: string[] = [];
  readonly routers: string[] = [];
  readonly collections: Collection[] = [];
  readonly markets: string[] = [];
  readonly pools: string[] = [];
  readonly protocol: string[] = [];
  readonly distributors: string[] = [];
  readonly faucets: string[] = [];
  readonly disperse: string;
  readonly stream: string;
  private readonly deposits = new Map<string, string>();
  private readonly batchTx = new Map<string, string>();

  constructor(private readonly w: World) {
    for (let i = 0; i < 8; i++) {
      const hots = Array.from({ length: w.int(1, 3) }, () => w.addr());
      // five of eight exchanges are on the user's label list; the other three are unknown, like any busy address
      if (i < 5) for (const h of hots) w.label(h, 'exchange');
      this.exchanges.push({ hots, batches: i === 1 || i === 6 });
    }
    this.fill(this.bridges, 4, 2, 'bridge');
    this.fill(this.routers, 5, 3, 'dex');
    this.fill(this.markets, 2, 1, 'nft_marketplace');
    this.fill(this.pools, 3, 1, 'lending');
    this.fill(this.protocol, 3, 0, '');
    this.fill(this.distributors, TOKENS.length, 0, '');
    this.fill(this.faucets, 2, 0, '');
    this.disperse = w.addr();
    this.stream = w.addr();
    for (let i = 0; i < 30; i++)
      this.collections.push({ address: w.addr(), price: w.pick([0, 0.001, 0.0069, 0.01, 0.02, 0.05, 0.08]) });
  }

  private fill(xs: string[], n: number, labelled: number, list: string): void {
    for (let i = 0; i < n; i++) {
      const a = this.w.addr();
      xs.push(a);
      if (i < labelled) this.w.label(a, list);
    }
  }

  /** An exchange drawn with popularity: the first ones are the big ones. */
  exchange(): number {
    return this.w.weighted([0, 1, 2, 3, 4, 5, 6, 7].map((i) => [i, 8 - i] as const));
  }

  /** A withdrawal: a round amount less the exchange's fee, from one of its hot wallets. */
  withdraw(ex: number, to: string, time: number, amount: number, asset = 'ETH'): void {
    const e = this.exchanges[ex];
    const hot = this.w.pick(e.hots);
    const fee = asset === 'ETH' ? 0.0004 + 0.0002 * (ex % 3) : 1;
    const key = `${hot}:${Math.floor(time / 600)}`;
    let tx = e.batches ? this.batchTx.get(key) : undefined;
    if (e.batches && !tx) {
      tx = this.w.txHash();
      this.batchTx.set(key, tx);
    }
    this.w.pay(hot, to, time, Math.max(amount - fee, amount * 0.5), asset, tx);
  }

  /** The deposit address of `owner` (a person, or a farm's sub-account) at an exchange. */
  depositAddress(owner: string, ex: number): string {
    const key = `${owner}:${ex}`;
    let d = this.deposits.get(key);
    if (!d) {
      d = this.w.addr();
      this.deposits.set(key, d);
    }
    return d;
  }

  /** A deposit to an exchange, swept by the exchange to a hot wallet hours later. */
  deposit(from: string, ex: number, time: number, amount: number, asset: string, owner = from): void {
    const d = this.depositAddress(owner, ex);
    this.w.pay(from, d, time, amount, asset);
    this.w.pay(d, this.w.pick(this.exchanges[ex].hots), time + this.w.uni(0.2, 8) * HOUR, amount, asset);
  }

  swap(who: string, time: number, router = this.w.pick(this.routers), scale = 1): void {
    const tx = this.w.txHash();
    if (this.w.chance(0.6)) {
      const eth = this.w.logUni(0.002, 0.5) * scale;
      this.w.pay(who, router, time, eth, 'ETH', tx);
      this.w.pay(router, who, time, eth * this.w.uni(2900, 3400), this.w.pick(['USDC', 'USDT']), tx);
    } else {
      const usd = this.w.logUni(5, 2000) * scale;
      this.w.pay(who, router, time, usd, 'USDC', tx);
      this.w.pay(router, who, time, usd / this.w.uni(2900, 3400), 'WETH', tx);
    }
  }

  /** A mint pays the collection's fixed price: every minter pays the same amount. */
  mint(who: string, time: number, c: Collection = this.popularCollection()): void {
    if (c.price > 0) this.w.pay(who, c.address, time, c.price, 'ETH');
    else this.w.pay(c.address, who, time, 1, 'NFT:' + c.address.slice(2, 8));
  }

  popularCollection(): Collection {
    return this.collections[Math.floor(this.w.logUni(1, this.collections.length + 1)) - 1];
  }

  market(who: string, time: number): void {
    const m = this.w.pick(this.markets);
    const price = this.w.logUni(0.005, 2);
    if (this.w.chance(0.6)) this.w.pay(who, m, time, price, 'ETH');
    else this.w.pay(m, who, time, price * 0.975, 'ETH');
  }

  lend(who: string, time: number, scale = 1): void {
    const p = this.w.pick(this.pools);
    const usd = this.w.logUni(20, 20_000) * scale;
    this.w.pay(who, p, time, usd, 'USDC');
    if (this.w.chance(0.5)) this.w.pay(p, who, time + this.w.uni(5, 120) * DAY, usd * this.w.uni(1.001, 1.06), 'USDC');
  }

  bridgeIn(to: string, time: number, amount: number, bridge = this.w.pick(this.bridges)): void {
    this.w.pay(bridge, to, time, amount, 'ETH');
  }

  bridgeOut(from: string, time: number, amount: number, bridge = this.w.pick(this.bridges)): void {
    this.w.pay(from, bridge, time, amount, 'ETH');
  }

  /** The campaign's own tasks: a small deposit or fee to one of its contracts. */
  task(who: string, time: number, contract = this.w.pick(this.protocol)): void {
    if (this.w.chance(0.5)) this.w.pay(who, contract, time, this.w.logUni(0.0005, 0.05), 'ETH');
    else this.w.pay(who, contract, time, this.w.logUni(1, 500), 'USDC');
  }

  /** A past airdrop's claim: amounts come in tiers, so many claimers get exactly the same amount. */
  claim(who: string, time: number, token = this.w.int(0, TOKENS.length - 1)): number {
    const amount = this.w.pick([250, 500, 625, 1000, 1250, 2000, 3750]) * (token + 1);
    this.w.pay(this.distributors[token], who, time, amount, TOKENS[token]);
    return amount;
  }

  refuel(who: string, time: number): void {
    this.w.pay(this.w.pick(this.faucets), who, time, this.w.pick([0.001, 0.002, 0.005]), 'ETH');
  }

  /** One random everyday action. */
  anyAction(who: string, time: number): void {
    const k = this.w.weighted([
      ['swap', 5],
      ['mint', 2],
      ['market', 1],
      ['lend', 1],
      ['task', 2],
      ['bridge', 1],
    ] as const);
    if (k === 'swap') this.swap(who, time);
    else if (k === 'mint') this.mint(who, time);
    else if (k === 'market') this.market(who, time);
    else if (k === 'lend') this.lend(who, time);
    else if (k === 'task') this.task(who, time);
    else this.bridgeOut(who, time, this.w.logUni(0.005, 1));
  }
}
