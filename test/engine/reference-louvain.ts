/**
 * The reference implementation the engine's Louvain is compared with (graphology-communities-louvain, its default
 * export under either module system) and the tolerance of that comparison.
 */
import louvainImport from 'graphology-communities-louvain';

type Louvain = typeof louvainImport.default;
export const louvain: Louvain =
  (louvainImport as unknown as { default?: Louvain }).default ?? (louvainImport as unknown as Louvain);

/** Modularity tolerance between the two implementations (both are seeded heuristics reaching local optima). */
export const MODULARITY_TOLERANCE = 0.005;
