/**
 * The shared infrastructure of the third blind world: exchanges (hot wallets on every chain, one that batches its
 * Ethereum withdrawals), bridges (canonical ones whose contract pays out, fast ones whose relayer EOA does), routers,
 * lending pools, the campaign's contracts, NFT marketplaces and collections, Disperse-style contracts, a mixer,
 * request-for-quote market makers, wallet-app relayers and faucets. Only part of it is labelled, as in real label
 * lists: big exchanges and well-known contracts mostly are, relayers, faucets and new contracts mostly are not.
 */
import { ALL_CHAINS, CAMPAIGN_CHAINS, type ChainName, DAY, END, START } from './chains.ts';
import type { World } from './world.ts';

export interface Exchange {
  name: string;
  /** Hot wallets on each chain (big exchanges run several). */
  hot: Record<ChainName, string[]>;
  /** Ethereum withdrawals leave in one batch transaction per five-minute slot (null: one transaction each). */
  batcher: string | null;
  /** ETH taken from an ETH withdrawal (0: charged on top, the user receives what was asked). */
  fee: number;
  /** Share of users and farmers who use it. */
  weight: number;
  /** Deposit address of each account (one per account, the same on every EVM chain). */
  deposits: Map<string, string>;
}

export interface Bridge {
  name: string;
  /** Where a user deposits on the source chain. */
  entry: Record<ChainName, string>;
  /** Who pays the user on the destination chain (the contract itself for a canonical bridge, else a relayer EOA). */
  payer: Record<ChainName, string>;
}

export interface Collection {
  chain: ChainName;
  address: string;
  /** Mint price in ETH. */
  price: number;
  /** Mint rush: most mints in the first minutes after `opens`. */
  opens: number;
}

export interface GasDrop {
  chain: ChainName;
  address: string;
  amount: number;
}

export interface Infra {
  exchanges: Exchange[];
  bridges: Bridge[];
  routers: Record<ChainName, string[]>;
  lending: Record<ChainName, string>;
  campaign: Record<ChainName, string>;
  /** The campaign's newer vault on Base: every kind of user touches it, and no label list knows it yet. */
  campaignVault: string;
  market: Record<ChainName, string>;
  /** Mint rushes. */
  collections: Collection[];
  /** Everyday NFT contracts on each chain, a few popular, most rarely used. */
  nfts: Record<ChainName, string[]>;
  disperse: Record<ChainName, string>;
  mixer: string;
  rfq: Record<ChainName, string[]>;
  relayers: GasDrop[];
  faucets: GasDrop[];
  /** Batch transaction hash per exchange, chain and five-minute slot. */
  batches: Map<string, number>;
}

const EXCHANGES: Array<{ name: string; big: boolean; weight: number; fee: number; batches: boolean }> = [
  { name: 'binance', big: true, weight: 30, fee: 0.0001, batches: false },
  { name: 'coinbase', big: true, weight: 22, fee: 0, batches: true },
  { name: 'okx', big: true, weight: 14, fee: 0.00008, batches: false },
  { name: 'bybit', big: true, weight: 12, fee: 0.0002, batches: false },
  { name: 'kraken', big: false, weight: 7, fee: 0, batches: false },
  { name: 'kucoin', big: false, weight: 6, fee: 0.0005, batches: false },
  { name: 'gate', big: false, weight: 5, fee: 0.0003, batches: false },
  { name: 'mexc', big: false, weight: 4, fee: 0.0002, batches: false },
];

function perChain(w: World, chains: readonly ChainName[] = ALL_CHAINS): Record<ChainName, string> {
  const out = {} as Record<ChainName, string>;
  for (const c of chains) out[c] = w.address();
  return out;
}

function labelAll(w: World, rec: Partial<Record<ChainName, string>>, list: string, p: number): void {
  for (const a of Object.values(rec)) if (a && w.rng.chance(p)) w.label(a, list);
}

function exchanges(w: World): Exchange[] {
  return EXCHANGES.map((e) => {
    const hot = {} as Record<ChainName, string[]>;
    for (const c of ALL_CHAINS) {
      hot[c] = Array.from({ length: e.big ? 3 : 1 }, () => w.address());
      for (const h of hot[c]) if (w.rng.chance(e.big ? 0.85 : 0.25)) w.label(h, 'exchange');
    }
    const batcher = e.batches ? w.address() : null;
    if (batcher && w.rng.chance(0.5)) w.label(batcher, 'exchange');
    return { name: e.name, hot, batcher, fee: e.fee, weight: e.weight, deposits: new Map() };
  });
}

function bridges(w: World): Bridge[] {
  const canonical = perChain(w);
  labelAll(w, canonical, 'bridge', 1);
  const out: Bridge[] = [{ name: 'canonical', entry: canonical, payer: canonical }];
  for (const name of ['fastbridge', 'orbit', 'hopper']) {
    const entry = perChain(w);
    const payer = name === 'orbit' ? entry : perChain(w);
    labelAll(w, entry, 'bridge', name === 'orbit' ? 0.3 : 0.9);
    if (payer !== entry) labelAll(w, payer, 'bridge', 0.4);
    out.push({ name, entry, payer });
  }
  return out;
}

function collections(w: World): Collection[] {
  const out: Collection[] = [];
  const n = w.rng.int(4, 7);
  for (let i = 0; i < n; i++) {
    const chain = w.rng.pick<ChainName>(['base', 'base', 'zksync', 'arbitrum', 'optimism', 'polygon']);
    const address = w.address();
    if (w.rng.chance(0.2)) w.label(address, 'nft');
    const price = w.rng.pick([0, 0.000777, 0.0025, 0.0069, 0.01, 0.02]);
    out.push({ chain, address, price, opens: START + w.rng.int(5, 170) * DAY + w.rng.int(13, 21) * 3600 });
  }
  return out;
}

export function buildInfra(w: World): Infra {
  const routers = {} as Record<ChainName, string[]>;
  const rfq = {} as Record<ChainName, string[]>;
  const nfts = {} as Record<ChainName, string[]>;
  for (const c of ALL_CHAINS) {
    nfts[c] = Array.from({ length: 40 }, () => w.address());
    for (const n of nfts[c]) if (w.rng.chance(0.1)) w.label(n, 'nft');
    routers[c] = [w.address(), w.address(), w.address()];
    for (const r of routers[c]) w.label(r, 'router');
    rfq[c] = [w.address(), w.address()];
    for (const m of rfq[c]) if (w.rng.chance(0.3)) w.label(m, 'market_maker');
  }
  const lending = perChain(w);
  labelAll(w, lending, 'lending', 1);
  const campaign = perChain(w, CAMPAIGN_CHAINS);
  labelAll(w, campaign, 'campaign', 1);
  const market = perChain(w);
  labelAll(w, market, 'nft_marketplace', 0.9);
  const disperse = perChain(w);
  labelAll(w, disperse, 'contract', 0.35);
  const mixer = w.address();
  w.label(mixer, 'mixer');
  const drops = (n: number, amounts: number[]): GasDrop[] =>
    Array.from({ length: n }, () => ({
      chain: w.rng.pick<ChainName>(['base', 'optimism', 'arbitrum', 'zksync']),
      address: w.address(),
      amount: w.rng.pick(amounts),
    }));
  return {
    exchanges: exchanges(w),
    bridges: bridges(w),
    routers,
    lending,
    campaign,
    campaignVault: w.address(),
    market,
    collections: collections(w),
    nfts,
    disperse,
    mixer,
    rfq,
    relayers: drops(3, [0.0001, 0.0002, 0.0003, 0.0005]),
    faucets: drops(2, [0.001, 0.0015, 0.002]),
    batches: new Map(),
  };
}

/** The exchange a user or farmer banks with, by market share. */
export function pickExchange(w: World, infra: Infra): Exchange {
  return w.rng.weighted(infra.exchanges.map((e) => [e, e.weight] as const));
}

/** Keeps a time inside the world's history (some people started years before the campaign). */
export const clampTime = (t: number): number => Math.min(END + 10 * DAY, Math.max(START - 3 * 365 * DAY, t));
