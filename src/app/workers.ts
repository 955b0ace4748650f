/** Every background worker of a process, in one explicit list (analysis runs, outbox dispatch, webhook deliveries). */
import type { BackgroundWorker, WorkerDeps } from '../core/background-worker.ts';
import { createAnalysisWorker } from '../analyses/analysis-job.ts';
import { createChainFetchHook } from '../chains/chain-fetch-hook.ts';
import { createOutboxDispatcher } from '../webhooks/outbox-dispatcher.ts';
import { createDeliveryWorker } from '../webhooks/delivery-worker.ts';

export function createWorkers(deps: WorkerDeps): BackgroundWorker[] {
  return [
    createAnalysisWorker(deps, {
      // live chain data for onchain runs is fetched before the run's transfers are loaded
      beforeLoad: createChainFetchHook({
        db: deps.store.db,
        config: deps.config,
        log: deps.log.child({ worker: 'chain-data' }),
      }),
    }),
    createOutboxDispatcher(deps),
    createDeliveryWorker(deps),
  ];
}
