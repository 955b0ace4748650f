/**
 * The campaign's farms: which kinds there are, how big each one is, and the order they are made in. The first
 * farms take one kind each (so a campaign with as many farms as kinds has every kind), the rest are drawn.
 */
import { type Farm, listFarm, newFarm } from './farm-kit.ts';
import { nolinkBridge, nolinkCex, nolinkInstantSwap } from './farm-nolink.ts';
import {
  batchStar,
  bridgeFunded,
  cexWithdrawal,
  fundingTree,
  humanMimic,
  lockstepBot,
  megaTree,
  peelChain,
  referralRing,
  relayChain,
  splitFunders,
  sweepInstant,
  sweepSlow,
  swapRoute,
} from './farm-types.ts';
import type { World } from './world.ts';

interface FarmKind {
  name: string;
  /** How often the kind is drawn after the first round. */
  weight: number;
  size: (w: World, legit: number) => number;
  make: (w: World, f: Farm) => void;
}

const clamp = (x: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, Math.round(x)));
const usual = (w: World): number => clamp(w.rng.lognormal(25, 1), 3, 1500);
const small = (lo: number, hi: number) => (w: World) => w.rng.int(lo, hi);

export const FARM_KINDS: readonly FarmKind[] = [
  { name: 'batch_star', weight: 10, size: usual, make: batchStar },
  { name: 'funding_tree', weight: 8, size: usual, make: fundingTree },
  { name: 'peel_chain', weight: 4, size: small(3, 25), make: peelChain },
  { name: 'cex_withdrawal', weight: 8, size: usual, make: cexWithdrawal },
  { name: 'bridge_funded', weight: 5, size: usual, make: bridgeFunded },
  { name: 'swap_route', weight: 4, size: usual, make: swapRoute },
  { name: 'sweep_instant', weight: 6, size: usual, make: sweepInstant },
  { name: 'sweep_slow', weight: 5, size: usual, make: sweepSlow },
  { name: 'lockstep_bot', weight: 6, size: (w) => clamp(w.rng.lognormal(30, 0.8), 5, 400), make: lockstepBot },
  { name: 'human_mimic', weight: 4, size: small(3, 20), make: humanMimic },
  // one mega farm at most: a share of the campaign's size, 300-4000 wallets
  {
    name: 'mega_tree',
    weight: 0,
    size: (w, legit) => clamp(legit * w.rng.range(0.04, 0.12), 300, 4000),
    make: megaTree,
  },
  { name: 'relay_chain', weight: 3, size: small(3, 30), make: relayChain },
  { name: 'split_funders', weight: 5, size: usual, make: splitFunders },
  { name: 'referral_ring', weight: 4, size: (w) => clamp(w.rng.lognormal(12, 0.7), 3, 120), make: referralRing },
  { name: 'nolink_cex', weight: 2, size: small(4, 40), make: nolinkCex },
  { name: 'nolink_bridge', weight: 2, size: small(4, 40), make: nolinkBridge },
  { name: 'nolink_instant_swap', weight: 2, size: small(4, 30), make: nolinkInstantSwap },
];

/** Farms built to leave no on-chain link: reported apart, recall only. */
export const isNoLink4 = (pattern: string): boolean => pattern.startsWith('nolink_');

export function makeFarms(w: World, count: number, legit: number): void {
  const { rng } = w;
  const kinds = rng.shuffle([...FARM_KINDS]);
  for (let i = 0; i < count; i++) {
    const kind = i < kinds.length ? kinds[i] : FARM_KINDS[rng.weighted(FARM_KINDS.map((k) => k.weight))];
    // a few farms are as small as farms get
    const size = i % 9 === 4 && kind.name !== 'mega_tree' ? rng.int(3, 5) : kind.size(w, legit);
    const f = newFarm(w, i, kind.name, size);
    kind.make(w, f);
    // a farm built to leave no link types no code of its own wallets
    const referral =
      kind.name === 'referral_ring' ? 'main' : !isNoLink4(kind.name) && rng.chance(0.2) ? 'chain' : 'none';
    listFarm(w, f, referral);
  }
}
