/**
 * The simulated world shared by every pattern: the seeded random source, the address book, the ledger, the clock,
 * the infrastructure, and the campaign's list of wallets with the truth about each one.
 */
import { AddressBook } from './address-book.ts';
import { Clock } from './clock.ts';
import { buildInfrastructure, type Exchange, type Infrastructure } from './infrastructure.ts';
import { Ledger } from './ledger.ts';
import { Rng } from './rng.ts';

export type Role = 'farm' | 'legit';

export interface ListedWallet {
  id: number;
  role: Role;
  pattern: string;
  group: string;
  /** Who referred the wallet into the campaign (an account id) and the code it typed, if any. */
  referrer?: number;
  referralCode?: string;
}

/** A memecoin: its mint (asset id), its pump.fun bonding curve (owner of the curve's vaults), its launch. */
export interface Coin {
  asset: number;
  curve: number;
  launch: number;
  /** Dollars per token at launch. */
  price: number;
}

export class World {
  readonly rng: Rng;
  readonly book: AddressBook;
  readonly ledger = new Ledger();
  readonly clock: Clock;
  readonly infra: Infrastructure;
  readonly listed: ListedWallet[] = [];
  private readonly listedIds = new Set<number>();
  /** Campaign points and the main kind of action per listed wallet. */
  readonly points = new Map<number, number>();
  readonly eventType = new Map<number, string>();
  /** A customer's own deposit address at an exchange (key: customer id * 16 + exchange index). */
  private readonly deposits = new Map<number, number>();
  /** Open batch withdrawal transactions of batching exchanges (key: exchange and 90 s window). */
  readonly batches = new Map<string, { tx: number; hot: number }>();
  /** Memecoins by the 30-day period of their launch. */
  private readonly coins = new Map<number, Coin[]>();
  /** NFT collections traded on the marketplaces: the collection's asset id and its royalty wallet. */
  private readonly collections: Array<{ asset: number; creator: number }> = [];
  /** Listed legitimate wallets so far, for the occasional trade between two unrelated users. */
  readonly legitPool: number[] = [];
  /** The analysis reads the chain a few days after the window closes. */
  readonly cutoff: number;

  constructor(seed: number) {
    this.rng = new Rng(seed);
    this.book = new AddressBook(seed);
    this.clock = new Clock(this.rng);
    this.infra = buildInfrastructure(this.book, this.rng);
    this.cutoff = this.clock.end + 3 * 86400;
  }

  list(w: ListedWallet): void {
    if (this.listedIds.has(w.id)) throw new Error(`wallet ${w.id} listed twice`);
    this.listedIds.add(w.id);
    this.listed.push(w);
    if (w.role === 'legit') this.legitPool.push(w.id);
  }

  isListed(id: number): boolean {
    return this.listedIds.has(id);
  }

  addPoints(id: number, points: number, event: string): void {
    this.points.set(id, (this.points.get(id) ?? 0) + points);
    if (!this.eventType.has(id)) this.eventType.set(id, event);
  }

  depositAddress(customer: number, ex: Exchange): number {
    const key = customer * 16 + this.infra.exchanges.indexOf(ex);
    let d = this.deposits.get(key);
    if (d === undefined) {
      d = this.book.fresh();
      this.deposits.set(key, d);
    }
    return d;
  }

  exchange(): Exchange {
    const ex = this.infra.exchanges;
    return ex[this.rng.weighted(ex.map((e) => e.weight))];
  }

  /**
   * A memecoin traded at about time t: one of the period's coins most of the time (the first ones launched are the
   * ones that took off, so they are picked most), else a new launch.
   */
  coin(t: number): Coin {
    const period = Math.floor(t / (30 * 86400));
    const recent = this.coins.get(period) ?? [];
    if (recent.length > 20 && this.rng.chance(0.7)) {
      const c = recent[Math.floor(recent.length * this.rng.next() ** 3)];
      if (c.launch <= t) return c;
    }
    return this.launch(t - this.rng.int(0, 86400));
  }

  /** An NFT collection for a secondary-market trade: a few hundred collections, the popular ones traded most. */
  collection(): { asset: number; creator: number } {
    if (this.collections.length < 300 && (this.collections.length < 20 || this.rng.chance(0.05)))
      this.collections.push({ asset: this.ledger.newAsset(), creator: this.book.fresh() });
    return this.collections[Math.floor(this.collections.length * this.rng.next() ** 2.5)];
  }

  launch(t: number): Coin {
    const c = {
      asset: this.ledger.newAsset(),
      curve: this.book.fresh(),
      launch: t,
      price: this.rng.lognormal(5e-5, 1.5),
    };
    const period = Math.floor(t / (30 * 86400));
    const list = this.coins.get(period) ?? [];
    list.push(c);
    this.coins.set(period, list);
    return c;
  }
}
