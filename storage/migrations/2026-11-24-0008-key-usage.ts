/** Requests per API key and calendar month (UTC), for the dashboard's "usage this month" (docs/dashboard.md). */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table key_usage (
      key_id text not null references api_keys (id),
      month date not null,
      requests bigint not null default 0,
      primary key (key_id, month)
    )
  `,
  );
}
