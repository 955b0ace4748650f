/**
 * The record of the third blind world while it is built: every transfer on every chain (with its hash, block time,
 * asset and chain), the infrastructure labels a campaign would hold, and the campaign list with its truth.
 */
import type { TruthRow } from '../campaign-sim.ts';
import { CHAINS, type ChainName } from './chains.ts';
import type { Rng } from './rng.ts';

export interface ChainTransfer {
  chain: ChainName;
  from: string;
  to: string;
  /** Unix seconds of the block. */
  time: number;
  amount: number;
  /** The asset's symbol on its chain (the same symbol on two chains is two assets). */
  symbol: string;
  /** The transaction, as the number of its hash (transfers with the same number are one transaction). */
  tx: number;
}

export class World {
  readonly transfers: ChainTransfer[] = [];
  readonly labels: Array<{ address: string; list: string }> = [];
  readonly truth: TruthRow[] = [];
  readonly listed = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(readonly rng: Rng) {}

  /** A fresh address (random, never handed out before). */
  address(): string {
    for (;;) {
      const a = `0x${this.rng.hex(40)}`;
      if (this.seen.has(a)) continue;
      this.seen.add(a);
      return a;
    }
  }

  private txs = 0;

  /** A new transaction (its hash stands for a random 32-byte hash: only equality matters downstream). */
  newTx(): number {
    return ++this.txs;
  }

  /**
   * One transfer of `amount` `symbol` on `chain` at the block holding `time`; `tx` joins it to a transaction already
   * made (a contract call that pays back, a batch). Returns the transaction hash.
   */
  send(chain: ChainName, from: string, to: string, amount: number, symbol: string, time: number, tx?: number): number {
    const id = tx ?? this.newTx();
    const block = CHAINS[chain].block;
    const t = Math.floor(time / block) * block;
    this.transfers.push({ chain, from, to, amount, symbol, time: t, tx: id });
    return id;
  }

  label(address: string, list: string): void {
    this.labels.push({ address, list });
  }

  /** Puts a wallet on the campaign list with its truth (once). */
  enlist(address: string, role: TruthRow['role'], pattern: string, group: string): void {
    if (this.listed.has(address)) return;
    this.listed.add(address);
    this.truth.push({ address, role, pattern, group });
  }
}
