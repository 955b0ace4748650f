/** Requests per API key and calendar month (UTC): batched increments and reads for the dashboard. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.ts';

/** The first day (UTC) of the month holding `at`, as YYYY-MM-DD. */
export const monthOf = (at: Date): string =>
  `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

/** Adds counts in one statement; keys revoked or deleted meanwhile are skipped. */
export async function addKeyUsage(db: Kysely<Database>, month: string, counts: Map<string, number>): Promise<void> {
  if (counts.size === 0) return;
  const ids = [...counts.keys()];
  await sql`insert into key_usage (key_id, month, requests)
    select k.id, ${month}::date, c.n from unnest(${ids}::text[], ${ids.map((id) => counts.get(id)!)}::bigint[]) as
      c(id, n)
    join api_keys k on k.id = c.id
    on conflict (key_id, month) do update set requests = key_usage.requests + excluded.requests`.execute(db);
}

export async function keyUsageForMonth(
  db: Kysely<Database>,
  keyIds: string[],
  month: string,
): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('key_usage')
    .select(['key_id', 'requests'])
    .where('key_id', 'in', keyIds)
    .where('month', '=', sql<string>`${month}::date`)
    .execute();
  return new Map(rows.map((r) => [r.key_id, Number(r.requests)]));
}
