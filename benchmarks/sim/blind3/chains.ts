/**
 * The chains, assets, prices and clock of the third blind simulator. The campaign's protocol is deployed on four
 * rollups; people and farms bring money from Ethereum, exchanges and bridges, and live partly on Polygon too.
 */
import type { Rng } from './rng.ts';

export type ChainName = 'ethereum' | 'arbitrum' | 'optimism' | 'base' | 'polygon' | 'zksync';

export interface ChainInfo {
  /** Seconds between blocks (times are whole block times). */
  block: number;
  native: string;
  /** USD price of the native asset (fixed over the campaign: amounts only need to be plausible). */
  nativeUsd: number;
}

export const CHAINS: Record<ChainName, ChainInfo> = {
  ethereum: { block: 12, native: 'ETH', nativeUsd: 2600 },
  arbitrum: { block: 1, native: 'ETH', nativeUsd: 2600 },
  optimism: { block: 2, native: 'ETH', nativeUsd: 2600 },
  base: { block: 2, native: 'ETH', nativeUsd: 2600 },
  polygon: { block: 2, native: 'POL', nativeUsd: 0.45 },
  zksync: { block: 1, native: 'ETH', nativeUsd: 2600 },
};
export const ALL_CHAINS = Object.keys(CHAINS) as ChainName[];
/** Where the campaign's protocol lives: a listed wallet used it on at least one of these. */
export const CAMPAIGN_CHAINS: ChainName[] = ['arbitrum', 'base', 'optimism', 'zksync'];

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;
/** The campaign ran 180 days from 2025-03-01 00:00 UTC; the snapshot is at END. */
export const START = 1_740_787_200;
export const END = START + 180 * DAY;

/** Native units worth `usd`, rounded to 6 significant decimals of the unit (what a wallet UI would send). */
export function nativeOf(chain: ChainName, usd: number): number {
  return round(usd / CHAINS[chain].nativeUsd, 6);
}

export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/** Relative activity per local hour (people sleep; 0 is midnight). */
const HOUR_WEIGHTS = [3, 2, 1, 1, 1, 2, 5, 8, 10, 11, 11, 11, 12, 12, 12, 12, 13, 14, 15, 16, 16, 15, 12, 7];
const HOURS = HOUR_WEIGHTS.map((w, h) => [h, w] as const);

/** A time in [lo, hi) at a waking hour of someone whose clock is UTC + tz hours. */
export function humanTime(rng: Rng, lo: number, hi: number, tz: number): number {
  if (hi - lo < DAY) return Math.floor(rng.range(lo, hi));
  const day = Math.floor(rng.range(lo, hi) / DAY) * DAY;
  const hour = (rng.weighted(HOURS) - tz + 48) % 24;
  const t = day + hour * HOUR + rng.int(0, HOUR - 1);
  return t >= lo && t < hi ? t : Math.floor(rng.range(lo, hi));
}

/** A time zone offset, weighted towards where crypto users live (Americas, Europe, Asia). */
export function timeZone(rng: Rng): number {
  return rng.weighted([
    [-5, 10],
    [-8, 5],
    [-3, 3],
    [0, 6],
    [1, 10],
    [2, 5],
    [3, 4],
    [5, 3],
    [7, 5],
    [8, 12],
    [9, 6],
  ]);
}
