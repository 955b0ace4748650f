/** Analysis runs (durable jobs with leases), their inputs and stored results: clusters, evidence, decisions. */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table analyses (
      id text primary key,
      seq bigserial not null unique,
      campaign_id text not null references campaigns (id),
      owner_id text not null,
      status text not null,
      analysis_mode text not null,
      risk_policy text not null,
      policy_version integer,
      chain text not null,
      wallet_count integer not null,
      input_hash text not null,
      error_code text,
      error_message text,
      progress jsonb not null default '{}',
      summary jsonb,
      attempts integer not null default 0,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      completed_at timestamptz,
      source text not null default 'v2'
    );
    create index analyses_campaign on analyses (campaign_id, seq);
    create index analyses_claimable on analyses (seq) where status in ('queued', 'running');
    create table analysis_inputs (
      analysis_id text primary key references analyses (id),
      wallets jsonb not null
    );
    create table clusters (
      analysis_id text not null references analyses (id),
      ordinal integer not null,
      label text not null,
      size integer not null,
      risk_score integer not null,
      grouping_basis text not null,
      support jsonb not null,
      archetype jsonb not null,
      summary jsonb not null,
      primary key (analysis_id, ordinal),
      unique (analysis_id, label)
    );
    create table cluster_evidence (
      analysis_id text not null,
      cluster_ordinal integer not null,
      lane text not null,
      ordinal integer not null,
      kind text not null,
      confidence double precision not null,
      risk_bearing boolean not null,
      addresses jsonb not null,
      data jsonb not null,
      primary key (analysis_id, cluster_ordinal, lane, ordinal)
    );
    create table decisions (
      analysis_id text not null,
      ordinal integer not null,
      wallet_address text not null,
      cluster_ordinal integer,
      cluster_label text,
      risk_score integer not null,
      stored_status text not null,
      recommended_action text not null,
      policy_action text,
      reasons jsonb not null,
      input jsonb not null,
      primary key (analysis_id, ordinal)
    );
    create index decisions_cluster on decisions (analysis_id, cluster_ordinal, ordinal) where cluster_ordinal is not
      null;
    create index decisions_wallet on decisions (analysis_id, wallet_address);
  `,
  );
}
