/**
 * Runs the background workers of a process (src/app/workers.ts): each polls its durable queue in storage, is
 * polled again at once while it finds work, and otherwise sleeps until woken or POLL_INTERVAL_MS has passed.
 */
import type { BackgroundWorker, WorkerDeps } from '../core/background-worker.ts';
import { createWorkers } from './workers.ts';

export interface Background {
  wake(): void;
  stop(): Promise<void>;
  workers: BackgroundWorker[];
}

export async function startBackground(services: WorkerDeps, opts: { only?: string[] } = {}): Promise<Background> {
  const workers = createWorkers(services).filter((w) => !opts.only || opts.only.includes(w.name));
  let stopped = false;
  const wakers = new Set<() => void>();
  const loops = workers.map(async (w) => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await w.tick();
      } catch (err) {
        services.log.error({ err, worker: w.name }, 'background worker tick failed');
      }
      if (stopped) break;
      if (!busy) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, services.config.pollIntervalMs);
          function done(): void {
            clearTimeout(timer);
            wakers.delete(done);
            resolve();
          }
          wakers.add(done);
        });
      }
    }
  });
  return {
    workers,
    wake() {
      for (const w of [...wakers]) w();
    },
    async stop() {
      stopped = true;
      for (const w of [...wakers]) w();
      await Promise.all(loops);
      for (const w of workers) await w.close?.();
    },
  };
}
