/**
 * Prices, so that amounts look like what people send: they think in dollars (withdraw "$200 of SOL") or in round
 * coin amounts. SOL's price path is a rough outline of 2021-2025 (about $240 at the 2021 top, about $10 at the end
 * of 2022, $100-250 from 2024 on); the other tokens are given a dollar price that drifts a little.
 */
import { BONK, JITOSOL, JUP, MSOL, REWARD, SOL, USDC, USDT, WIF } from './ledger.ts';

const at = (y: number, m: number): number => Date.UTC(y, m - 1, 1) / 1000;
const SOL_PATH: Array<[number, number]> = [
  [at(2021, 1), 3],
  [at(2021, 6), 35],
  [at(2021, 11), 240],
  [at(2022, 6), 40],
  [at(2022, 12), 11],
  [at(2023, 6), 18],
  [at(2023, 12), 100],
  [at(2024, 3), 190],
  [at(2024, 8), 140],
  [at(2024, 11), 240],
  [at(2025, 1), 250],
  [at(2025, 4), 120],
  [at(2025, 7), 160],
  [at(2025, 10), 190],
  [at(2026, 12), 180],
];

export function solPrice(t: number): number {
  for (let i = 1; i < SOL_PATH.length; i++) {
    const [t1, p1] = SOL_PATH[i];
    if (t <= t1) {
      const [t0, p0] = SOL_PATH[i - 1];
      return p0 + ((p1 - p0) * (t - t0)) / (t1 - t0);
    }
  }
  return SOL_PATH[SOL_PATH.length - 1][1];
}

/** Dollar price of an asset at time t (memecoins and NFTs are priced by their callers). */
export function usdPrice(asset: number, t: number): number {
  const wobble = 1 + 0.15 * Math.sin(t / 2.1e6 + asset);
  switch (asset) {
    case SOL:
      return solPrice(t);
    case USDC:
    case USDT:
      return 1;
    case JUP:
      return 0.8 * wobble;
    case BONK:
      return 0.00002 * wobble;
    case WIF:
      return 1.8 * wobble;
    case JITOSOL:
      return solPrice(t) * 1.12;
    case MSOL:
      return solPrice(t) * 1.25;
    case REWARD:
      return 0.35 * wobble;
    default:
      return 0.001 * wobble;
  }
}

/** A token amount as wallets show it: whole units for cheap tokens, 6 or 9 decimals for the rest. */
export function units(amount: number, asset: number): number {
  if (asset === BONK) return Math.round(amount);
  const d = asset === SOL || asset === JITOSOL || asset === MSOL ? 1e9 : 1e6;
  return Math.round(amount * d) / d;
}

/** A round amount a person would type: 1, 2, 2.5, 5, 10, 20, 25, 50 ... times a power of ten near `approx`. */
export function roundAmount(approx: number, pick: number): number {
  const steps = [1, 1.5, 2, 2.5, 3, 5, 10];
  const mag = 10 ** Math.floor(Math.log10(Math.max(approx, 1e-9)));
  return steps[Math.floor(pick * steps.length)] * mag;
}
