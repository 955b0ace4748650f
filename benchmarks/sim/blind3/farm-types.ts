/** The farm types of the third blind world (docs/blind-campaigns-3.md, "Farm types"). */
export const BLIND3_FARM_TYPES = [
  'disperse_drop',
  'star_session',
  'peel_chain',
  'fanout_tree',
  'cex_burst',
  'bridge_fan',
  'collector_sweep',
  'lockstep_swarm',
  'slow_drip',
  'mimic_users',
  'hybrid_ops',
  'nolink_cex',
  'nolink_mixer',
] as const;
export type FarmType = (typeof BLIND3_FARM_TYPES)[number];

/** Farm types built to leave no on-chain link between their wallets. */
export const isNoLink3 = (pattern: string): boolean => pattern.startsWith('nolink_');
