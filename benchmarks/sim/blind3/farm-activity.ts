/**
 * What farm wallets of the third blind world do once funded (docs/blind-campaigns-3.md): the campaign's actions in
 * the operator's sessions (days on which a script runs, each wallet at its own minute), in lockstep (every wallet
 * the same calls in the same order, minutes apart, round after round), or like people (own times, own mix). Only
 * wallets that will qualify act on the campaign's contracts; the others were funded and left.
 */
import { type ActionKind, act } from './activity.ts';
import { type ChainName, DAY, END, HOUR, MINUTE, START, humanTime, timeZone } from './chains.ts';
import { type Farm, fundedAt } from './farm.ts';
import type { Infra } from './infra.ts';
import type { World } from './world.ts';

const FARM_KINDS: Array<readonly [ActionKind, number]> = [
  ['campaign', 45],
  ['swap', 30],
  ['vault', 15],
  ['lend', 10],
];

/** The farm chains where the wallet has money. */
export const chainsOf = (f: Farm, wallet: string): ChainName[] => f.chains.filter((c) => fundedAt(f, wallet, c) < END);

/**
 * One action of a farm wallet: `exact` (lockstep bots) spends the farm's usual amount to the cent, else a script's
 * jitter around it.
 */
function doStep(
  w: World,
  infra: Infra,
  f: Farm,
  wallet: string,
  chain: ChainName,
  t: number,
  kind: ActionKind,
  exact = false,
) {
  const at = Math.max(t, fundedAt(f, wallet, chain) + MINUTE);
  const k = kind === 'vault' && chain !== 'base' ? 'campaign' : kind;
  const usd = exact ? f.usd : f.usd * w.rng.range(0.75, 1.3);
  act(w, infra, wallet, chain, Math.max(at, k === 'campaign' || k === 'vault' ? START : 0), k, usd);
}

/** The operator's sessions: each qualified wallet acts on 2-8 of the farm's working days. */
export function sessions(w: World, infra: Infra, f: Farm, wallets: string[]): void {
  const r = w.rng;
  const days = Array.from({ length: r.int(4, 25) }, () => humanTime(r, Math.max(f.start, START), END - DAY, f.tz));
  const hours = r.int(1, 6) * HOUR;
  for (const wallet of wallets) {
    if (!f.qualified.has(wallet)) continue;
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    let campaign = false;
    for (const day of r.sample(days, r.int(2, 8))) {
      const t = day + r.int(0, hours);
      for (let k = r.int(1, 3); k > 0; k--) {
        const kind = r.weighted(FARM_KINDS);
        campaign ||= kind === 'campaign' || kind === 'vault';
        doStep(w, infra, f, wallet, r.pick(chains), t + k * r.int(20, 300), kind);
      }
    }
    if (!campaign) doStep(w, infra, f, wallet, chains[0], r.pick(days), 'campaign');
  }
}

/** Lockstep rounds: the same 3-5 calls in the same order by every wallet, started within minutes of each other. */
export function lockstep(w: World, infra: Infra, f: Farm, wallets: string[]): void {
  const r = w.rng;
  const steps = Array.from({ length: r.int(3, 5) }, () => ({ kind: r.weighted(FARM_KINDS), chain: r.pick(f.chains) }));
  steps[0].kind = 'campaign';
  const spread = Math.min(3 * HOUR, Math.max(5 * MINUTE, wallets.length * r.int(2, 20)));
  for (let round = r.int(3, 12), t = Math.max(f.start, START) + DAY; round > 0; round--) {
    for (const wallet of wallets) {
      if (!f.qualified.has(wallet)) continue;
      let at = t + r.int(0, spread);
      for (const s of steps) {
        const chain = fundedAt(f, wallet, s.chain) < END ? s.chain : chainsOf(f, wallet)[0];
        if (!chain) break;
        doStep(w, infra, f, wallet, chain, at, s.kind, true);
        at += r.int(20, 180);
      }
    }
    t += r.int(3, 14) * DAY;
    if (t > END - DAY) break;
  }
}

/** Like people: each wallet its own number of actions at its own waking hours (own time zone if `ownClock`). */
export function humanLike(w: World, infra: Infra, f: Farm, wallets: string[], ownClock: boolean): void {
  const r = w.rng;
  for (const wallet of wallets) {
    if (!f.qualified.has(wallet)) continue;
    const tz = ownClock ? timeZone(r) : f.tz;
    const chains = chainsOf(f, wallet);
    if (chains.length === 0) continue;
    const n = Math.round(r.logUniform(3, 20));
    for (let i = 0; i < n; i++) {
      const chain = r.pick(chains);
      const kind = i === 0 ? 'campaign' : r.weighted([...FARM_KINDS, ['rfq', 5], ['mint', 5]] as const);
      const lo = Math.max(fundedAt(f, wallet, chain) + HOUR, START);
      doStep(w, infra, f, wallet, chain, humanTime(r, Math.min(lo, END - DAY), END, tz), kind);
    }
  }
}
