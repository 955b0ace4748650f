/** JSON views of endpoint and delivery records. The signing secret never appears here. */
import type { DeliveryRow, EndpointRow } from '../../storage/repos/webhooks-repo.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function endpointView(e: EndpointRow): Record<string, unknown> {
  return {
    id: e.id,
    object: 'webhook_endpoint',
    apiVersion: 'v2',
    url: e.url,
    eventTypes: e.event_types,
    description: e.description,
    isActive: e.is_active,
    disabledReason: e.disabled_reason,
    createdAt: iso(e.created_at),
    updatedAt: iso(e.updated_at),
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
    endpointId: d.endpoint_id,
    eventId: d.event_id,
    eventType: d.event_type,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: iso(d.next_attempt_at),
    lastStatusCode: d.last_status_code,
    lastError: d.last_error,
    createdAt: iso(d.created_at),
    updatedAt: iso(d.updated_at),
    deliveredAt: iso(d.delivered_at),
    payload: eventPayload,
  };
}
