/**
 * The engine's thread pools (Piscina): whole analyses run in worker threads, and each analysis splits its
 * oversized components with Louvain on a pool of its own. Graphs cross to workers as transferred typed arrays
 * (no structured cloning of edge lists). Running from TypeScript source, workers load tsx.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type {
  AnalyzeResult,
  AnalyzeTask,
  BfsResult,
  EnginePool,
  EvidenceScan,
  LouvainFromTask,
  LouvainResult,
  LouvainTask,
  MoveChunkResult,
  MoveChunkTask,
  SideScan,
} from './types.ts';
import type { PruneResult } from './backbone.ts';

export type { EnginePool };

function workerPool(name: string, maxThreads: number, idleTimeout: number): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, import.meta.url).href;
  const hasTsx = process.execArgv.some((a) => a.includes('tsx'));
  return new Piscina({
    filename,
    maxThreads,
    minThreads: 0,
    idleTimeout,
    // resolved from here, not from the working directory: the CLI may run anywhere
    execArgv: fromSource && !hasTsx ? [...process.execArgv, '--import', import.meta.resolve('tsx')] : process.execArgv,
  });
}

export function createEnginePool(opts: { maxThreads?: number; idleTimeoutMs?: number } = {}): EnginePool {
  const threads = Math.max(1, opts.maxThreads ?? 2);
  const idle = opts.idleTimeoutMs ?? 30_000;
  let louvainPool: Piscina | null = null;
  let analyzePool: Piscina | null = null;
  let inFlight = 0; // Louvain-pool tasks not yet settled
  const run = async <R>(task: object, transferList?: ArrayBuffer[]): Promise<R> => {
    louvainPool ??= workerPool('louvain-worker', threads, idle);
    inFlight++;
    try {
      return (await louvainPool.run(task, transferList ? { transferList } : {})) as R;
    } finally {
      inFlight--;
    }
  };
  return {
    threads,
    louvain: (task) => run<LouvainResult>(task, [task.u.buffer, task.v.buffer, task.w.buffer] as ArrayBuffer[]),
    moveChunk: (task) => run<MoveChunkResult>(task),
    prune: (task) => run<PruneResult>(task),
    bfs: (task) => run<BfsResult>(task),
    evidenceScan: (task) => run<EvidenceScan>(task),
    sideScan: (task) => run<SideScan>(task),
    liveThreads: () => louvainPool?.threads.length ?? 0,
    louvainFrom: (task) => run<LouvainResult>(task),
    releaseLouvain: async () => {
      // only when idle: another analysis on this pool may have tasks running; the next task starts new threads
      if (!louvainPool || inFlight > 0) return;
      const old = louvainPool;
      louvainPool = null;
      await old.destroy();
    },
    analyze: async (input, options) => {
      analyzePool ??= workerPool('analyze-worker', threads, idle);
      const { onProgress, ...rest } = options;
      const channel = onProgress ? new MessageChannel() : null;
      channel?.port1.on('message', (p) => onProgress!(p));
      const t = input.transfers;
      const task: AnalyzeTask = { input, options: rest, louvainThreads: threads, progress: channel?.port2 };
      const buffers = [t.from, t.to, t.blockTime, t.amount, t.txId, t.chain, t.asset].map((a) => a?.buffer);
      const transferList = [...new Set([...buffers, channel?.port2])].filter((x) => x !== undefined) as ArrayBuffer[];
      try {
        return (await analyzePool.run(task, { transferList })) as AnalyzeResult;
      } finally {
        if (channel) {
          await new Promise((resolve) => setImmediate(resolve));
          channel.port1.close();
        } // deliver the last progress messages
      }
    },
    destroy: async () => {
      await Promise.all([louvainPool?.destroy(), analyzePool?.destroy()]);
    },
  };
}
