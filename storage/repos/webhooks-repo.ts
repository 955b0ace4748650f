/** Webhook endpoints (owner-scoped) and the durable delivery queue (pending, failed, delivered) with leases. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type EndpointRow = Row<WebhookEndpointTable>;
export type DeliveryRow = Row<WebhookDeliveryTable>;

export async function insertEndpoint(
  db: Db,
  e: { id: string; ownerId: string; url: string; eventTypes: string[]; description: string | null; secret: string },
): Promise<EndpointRow> {
  return camelRow(
    await db
      .insertInto('webhook_endpoints')
      .values({
        id: e.id,
        owner_id: e.ownerId,
        url: e.url,
        event_types: JSON.stringify(e.eventTypes),
        description: e.description,
        is_active: true,
        secret: e.secret,
        disabled_reason: null,
        created_at: new Date(),
        updated_at: new Date(),
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function listEndpoints(db: Db, ownerId: string): Promise<EndpointRow[]> {
  return (
    await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .orderBy('seq')
      .execute()
  ).map(camelRow);
}

export async function getEndpoint(db: Db, ownerId: string, id: string): Promise<EndpointRow | null> {
  const r = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  patch: { url?: string; eventTypes?: string[]; description?: string | null; isActive?: boolean },
): Promise<EndpointRow> {
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (patch.url !== undefined) set.url = patch.url;
  if (patch.eventTypes !== undefined) set.event_types = JSON.stringify(patch.eventTypes);
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.isActive !== undefined) {
    set.is_active = patch.isActive;
    if (patch.isActive) set.disabled_reason = null;
  }
  return camelRow(
    await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  );
}

/** Soft-deletes the endpoint and fails its pending deliveries. */
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ deleted_at: new Date(), is_active: false, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: 'endpoint deleted', next_attempt_at: null, updated_at: new Date() })
    .where('endpoint_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function disableEndpoint(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ is_active: false, disabled_reason: reason, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Active endpoints of an owner subscribed to the event type. */
export async function subscribedEndpoints(db: Db, ownerId: string, type: string): Promise<EndpointRow[]> {
  return (
    await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`event_types @> ${JSON.stringify([type])}::jsonb`)
      .orderBy('seq')
      .execute()
  ).map(camelRow);
}

/** Queues a delivery; a second delivery for the same endpoint and idempotency key (or event) is ignored. */
export async function enqueueDelivery(
  db: Db,
  d: {
    id: string;
    endpointId: string;
    ownerId: string;
    eventId: string;
    eventType: string;
    idempotencyKey: string | null;
    payload: string;
  },
): Promise<boolean> {
  const r = await sql`insert into webhook_deliveries (id, endpoint_id, owner_id, event_id, event_type, idempotency_key,
      payload, status, attempts, next_attempt_at)
    values (${d.id}, ${d.endpointId}, ${d.ownerId}, ${d.eventId}, ${d.eventType}, ${d.idempotencyKey}, ${d.payload},
      'pending', 0, now())
    on conflict do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/**
 * Claims the most overdue pending delivery (or one whose lease expired mid-attempt) with SKIP LOCKED and a lease,
 * skipping endpoints that already have an attempt in flight
 * (in any process): a slow receiver holds up only its own deliveries, and each endpoint gets them one at a time.
 */
export async function claimDueDelivery(
  db: Kysely<Database>,
  workerId: string,
  leaseSeconds: number,
): Promise<(DeliveryRow & { url: string; secret: string; endpointActive: boolean }) | null> {
  const r = await sql<Selectable<WebhookDeliveryTable>>`
    update webhook_deliveries set lease_owner = ${workerId}, lease_expires_at = now() + make_interval(secs =>
      ${leaseSeconds}), updated_at = now()
    where id = (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now() and (lease_expires_at is null or lease_expires_at < now())
        and not exists (
          select 1 from webhook_deliveries busy
          where busy.endpoint_id = webhook_deliveries.endpoint_id and busy.status = 'pending' and
            busy.lease_expires_at >= now())
      order by next_attempt_at, seq limit 1 for update skip locked)
    returning *`.execute(db);
  const d = r.rows[0];
  if (!d) return null;
  const e = await db
    .selectFrom('webhook_endpoints')
    .select(['url', 'secret', 'is_active', 'deleted_at'])
    .where('id', '=', d.endpoint_id)
    .executeTakeFirstOrThrow();
  return { ...camelRow(d), url: e.url, secret: e.secret, endpointActive: e.is_active && !e.deleted_at };
}

/** Records an attempt's outcome while the worker holds the lease. */
export async function recordAttempt(
  db: Db,
  id: string,
  workerId: string,
  o: {
    status: 'pending' | 'failed' | 'delivered';
    statusCode: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({
      status: o.status,
      attempts: sql<number>`attempts + 1`,
      last_status_code: o.statusCode,
      last_error: o.error,
      next_attempt_at: o.nextAttemptAt,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: new Date(),
      delivered_at: o.status === 'delivered' ? new Date() : null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function listDeliveries(
  db: Db,
  endpointId: string,
  status: string | undefined,
  beforeSeq: string | null,
  limit: number,
): Promise<DeliveryRow[]> {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
  if (status) q = q.where('status', '=', status);
  if (beforeSeq !== null) q = q.where('seq', '<', beforeSeq);
  return (await q.orderBy('seq', 'desc').limit(limit).execute()).map(camelRow);
}

export async function getDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | null> {
  const r = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

/** Puts one failed delivery back in the queue; false when it is not failed. */
export async function requeueFailed(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: new Date(),
      updated_at: new Date(),
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
