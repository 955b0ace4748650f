/**
 * The second blind campaign simulator (docs/blind-campaigns-2.md): written without reading the engine, its docs
 * or the other simulators' bodies, from public knowledge of how airdrop farmers and ordinary users behave on EVM
 * chains. Seeded and deterministic. Gives engine input, the truth table and what an import of the list's
 * neighbourhood would hold (transfers touching listed wallets and small unlisted intermediaries, with time, amount,
 * asset and transaction hash; only some infrastructure labelled).
 */
import type { Simulated } from './campaign-sim.ts';
import { simInput } from './engine-input.ts';
import { Farm, BLIND2_FARM_TYPES, type Blind2FarmType } from './blind2/farms.ts';
import { SHAPES } from './blind2/farm-shapes.ts';
import { Infra } from './blind2/infra.ts';
import { LegitUsers } from './blind2/legit.ts';
import { World, type Blind2Transfer } from './blind2/world.ts';

export { BLIND2_FARM_TYPES } from './blind2/farms.ts';
export { BLIND2_LEGIT_PATTERNS } from './blind2/legit.ts';
export type { Blind2Transfer } from './blind2/world.ts';

/** Farm types built to leave no on-chain link: reported apart, no engine can be expected to find them. */
export const isNoLink = (pattern: string): boolean => pattern.startsWith('nolink_');

export interface Blind2Options {
  seed: number;
  /** Legitimate wallets (default 24,000). */
  legitWallets?: number;
  /** Farms (default 44): types in a seeded rotation, sizes log-uniform 3-300, one large farm of 2,500-8,000. */
  farms?: number;
}

export interface Blind2Simulated extends Simulated {
  transfers: Blind2Transfer[];
}

const DEFAULT_LEGIT = 24_000;
const DEFAULT_FARMS = 44;

/** Each linked type twice and each no-link type once per rotation, shuffled per seed. */
function typeRotation(w: World): Blind2FarmType[] {
  const linked = BLIND2_FARM_TYPES.filter((t) => !isNoLink(t));
  const nolink = BLIND2_FARM_TYPES.filter(isNoLink);
  return w.shuffle([...linked, ...linked, ...nolink]);
}

/** Farm sizes: log-uniform 3-300; one linked farm is large (2,500-8,000 at the default size, scaled with it). */
function farmPlan(w: World, farms: number, scale: number): Array<{ type: Blind2FarmType; size: number }> {
  const rotation = typeRotation(w);
  const plan = Array.from({ length: farms }, (_, i) => ({
    type: rotation[i % rotation.length],
    size: Math.round(w.logUni(3, 300)),
  }));
  const large = plan.findIndex((p) => !isNoLink(p.type));
  if (large >= 0) plan[large].size = Math.max(3, Math.round(w.uni(2500, 8000) * scale));
  return plan;
}

export function simulateBlind2Campaign(opts: Blind2Options): Blind2Simulated {
  const legitWallets = opts.legitWallets ?? DEFAULT_LEGIT;
  const w = new World(opts.seed);
  const infra = new Infra(w);
  const legit = new LegitUsers(w, infra);
  legit.build(legitWallets);
  farmPlan(w, opts.farms ?? DEFAULT_FARMS, legitWallets / DEFAULT_LEGIT).forEach((p, i) => {
    const farm = new Farm(w, infra, p.type, `b2f${i}`, p.size, legit.wallets);
    SHAPES[p.type](farm, w, infra);
  });
  // the list as a campaign exports it (sorted by address), transfers as an explorer exports them (by time)
  const truth = [...w.truth].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  const times = Float64Array.from(w.transfers, (x) => x.time);
  const order = Uint32Array.from(w.transfers.keys()).sort((a, b) => times[a] - times[b] || a - b);
  const transfers = Array.from(order, (i) => w.transfers[i]);
  return { input: simInput(truth, transfers, w.labels), truth, transfers, labels: w.labels };
}
