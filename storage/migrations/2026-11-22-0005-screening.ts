/** Screening lists (versioned), scans and the feedback review queue. */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table screening_lists (
      id bigserial primary key,
      name text not null,
      version text not null,
      format text not null,
      list_date text,
      entry_count integer not null,
      imported_at timestamptz not null default now(),
      active boolean not null default true,
      unique (name, version)
    );
    create table screening_list_entries (
      list_id bigint not null references screening_lists (id),
      kind text not null,
      value text not null,
      chain text,
      disposition text not null,
      meta jsonb
    );
    create index screening_list_entries_list on screening_list_entries (list_id);
    create table screening_scans (
      id text primary key,
      owner_id text not null,
      type text not null,
      chain text not null,
      value text not null,
      verdict text not null,
      risk_score integer not null,
      result jsonb not null,
      created_at timestamptz not null default now()
    );
    create table screening_feedback (
      id text primary key,
      scan_id text not null references screening_scans (id),
      verdict text not null,
      reason text not null,
      status text not null default 'open',
      client_ip text,
      created_at timestamptz not null default now()
    );
    create index screening_feedback_scan on screening_feedback (scan_id);
  `,
  );
}
