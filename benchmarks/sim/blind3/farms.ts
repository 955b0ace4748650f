/**
 * The farms of the third blind world: a type each (how it funds, acts and exits), sizes from 3 wallets to a giant of
 * 10,000-12,000 (see docs/blind-campaigns-3.md). Types are dealt in a shuffled order so that every type appears when
 * there are at least as many farms as types.
 */
import { bridgeTo } from './activity.ts';
import { type ChainName, DAY, END, HOUR, START, nativeOf } from './chains.ts';
import { type Farm, fundedAt, markFunded, newFarm } from './farm.ts';
import { humanLike, lockstep, sessions } from './farm-activity.ts';
import { bridgeBack, depositApart, depositToOperator, fakeFriends, sweep } from './farm-exits.ts';
import type { FundingShape } from './farm-funding.ts';
import { HYBRID_SHAPES, RECIPES } from './farm-recipes.ts';
import { BLIND3_FARM_TYPES, type FarmType, isNoLink3 } from './farm-types.ts';
import type { Infra } from './infra.ts';
import type { FarmTies } from './legit.ts';
import type { World } from './world.ts';

const GIANT_TYPES: FarmType[] = ['disperse_drop', 'cex_burst', 'fanout_tree', 'hybrid_ops', 'lockstep_swarm'];

function farmSize(w: World, type: FarmType): number {
  const r = w.rng;
  const tier = r.weighted([
    [[3, 12], 40],
    [[13, 150], 34],
    [[150, 1500], 20],
    [[1500, 4000], 6],
  ] as const);
  const size = Math.round(r.logUniform(tier[0], tier[1] + 0.99));
  const cap = isNoLink3(type) || type === 'mimic_users' ? 150 : type === 'slow_drip' ? 80 : Number.POSITIVE_INFINITY;
  return Math.min(cap, size);
}

/** Funds every wallet on the main chain with `shape`; on the others again with it, or by bridging themselves. */
function fundAll(w: World, infra: Infra, f: Farm, shape: FundingShape, wallets = f.wallets): void {
  const r = w.rng;
  const [main, ...others] = f.chains;
  shape(w, infra, f, wallets, main, f.start);
  for (const chain of others) {
    if (r.chance(0.5)) {
      shape(w, infra, f, wallets, chain, f.start + r.int(0, 10) * DAY);
      continue;
    }
    const bridge = r.pick(infra.bridges);
    for (const wallet of wallets) selfBridge(w, f, bridge, wallet, main, chain);
  }
}

function selfBridge(
  w: World,
  f: Farm,
  bridge: Infra['bridges'][number],
  wallet: string,
  from: ChainName,
  to: ChainName,
) {
  const t = fundedAt(f, wallet, from) + w.rng.int(HOUR, 10 * DAY);
  if (t >= END) return;
  markFunded(f, wallet, to, bridgeTo(w, bridge, from, wallet, to, wallet, nativeOf(from, f.usd * 1.5), t));
}

/** Splits `xs` into `k` consecutive parts of random sizes. */
function parts<T>(w: World, xs: T[], k: number): T[][] {
  const cuts = [
    0,
    ...Array.from({ length: k - 1 }, () => w.rng.int(1, xs.length - 1)).sort((a, b) => a - b),
    xs.length,
  ];
  return cuts
    .slice(1)
    .map((c, i) => xs.slice(cuts[i], c))
    .filter((p) => p.length > 0);
}

function runFarm(w: World, infra: Infra, f: Farm): void {
  const r = w.rng;
  const all = f.wallets;
  if (f.type === 'hybrid_ops') {
    const ps = parts(w, all, r.int(2, 4));
    for (const p of ps) fundAll(w, infra, f, r.pick(HYBRID_SHAPES), p);
    sessions(w, infra, f, all);
    lockstep(w, infra, f, r.pick(ps));
    sweep(w, f, all);
    return;
  }
  const recipe = RECIPES[f.type as Exclude<FarmType, 'hybrid_ops'>];
  if (recipe.early) f.start = START - r.int(0, 40) * DAY;
  fundAll(w, infra, f, r.pick(recipe.fund));
  if (recipe.activity === 'sessions') sessions(w, infra, f, all);
  else if (recipe.activity === 'lockstep') lockstep(w, infra, f, all);
  else humanLike(w, infra, f, all, recipe.activity === 'strangers');
  if (recipe.friends) fakeFriends(w, f, all);
  if (!r.chance(recipe.exitShare)) return;
  if (recipe.exit === 'sweep') sweep(w, f, all);
  else if (recipe.exit === 'funder') sweep(w, f, all, f.funders[0]);
  else if (recipe.exit === 'operator') depositToOperator(w, f, all);
  else if (recipe.exit === 'bridge_back') bridgeBack(w, infra, f, all, f.funders[0]);
  else depositApart(w, infra, f, all);
}

/** `count` farms (the first one a giant when there are 20 or more), run and put on the list. */
export function buildFarms(w: World, infra: Infra, count: number): FarmTies {
  const r = w.rng;
  const order = r.shuffle([...BLIND3_FARM_TYPES]);
  const ties: FarmTies = { wallets: [], funders: [], questers: [] };
  for (let i = 0; i < count; i++) {
    const giant = i === 0 && count >= 20;
    const type = giant ? r.pick(GIANT_TYPES) : order[i % order.length];
    const f = newFarm(w, infra, `farm-${i}`, type, giant ? r.int(10_000, 12_000) : farmSize(w, type));
    runFarm(w, infra, f);
    const listed = f.wallets.filter((a) => f.qualified.has(a));
    for (const a of listed) w.enlist(a, 'farm', type, f.id);
    const dated = listed.map((address) => ({
      address,
      since: Math.min(...f.chains.map((c) => fundedAt(f, address, c))),
    }));
    ties.wallets.push(...dated);
    ties.funders.push(...f.funders.slice(0, 3).map((address) => ({ address, since: f.start })));
    if (type === 'mimic_users' || type === 'lockstep_swarm') ties.questers.push(...r.sample(dated, 60));
  }
  return ties;
}
