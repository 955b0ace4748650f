/**
 * One farm of the third blind world while it is made: its wallets (not all of which reach the campaign list: some
 * never met its criteria), the chains it works on, its operator's time zone, exchange account and funders, and when
 * each wallet was funded on each chain (it acts there only after).
 */
import { CAMPAIGN_CHAINS, type ChainName, DAY, START, timeZone } from './chains.ts';
import { type Exchange, type Infra, pickExchange } from './infra.ts';
import type { World } from './world.ts';

export interface Farm {
  id: string;
  type: string;
  wallets: string[];
  /** The wallets that will meet the campaign's criteria (the others were funded, then abandoned). */
  qualified: Set<string>;
  chains: ChainName[];
  tz: number;
  ex: Exchange;
  account: string;
  /** Unlisted addresses of the operator that paid farm wallets (funders, intermediaries). */
  funders: string[];
  funded: Map<string, Map<ChainName, number>>;
  /** When the operator starts (some farms start before the campaign, some join late). */
  start: number;
  /** Usual size of an action in USD (farms spend little). */
  usd: number;
}

export function newFarm(w: World, infra: Infra, id: string, type: string, size: number): Farm {
  const r = w.rng;
  const wallets = Array.from({ length: size }, () => w.address());
  const share = r.range(0.7, 1);
  const qualified = new Set(wallets.filter(() => r.chance(share)));
  if (qualified.size === 0) qualified.add(wallets[0]);
  const chainCount =
    size > 3000
      ? r.int(1, 2)
      : r.weighted([
          [1, 40],
          [2, 40],
          [3, 20],
        ] as const);
  return {
    id,
    type,
    wallets,
    qualified,
    chains: r.sample(CAMPAIGN_CHAINS, chainCount),
    tz: timeZone(r),
    ex: pickExchange(w, infra),
    account: w.address(),
    funders: [],
    funded: new Map(wallets.map((a) => [a, new Map()])),
    start: START + r.int(-30, 120) * DAY,
    usd: r.logUniform(5, 80),
  };
}

export function markFunded(f: Farm, wallet: string, chain: ChainName, t: number): void {
  const m = f.funded.get(wallet)!;
  if (!m.has(chain) || m.get(chain)! > t) m.set(chain, t);
}

/** When `wallet` can first act on `chain` (Infinity: never funded there). */
export const fundedAt = (f: Farm, wallet: string, chain: ChainName): number =>
  f.funded.get(wallet)!.get(chain) ?? Number.POSITIVE_INFINITY;

/** A new unlisted address of the operator's (a funder, an intermediary, a collector). */
export function operatorAddress(w: World, f: Farm): string {
  const a = w.address();
  f.funders.push(a);
  return a;
}
