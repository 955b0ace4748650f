/** Keys, plans, metering, campaigns, policy versions, the event outbox and server settings. */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table api_keys (
      id text primary key,
      owner_id text not null,
      prefix text not null unique,
      secret_hash text not null,
      label text,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    );
    create index api_keys_owner on api_keys (owner_id);
    create table owner_plans (
      owner_id text primary key,
      plan text not null,
      activated_at timestamptz not null,
      expires_at timestamptz not null,
      updated_at timestamptz not null default now()
    );
    create table usage_counters (
      owner_id text not null,
      period_start timestamptz not null,
      requests integer not null default 0,
      primary key (owner_id, period_start)
    );
    create table campaigns (
      id text primary key,
      seq bigserial not null unique,
      owner_id text not null,
      name text not null,
      campaign_type text not null,
      chain text not null,
      lifecycle text not null,
      risk_policy text not null,
      policy_version integer,
      starts_at timestamptz,
      ends_at timestamptz,
      reward_pool_usd double precision,
      campaign_contracts jsonb not null default '[]',
      metadata jsonb not null default '{}',
      notes text,
      source text not null default 'v2',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index campaigns_owner on campaigns (owner_id, seq);
    create table policy_versions (
      campaign_id text not null references campaigns (id),
      version integer not null,
      preset text not null,
      rationale text not null,
      activated_at timestamptz not null default now(),
      activated_by text,
      primary key (campaign_id, version)
    );
    create table outbox_events (
      id bigserial primary key,
      owner_id text not null,
      campaign_id text,
      analysis_id text,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      dispatched_at timestamptz
    );
    create index outbox_events_pending on outbox_events (id) where dispatched_at is null;
    create table server_settings (
      key text primary key,
      value text not null
    );
  `,
  );
}
