/**
 * The shared accounts of the simulated Solana world and which of them the campaign's label list names. Real lists
 * name the big exchanges' known hot wallets, the largest AMM authorities, bridges and staking pools; they miss
 * rotated or new hot wallets, small exchanges, instant-swap services, bridge solvers, pump.fun bonding curves,
 * NFT mint treasuries, Telegram trading bots' fee wallets, payment settlement wallets and apps' fee payers.
 */
import type { AddressBook } from './address-book.ts';
import type { Rng } from './rng.ts';

export interface Exchange {
  name: string;
  /** Hot wallets that pay withdrawals (the first ones are the long-known ones). */
  hot: number[];
  /** SOL withdrawal fee taken from the amount sent. */
  fee: number;
  /** Share of the campaign's users who use this exchange. */
  weight: number;
  /** Pays several customers' withdrawals in one transaction. */
  batches: boolean;
}

export interface Infrastructure {
  labels: Map<number, string>;
  exchanges: Exchange[];
  /** Raydium's AMM v4 authority: one owner for every v4 pool's vaults. */
  raydium: number;
  /** Concentrated-liquidity pools (Orca Whirlpools, Meteora DLMM, Raydium CLMM): each pool owns its vaults. */
  pools: number[];
  pumpFees: number[];
  jitoTips: number[];
  /** NFT marketplaces' fee wallets (Magic Eden, Tensor). */
  markets: number[];
  wormhole: number;
  /** Cross-chain solvers that pay bridge orders out on Solana (deBridge, Mayan style). */
  solvers: number[];
  stakePools: number[];
  /** Instant-swap services paying out coins bought with other coins (FixedFloat, ChangeNOW style). */
  instantSwaps: number[];
  /** Telegram trading bots' fee wallets (1% of every trade). */
  botFees: number[];
  /** Payment apps' settlement wallets and card on-ramps. */
  merchants: number[];
  /** Gas faucets that drip a little SOL to new wallets so they can pay fees. */
  faucets: number[];
  /** The campaign protocol's vault authority and its reward distributor. */
  protocol: number;
  distributor: number;
  lending: number[];
}

const EXCHANGES: Array<[string, number, number, number, boolean]> = [
  // name, hot wallets, fee (SOL), weight, batches
  ['Binance', 4, 0.008, 30, false],
  ['Coinbase', 3, 0, 18, false],
  ['OKX', 3, 0.008, 12, false],
  ['Bybit', 3, 0.01, 11, true],
  ['Kraken', 2, 0.0025, 6, false],
  ['KuCoin', 2, 0.01, 5, false],
  ['Gate', 1, 0.01, 3, false],
  ['MEXC', 2, 0.01, 5, false],
  ['Bitget', 2, 0.01, 6, false],
  ['Crypto.com', 2, 0.01, 3, false],
  ['Upbit', 1, 0.009, 3, false],
];

export function buildInfrastructure(book: AddressBook, rng: Rng): Infrastructure {
  const labels = new Map<number, string>();
  const many = (n: number): number[] => Array.from({ length: n }, () => book.fresh());
  const label = (ids: number[], name: string, p: number): void => {
    for (const id of ids) if (rng.chance(p)) labels.set(id, name);
  };
  const exchanges = EXCHANGES.map(([name, hot, fee, weight, batches]) => ({
    name,
    hot: many(hot),
    fee,
    weight,
    batches,
  }));
  for (const ex of exchanges) {
    // the big names' first hot wallets are on every list; a rotated wallet and small exchanges often are not
    const known = ex.weight >= 10 ? 0.95 : ex.weight >= 5 ? 0.6 : 0.3;
    ex.hot.forEach((h, i) => {
      if (rng.chance(i === ex.hot.length - 1 && ex.hot.length > 1 ? known * 0.4 : known)) labels.set(h, ex.name);
    });
  }
  const infra: Infrastructure = {
    labels,
    exchanges,
    raydium: book.fresh(),
    pools: many(60),
    pumpFees: many(8),
    jitoTips: many(8),
    markets: many(2),
    wormhole: book.fresh(),
    solvers: many(5),
    stakePools: many(4),
    instantSwaps: many(3),
    botFees: many(4),
    merchants: many(30),
    faucets: many(2),
    protocol: book.fresh(),
    distributor: book.fresh(),
    lending: many(3),
  };
  label([infra.raydium], 'Raydium AMM', 1);
  label(infra.pools, 'DEX pool', 0.35);
  label(infra.pumpFees, 'pump.fun fees', 0.5);
  label(infra.jitoTips, 'Jito tip account', 0.7);
  label(infra.markets, 'NFT marketplace', 0.9);
  label([infra.wormhole], 'Wormhole', 1);
  label(infra.solvers, 'bridge solver', 0.2);
  label(infra.stakePools, 'stake pool', 0.75);
  label(infra.instantSwaps, 'instant swap', 0.1);
  label(infra.botFees, 'trading bot fees', 0.25);
  label(infra.merchants, 'payments', 0.1);
  label(infra.faucets, 'faucet', 0.5);
  label([infra.protocol], 'campaign protocol', 1);
  label([infra.distributor], 'campaign rewards', 1);
  label(infra.lending, 'lending protocol', 0.8);
  return infra;
}
