/**
 * Sends queued deliveries: claims one due delivery with a lease, signs `<timestamp>.<raw body>` with the
 * endpoint's secret, posts it through the fail-closed client (DNS validated at every attempt, connection pinned,
 * no redirects), and records the outcome: 2xx delivered; 410 disables the endpoint and fails the delivery;
 * anything else (3xx, 4xx, 5xx, timeouts, blocked destinations) is retried on the schedule until it fails.
 * Delivery touches only the delivery queue: stored analyses, decisions and policies are never changed.
 */
import os from 'node:os';
import PQueue from 'p-queue';
import { randomBytes } from 'node:crypto';
import type { BackgroundWorker, WorkerDeps } from '../core/background-worker.ts';
import { claimDueDelivery, disableEndpoint, recordAttempt } from '../../storage/repos/webhooks-repo.ts';
import { createSafeHttpClient } from '../net/safe-http-client.ts';
import { logUnsafeSettings } from '../net/outgoing-policy.ts';
import { DomainError } from '../core/domain-error.ts';
import { signPayload } from './signature.ts';
import { nextAttemptDelayMs } from './retry-policy.ts';

/** A claimed attempt's lease: long enough for one attempt (timeout included), then another worker may take it. */
export const deliveryLeaseSeconds = (timeoutMs: number, jobLeaseSeconds: number): number =>
  Math.max(Math.ceil(timeoutMs / 1000) * 2, Math.min(jobLeaseSeconds, 120));

export function createDeliveryWorker(services: WorkerDeps): BackgroundWorker {
  const { config } = services;
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const client = createSafeHttpClient({
    allowPrivate: config.unsafeAllowPrivateWebhookTargets,
    allowHttp: config.allowHttpWebhooks,
    timeoutMs: config.webhookTimeoutMs,
    maxResponseBytes: 64 * 1024,
    onOversize: 'truncate',
    userAgent: 'wallet-integrity-webhooks/1',
  });
  const log = services.log.child({ worker: 'webhook-delivery' });
  // said here too: a `worker` process starts no HTTP app, so the app's own warning is not logged there
  logUnsafeSettings(config, log, ['webhook']);
  const queue = new PQueue({ concurrency: config.webhookConcurrency });
  type Claimed = NonNullable<Awaited<ReturnType<typeof claimDueDelivery>>>;

  async function deliver(d: Claimed): Promise<void> {
    const { db } = services.store;
    const attempt = d.attempts + 1;
    const fail = async (
      statusCode: number | null,
      error: string,
      retryAfter?: string,
      final = false,
    ): Promise<void> => {
      const delay = final
        ? null
        : nextAttemptDelayMs(
            attempt,
            config.webhookRetryScheduleSeconds,
            retryAfter,
            config.webhookMaxRetryAfterSeconds,
          );
      await recordAttempt(db, d.id, workerId, {
        status: delay === null ? 'failed' : 'pending',
        statusCode,
        error: error.slice(0, 500),
        nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
      });
      log.warn(
        { deliveryId: d.id, endpointId: d.endpointId, attempt, statusCode, error, final: delay === null },
        'webhook delivery attempt failed',
      );
    };
    if (!d.endpointActive) {
      await fail(null, 'endpoint is disabled', undefined, true);
      return;
    }
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'x-service-timestamp': timestamp,
      'x-service-signature': signPayload(d.secret, timestamp, d.payload),
      'x-service-event': d.eventType,
      'x-service-delivery-id': d.id,
      'x-service-event-id': d.eventId,
    };
    try {
      const res = await client.request(d.url, { method: 'POST', headers, body: d.payload });
      if (res.status >= 200 && res.status < 300) {
        await recordAttempt(db, d.id, workerId, {
          status: 'delivered',
          statusCode: res.status,
          error: null,
          nextAttemptAt: null,
        });
        log.info({ deliveryId: d.id, endpointId: d.endpointId, attempt, status: res.status }, 'webhook delivered');
      } else if (res.status === 410) {
        await disableEndpoint(db, d.endpointId, 'receiver answered 410 Gone');
        await fail(410, 'receiver answered 410 Gone: endpoint disabled', undefined, true);
      } else if (res.status >= 300 && res.status < 400) {
        await fail(res.status, `redirect to ${res.redirectLocation ?? '(no location)'} not followed`);
      } else {
        await fail(res.status, `receiver answered ${res.status}`, res.headers['retry-after']);
      }
    } catch (err) {
      const code = err instanceof DomainError ? err.code : 'connection_failed';
      await fail(null, `${code}: ${(err as Error).message}`);
    }
  }

  return {
    name: 'webhook-delivery',
    async tick() {
      // several attempts at once (one per endpoint): a receiver that hangs until the timeout holds up only itself
      if (queue.size + queue.pending >= config.webhookConcurrency) return false;
      const d = await claimDueDelivery(
        services.store.db,
        workerId,
        deliveryLeaseSeconds(config.webhookTimeoutMs, config.leaseSeconds),
      );
      if (!d) return false;
      void queue.add(() =>
        deliver(d)
          .catch((err) => log.error({ err, deliveryId: d.id }, 'webhook delivery attempt crashed'))
          .finally(() => services.wake()),
      );
      return true;
    },
    async close() {
      await queue.onIdle();
    },
  };
}
