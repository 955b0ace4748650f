/** The clustering engine's public surface: pure compute over a wallet list, transfers and labels. */
export { analyze, decide, DEFAULT_TUNING } from './analyze.ts';
export { clusterLabel } from './cluster-label.ts';
export { buildWalletGraph } from './wallet-graph.ts';
export { detectGroups } from './detect-groups.ts';
export { createEnginePool, type EnginePool } from './community-pool.ts';
export { PRESET_THRESHOLDS, INCONCLUSIVE_CAP, actionFor } from './scoring.ts';
export type * from './types.ts';
