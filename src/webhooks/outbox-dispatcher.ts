/**
 * Turns outbox events into deliveries: for each undispatched event, one delivery per active endpoint of the
 * owner subscribed to its type, in the same transaction that marks the event dispatched. Analysis-scoped events
 * carry the idempotency key `<type>:<analysisId>`, so an endpoint never gets two deliveries for one pair.
 */
import type { BackgroundWorker, WorkerDeps } from '../core/background-worker.ts';
import { claimPendingEvents, markDispatched } from '../../storage/repos/outbox-repo.ts';
import { enqueueDelivery, subscribedEndpoints } from '../../storage/repos/webhooks-repo.ts';
import { newId } from '../core/ids.ts';

export const OUTBOX_BATCH = 100;

export function eventEnvelope(e: {
  id: string;
  type: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: `evt_${e.id}`,
    type: e.type,
    apiVersion: 'v2',
    createdAt: new Date(e.createdAt).toISOString(),
    data: e.payload,
  });
}

export function createOutboxDispatcher(services: WorkerDeps): BackgroundWorker {
  return {
    name: 'outbox-dispatch',
    async tick() {
      const created = await services.store.db.transaction().execute(async (tx) => {
        const events = await claimPendingEvents(tx, OUTBOX_BATCH);
        let deliveries = 0;
        for (const e of events) {
          const endpoints = await subscribedEndpoints(tx, e.ownerId, e.type);
          for (const ep of endpoints) {
            const ok = await enqueueDelivery(tx, {
              id: newId('dlv'),
              endpointId: ep.id,
              ownerId: e.ownerId,
              eventId: `evt_${e.id}`,
              eventType: e.type,
              idempotencyKey: e.analysisId ? `${e.type}:${e.analysisId}` : null,
              payload: eventEnvelope(e),
            });
            if (ok) deliveries++;
          }
        }
        await markDispatched(
          tx,
          events.map((e) => e.id),
        );
        return { events: events.length, deliveries };
      });
      if (created.deliveries > 0) services.wake();
      return created.events > 0;
    },
  };
}
