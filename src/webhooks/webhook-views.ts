/** JSON views of endpoint and delivery records. The signing secret never appears here. */
import type { DeliveryRow, EndpointRow } from '../../storage/repos/webhooks-repo.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function endpointView(e: EndpointRow): Record<string, unknown> {
  return {
    id: e.id,
    object: 'webhook_endpoint',
    apiVersion: 'v2',
    url: e.url,
    eventTypes: e.eventTypes,
    description: e.description,
    isActive: e.isActive,
    disabledReason: e.disabledReason,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    links: { deliveries: `/api/v2/webhooks/${e.id}/deliveries` },
  };
}

export function deliveryView(d: DeliveryRow): Record<string, unknown> {
  let eventPayload: unknown = null;
  try {
    eventPayload = JSON.parse(d.payload);
  } catch {}
  return {
    id: d.id,
    object: 'webhook_delivery',
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: iso(d.nextAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
    deliveredAt: iso(d.deliveredAt),
    payload: eventPayload,
  };
}
