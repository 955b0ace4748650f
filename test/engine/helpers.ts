/** Builders of engine input for the engine tests: named addresses, transfers as [from, to] pairs. */
import { createHash } from 'node:crypto';
import {
  analyze,
  type AnalyzeResult,
  type EngineInput,
  type EnginePool,
  type EngineWalletInput,
} from '../../engine/index.ts';
import { addressIndex } from '../../engine/address-index.ts';

export const evm = (seed: string): string => '0x' + createHash('sha256').update(seed).digest('hex').slice(0, 40);

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A deterministic 44-character base58 string (the shape of a Solana address). */
export const sol = (seed: string): string => {
  const bytes = createHash('sha256').update(seed).digest();
  let s = '';
  for (let i = 0; i < 44; i++) s += B58[bytes[i % 32] % 58];
  return s;
};

export interface Spec {
  wallets: Array<string | EngineWalletInput>;
  transfers: Array<[string, string, number?]>;
  infrastructure?: Record<string, string>;
  exceptions?: string[];
  family?: 'evm' | 'solana';
}

export function engineInput(spec: Spec): EngineInput {
  const { addresses, id } = addressIndex();
  const from = new Uint32Array(spec.transfers.length);
  const to = new Uint32Array(spec.transfers.length);
  const blockTime = new Float64Array(spec.transfers.length);
  spec.transfers.forEach(([f, t, time], i) => {
    from[i] = id(f);
    to[i] = id(t);
    blockTime[i] = time ?? Number.NaN;
  });
  return {
    chainFamily: spec.family ?? 'evm',
    wallets: spec.wallets.map((w) => (typeof w === 'string' ? { address: w } : w)),
    transfers: { addresses, from, to, blockTime, amount: new Float64Array(spec.transfers.length).fill(Number.NaN) },
    labels: {
      infrastructure: new Map(Object.entries(spec.infrastructure ?? {})),
      exceptions: new Set(spec.exceptions ?? []),
    },
  };
}

/** A fan-out Sybil cluster: one funder sends to every wallet, wallets pass funds along a ring. */
export function fanOut(
  tag: string,
  size: number,
  mk: (s: string) => string = evm,
  /** Seconds between the funder's payments: 1 is a farm's burst, a day is a person paying now and then. */
  spacing = 1,
): { funder: string; wallets: string[]; transfers: Array<[string, string, number]> } {
  const funder = mk(`${tag}-funder`);
  const wallets = Array.from({ length: size }, (_, i) => mk(`${tag}-w${i}`));
  const transfers: Array<[string, string, number]> = [];
  wallets.forEach((w, i) => transfers.push([funder, w, 1000 + i * spacing]));
  wallets.forEach((w, i) => transfers.push([w, wallets[(i + 1) % size], 2000 + i]));
  return { funder, wallets, transfers };
}

/** A transfer with a block time and an amount: [from, to, time, amount]. */
export type TimedRow = [from: string, to: string, time: number, amount: number];

/** A farm of 20 paid in one batch at `t0` (the same second, the same amount), then each wallet pays the next. */
export function batchRingFarm(tag: string, t0: number): { farm: string[]; rows: TimedRow[] } {
  const funder = evm(`${tag}-farm-funder`);
  const farm = Array.from({ length: 20 }, (_, i) => evm(`${tag}-farm-${i}`));
  const rows: TimedRow[] = farm.map((w) => [funder, w, t0, 0.02]);
  farm.forEach((w, i) => rows.push([w, farm[(i + 1) % farm.length], t0 + 86_400 + i * 60, 0.001]));
  return { farm, rows };
}

/**
 * Engine input from timed transfers with amounts (the timing evidence needs both; NaN for none); `units`, when
 * given, the chain and asset ids of each row; `txs`, each row's transaction hash (numbered in order of appearance).
 */
export function timedInput(
  wallets: string[],
  rows: TimedRow[],
  infrastructure: Record<string, string> = {},
  units?: { chain: number[]; asset: number[] },
  txs?: string[],
): EngineInput {
  const { addresses, id } = addressIndex();
  const txIndex = new Map<string, number>();
  const txId = (h: string): number => {
    if (!txIndex.has(h)) txIndex.set(h, txIndex.size + 1);
    return txIndex.get(h)!;
  };
  return {
    chainFamily: 'evm',
    wallets: wallets.map((address) => ({ address })),
    transfers: {
      addresses,
      from: Uint32Array.from(rows, (r) => id(r[0])),
      to: Uint32Array.from(rows, (r) => id(r[1])),
      blockTime: Float64Array.from(rows, (r) => r[2]),
      amount: Float64Array.from(rows, (r) => r[3]),
      ...(units ? { chain: Uint32Array.from(units.chain), asset: Uint32Array.from(units.asset) } : {}),
      ...(txs ? { txId: Uint32Array.from(txs, txId) } : {}),
    },
    labels: { infrastructure: new Map(Object.entries(infrastructure)), exceptions: new Set() },
  };
}

/** How many of `list` got each recommended action. */
export function actionCounts(r: AnalyzeResult, list: string[]): Record<string, number> {
  const by = new Map(r.wallets.map((w) => [w.address, w.storedRecommendedAction]));
  const out: Record<string, number> = { approve: 0, manual_review: 0, reject: 0 };
  for (const w of list) out[by.get(w)!]++;
  return out;
}

export const DAY = 86_400;

/** The balanced preset on `pool` with `hubMinDegree` (a small one makes a test's hundred wallets hub-sized). */
export const balancedRun =
  (pool: EnginePool) =>
  (input: EngineInput, hubMinDegree = 1000): Promise<AnalyzeResult> =>
    analyze(input, { mode: 'onchain', preset: 'balanced', pool, tuning: { hubMinDegree } });
