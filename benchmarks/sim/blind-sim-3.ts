/**
 * The third blind campaign simulator (docs/blind-campaigns-3.md), written without reading the engine: a seeded world
 * of six EVM chains where ordinary people and airdrop farms use one protocol's campaign, as engine input (with
 * transaction hashes, block times, amounts, assets and chains) plus a truth row per listed wallet. Legitimate
 * people share exchanges, bridges, relayers, market makers, payroll multisigs, grant and quest payouts, mint rushes
 * and airdrop claims, and pay families, friends and their own other wallets; farms of 3 to 12,000 wallets fund by
 * batches, stars, peel chains, trees, exchange bursts, bridges, drips and scattered withdrawals, act in sessions, in
 * lockstep or like people, and sweep to collectors or exchange deposit addresses; two types leave no link at all.
 */
import type { EngineInput } from '../../engine/types.ts';
import type { TruthRow } from './campaign-sim.ts';
import { backgroundCrowds } from './blind3/crowd.ts';
import { engineInput3 } from './blind3/engine-input-3.ts';
import { buildFarms } from './blind3/farms.ts';
import { importView } from './blind3/import-view.ts';
import { buildInfra } from './blind3/infra.ts';
import { buildLegit } from './blind3/legit.ts';
import { Rng } from './blind3/rng.ts';
import { World } from './blind3/world.ts';

export { BLIND3_FARM_TYPES, isNoLink3 } from './blind3/farm-types.ts';
export { BLIND3_LEGIT_PATTERNS } from './blind3/legit.ts';

export interface Blind3Options {
  seed: number;
  /** About this many listed legitimate wallets (default 25,000). */
  legitWallets?: number;
  /** Number of farms (default 45; with 20 or more the first is a giant of 10,000-12,000 wallets). */
  farms?: number;
}

export interface Blind3Simulated {
  input: EngineInput;
  truth: TruthRow[];
}

export function simulateBlind3Campaign(opts: Blind3Options): Blind3Simulated {
  const w = new World(new Rng(opts.seed));
  const infra = buildInfra(w);
  const ties = buildFarms(w, infra, opts.farms ?? 45);
  buildLegit(w, infra, opts.legitWallets ?? 25_000, ties);
  backgroundCrowds(w, infra);
  // a block explorer export is in time order; within a block, in the order the transactions were made
  const transfers = importView(w).sort((a, b) => a.time - b.time);
  const input = engineInput3([...w.listed].sort(), transfers, w.labels);
  const truth = [...w.truth].sort((a, b) => (a.address < b.address ? -1 : 1));
  return { input, truth };
}
