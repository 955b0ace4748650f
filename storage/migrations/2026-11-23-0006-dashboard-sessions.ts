/** Operator dashboard: one-time login links and browser sessions (only SHA-256 hashes of their tokens are kept). */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table dashboard_login_links (
      token_hash text primary key,
      owner_id text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create table dashboard_sessions (
      id text primary key,
      token_hash text not null unique,
      owner_id text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      last_seen_at timestamptz not null default now(),
      revoked_at timestamptz
    );
    create index dashboard_sessions_owner on dashboard_sessions (owner_id)
  `,
  );
}
