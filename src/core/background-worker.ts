/**
 * What the background of a process runs: workers that poll a durable queue in storage and can be woken early
 * after new work was committed. The list of a process's workers is src/app/workers.ts.
 */
import type { Store } from '../../storage/store.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

export interface BackgroundWorker {
  name: string;
  /** Does one round of work; returns true when it did something (polled again at once). */
  tick(): Promise<boolean>;
  close?(): Promise<void>;
}

/** What a background worker needs from the process: the store, the settings, the log and a way to wake others. */
export interface WorkerDeps {
  store: Store;
  config: Config;
  log: Logger;
  /** Wakes background workers (analysis jobs, webhook deliveries) after new work was committed. */
  wake: () => void;
}
