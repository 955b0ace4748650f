/** Registers every background worker of the process. */
import { registerWorker } from './background.ts';
import { createAnalysisWorker } from './analyses/analysis-job.ts';
import { createChainFetchHook } from './chains/chain-fetch-hook.ts';

registerWorker(async (services) =>
  createAnalysisWorker(services, {
    beforeLoad: createChainFetchHook({
      db: services.store.db,
      config: services.config,
      log: services.log.child({ worker: 'chain-data' }),
    }),
  }),
);
import { createOutboxDispatcher } from './webhooks/outbox-dispatcher.ts';
import { createDeliveryWorker } from './webhooks/delivery-worker.ts';

registerWorker(async (services) => createOutboxDispatcher(services));
registerWorker(async (services) => createDeliveryWorker(services));
