/** The engine input of a synthetic reference graph, and a pool with its threads started (as a service's has them). */
import { nodeAddress, type SyntheticGraph } from './synthetic-chain.ts';
import type { EngineInput, EnginePool } from '../../engine/index.ts';

/** Every node a listed wallet with a deterministic EVM address, no labels. */
export function graphEngineInput(graph: SyntheticGraph): EngineInput {
  const addresses = Array.from({ length: graph.nodes }, (_, i) => nodeAddress(i));
  return {
    chainFamily: 'evm',
    wallets: addresses.map((address) => ({ address })),
    transfers: { addresses, from: graph.from, to: graph.to },
    labels: { infrastructure: new Map(), exceptions: new Set() },
  };
}

/**
 * Starts the pool's threads with a tiny task each, as a service's long-lived pool has them: a worker's start (and,
 * from source, compiling the engine's TypeScript in it) is not detection.
 */
export async function startPoolThreads(pool: EnginePool, threads: number): Promise<void> {
  const tiny = () => ({
    n: 2,
    u: Uint32Array.of(0),
    v: Uint32Array.of(1),
    w: Float64Array.of(1),
    resolution: 1,
    seed: 1,
  });
  await Promise.all(Array.from({ length: threads }, () => pool.louvain(tiny())));
}
