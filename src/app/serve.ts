/** `serve` and `worker`: long-running processes with graceful shutdown on SIGTERM/SIGINT. */
import type { Config } from '../core/config.ts';
import { createApp } from './app.ts';
import { createLogger } from '../core/logger.ts';
import { openStore } from '../../storage/store.ts';
import { startBackground } from './background.ts';

function onSignal(stop: () => Promise<void>): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false;
    const handler = (): void => {
      if (stopping) return;
      stopping = true;
      stop().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGTERM', handler);
    process.once('SIGINT', handler);
  });
}

export async function serve(config: Config): Promise<number> {
  const log = createLogger(config.logLevel);
  const app = await createApp(config, { log, background: config.runWorkerInServer, warmDashboard: true });
  await app.listen();
  return onSignal(() => app.stop());
}

export async function runWorker(config: Config): Promise<number> {
  const log = createLogger(config.logLevel);
  const store = await openStore({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
  await store.migrate();
  const services = { store, config, log, wake: () => {} };
  const bg = await startBackground(services);
  services.wake = () => bg.wake();
  log.info({ workers: bg.workers.map((w) => w.name) }, 'worker started');
  return onSignal(async () => {
    await bg.stop();
    await store.close();
    log.info('worker stopped');
  });
}
