/**
 * How each farm type of the third blind world funds, acts and exits (docs/blind-campaigns-3.md, "Farm types"); the
 * mixed type, `hybrid_ops`, is put together in farms.ts from the funding shapes of the others.
 */
import {
  bridgeFan,
  cexBurst,
  disperse,
  drip,
  type FundingShape,
  mixer,
  peel,
  scattered,
  star,
  tree,
} from './farm-funding.ts';
import type { FarmType } from './farm-types.ts';

export interface Recipe {
  /** One of these funds the farm (chosen per farm). */
  fund: FundingShape[];
  /**
   * `sessions`: the operator's script days; `lockstep`: the same calls in the same order; `people`: at the operator's
   * waking hours; `strangers`: each wallet at the waking hours of a time zone of its own.
   */
  activity: 'sessions' | 'lockstep' | 'people' | 'strangers';
  /**
   * `sweep`: to a new collector; `funder`: back to the first funder; `operator`: to the operator's deposit addresses;
   * `bridge_back`: bridged back to the first funder; `apart`: each to a deposit address of its own.
   */
  exit: 'sweep' | 'funder' | 'operator' | 'bridge_back' | 'apart';
  /** Share of farms of the type that exit at all. */
  exitShare: number;
  /** Starts before the campaign (a slow farm needs the months). */
  early?: boolean;
  /** A third of the wallets pay another farm wallet a little. */
  friends?: boolean;
}

export const RECIPES: Record<Exclude<FarmType, 'hybrid_ops'>, Recipe> = {
  disperse_drop: { fund: [disperse], activity: 'sessions', exit: 'sweep', exitShare: 0.5 },
  star_session: { fund: [star], activity: 'sessions', exit: 'operator', exitShare: 0.5 },
  peel_chain: { fund: [peel], activity: 'sessions', exit: 'sweep', exitShare: 0.4 },
  fanout_tree: { fund: [tree], activity: 'sessions', exit: 'sweep', exitShare: 0.6 },
  cex_burst: { fund: [cexBurst], activity: 'sessions', exit: 'operator', exitShare: 0.8 },
  bridge_fan: { fund: [bridgeFan], activity: 'sessions', exit: 'bridge_back', exitShare: 0.5 },
  collector_sweep: { fund: [scattered(false)], activity: 'sessions', exit: 'sweep', exitShare: 1 },
  lockstep_swarm: { fund: [star, disperse], activity: 'lockstep', exit: 'sweep', exitShare: 0.4 },
  slow_drip: { fund: [drip], activity: 'people', exit: 'funder', exitShare: 0.5, early: true },
  mimic_users: { fund: [scattered(true)], activity: 'strangers', exit: 'operator', exitShare: 0.5, friends: true },
  nolink_cex: { fund: [scattered(false)], activity: 'strangers', exit: 'apart', exitShare: 0.6 },
  nolink_mixer: { fund: [mixer], activity: 'strangers', exit: 'apart', exitShare: 0.4 },
};

/** The shapes the mixed type draws its parts' funding from. */
export const HYBRID_SHAPES: FundingShape[] = [disperse, cexBurst, peel, tree, star];
