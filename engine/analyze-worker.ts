/**
 * Piscina worker: a whole analyze() off the caller's event loop (the service's API stays responsive while a large
 * run computes). Progress goes back over a MessagePort; Louvain bins run in this worker's own lazily made pool.
 */
import { analyze } from './analyze.ts';
import { createEnginePool, type EnginePool } from './community-pool.ts';
import type { AnalyzeResult, AnalyzeTask } from './types.ts';

export type { AnalyzeTask };

let louvainPool: EnginePool | null = null;

export default async function (task: AnalyzeTask): Promise<AnalyzeResult> {
  try {
    return await analyze(task.input, {
      ...task.options,
      pool: (louvainPool ??= createEnginePool({ maxThreads: task.louvainThreads, idleTimeoutMs: 10_000 })),
      onProgress: task.progress ? (p) => task.progress!.postMessage(p) : undefined,
    });
  } finally {
    task.progress?.close();
  }
}
