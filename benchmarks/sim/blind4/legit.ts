/**
 * The campaign's legitimate users: each pattern's share of the listed legitimate wallets and the generator that
 * makes exactly that many. Retail takes what the others leave.
 */
import {
  appOnboarded,
  cexBatchCohort,
  daoPayroll,
  eventGiveaway,
  familyFriends,
  grantBounty,
  honestBot,
  memecoinRush,
  nftMintRush,
  powerUser,
} from './legit-groups.ts';
import { bridgeUser, kolReferral, launchDay, newWallet, retail, tgBotTrader, veteran } from './legit-people.ts';
import type { World } from './world.ts';

interface LegitPattern {
  name: string;
  share: number;
  /** The fewest wallets the pattern can be made with (its smallest group). */
  min: number;
  make: (w: World, n: number) => void;
}

/** Every legitimate pattern, in the order they are made (veterans first: later users may trade with them). */
export const LEGIT_PATTERNS: readonly LegitPattern[] = [
  { name: 'veteran', share: 0.1, min: 1, make: veteran },
  { name: 'retail', share: 0, min: 1, make: retail },
  { name: 'new_wallet', share: 0.06, min: 1, make: newWallet },
  { name: 'launch_day_cex', share: 0.05, min: 1, make: launchDay },
  { name: 'cex_batch_cohort', share: 0.04, min: 2, make: cexBatchCohort },
  { name: 'family_friends', share: 0.05, min: 2, make: familyFriends },
  { name: 'power_user', share: 0.04, min: 2, make: powerUser },
  { name: 'dao_payroll', share: 0.015, min: 3, make: daoPayroll },
  { name: 'memecoin_rush', share: 0.06, min: 20, make: memecoinRush },
  { name: 'nft_mint_rush', share: 0.04, min: 20, make: nftMintRush },
  { name: 'honest_bot', share: 0.01, min: 2, make: honestBot },
  { name: 'app_onboarded', share: 0.04, min: 10, make: appOnboarded },
  { name: 'grant_bounty', share: 0.015, min: 5, make: grantBounty },
  { name: 'bridge_user', share: 0.04, min: 1, make: bridgeUser },
  { name: 'tg_bot_trader', share: 0.04, min: 1, make: tgBotTrader },
  { name: 'event_giveaway', share: 0.015, min: 10, make: eventGiveaway },
  { name: 'kol_referral', share: 0.03, min: 2, make: kolReferral },
];

/** Wallets per pattern adding up to exactly `total` (retail gets the rest). */
export function legitCounts(total: number): Map<string, number> {
  const counts = new Map<string, number>();
  let used = 0;
  for (const p of LEGIT_PATTERNS) {
    if (p.name === 'retail') continue;
    const c = Math.max(p.min, Math.round(p.share * total));
    counts.set(p.name, c);
    used += c;
  }
  if (total - used < 1) throw new Error(`legitWallets must be larger (${total} leaves no retail wallet)`);
  counts.set('retail', total - used);
  return counts;
}

export function makeLegit(w: World, total: number): void {
  const counts = legitCounts(total);
  for (const p of LEGIT_PATTERNS) p.make(w, counts.get(p.name) ?? 0);
}
