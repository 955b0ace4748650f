/** Webhook endpoints and the durable delivery queue. */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table webhook_endpoints (
      id text primary key,
      seq bigserial not null unique,
      owner_id text not null,
      url text not null,
      event_types jsonb not null,
      description text,
      is_active boolean not null default true,
      secret text not null,
      disabled_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index webhook_endpoints_owner on webhook_endpoints (owner_id, seq);
    create table webhook_deliveries (
      id text primary key,
      seq bigserial not null unique,
      endpoint_id text not null references webhook_endpoints (id),
      owner_id text not null,
      event_id text not null,
      event_type text not null,
      idempotency_key text,
      payload text not null,
      status text not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      delivered_at timestamptz
    );
    create unique index webhook_deliveries_idem on webhook_deliveries (endpoint_id, idempotency_key) where
      idempotency_key is not null;
    create unique index webhook_deliveries_event on webhook_deliveries (endpoint_id, event_id);
    create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, seq);
    create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
  `,
  );
}
