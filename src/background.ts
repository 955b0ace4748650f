/**
 * Background workers of a process (analysis jobs, outbox dispatch, webhook deliveries). Each worker polls its
 * durable queue in storage and can be woken early after new work was committed.
 */
import type { Services } from './services.ts';

export interface BackgroundWorker {
  name: string;
  /** Does one round of work; returns true when it did something (polled again at once). */
  tick(): Promise<boolean>;
  close?(): Promise<void>;
}

export interface Background {
  wake(): void;
  stop(): Promise<void>;
  workers: BackgroundWorker[];
}

export type WorkerFactory = (services: Services) => Promise<BackgroundWorker | null>;

const factories: WorkerFactory[] = [];

/** Feature modules register their workers here (imported by src/workers.ts). */
export function registerWorker(factory: WorkerFactory): void {
  factories.push(factory);
}

export async function startBackground(services: Services, opts: { only?: string[] } = {}): Promise<Background> {
  await import('./workers.ts');
  const workers: BackgroundWorker[] = [];
  for (const f of factories) {
    const w = await f(services);
    if (w && (!opts.only || opts.only.includes(w.name))) workers.push(w);
  }
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
