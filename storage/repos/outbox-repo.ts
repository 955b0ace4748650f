/** The event outbox: rows written in the same transaction as the change they announce. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface OutboxEvent {
  id: string;
  ownerId: string;
  campaignId: string | null;
  analysisId: string | null;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export async function appendEvent(
  db: Db,
  e: {
    ownerId: string;
    campaignId: string | null;
    analysisId: string | null;
    type: string;
    payload: Record<string, unknown>;
  },
): Promise<string> {
  const r = await db
    .insertInto('outbox_events')
    .values({
      owner_id: e.ownerId,
      campaign_id: e.campaignId,
      analysis_id: e.analysisId,
      type: e.type,
      payload: JSON.stringify(e.payload),
      created_at: new Date(),
      dispatched_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

/** Oldest undispatched events, locked for this transaction (SKIP LOCKED: other processes take others). */
export async function claimPendingEvents(db: Transaction<Database>, limit: number): Promise<OutboxEvent[]> {
  const rows = await db
    .selectFrom('outbox_events')
    .selectAll()
    .where('dispatched_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    ownerId: r.owner_id,
    campaignId: r.campaign_id,
    analysisId: r.analysis_id,
    type: r.type,
    payload: r.payload,
    createdAt: r.created_at,
  }));
}

export async function markDispatched(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('outbox_events').set({ dispatched_at: new Date() }).where('id', 'in', ids).execute();
}

export async function listEvents(db: Db, ownerId: string, type?: string): Promise<OutboxEvent[]> {
  let q = db.selectFrom('outbox_events').selectAll().where('owner_id', '=', ownerId);
  if (type) q = q.where('type', '=', type);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id),
    ownerId: r.owner_id,
    campaignId: r.campaign_id,
    analysisId: r.analysis_id,
    type: r.type,
    payload: r.payload,
    createdAt: r.created_at,
  }));
}
