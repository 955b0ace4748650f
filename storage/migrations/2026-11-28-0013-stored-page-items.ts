/**
 * The items of the decisions, members and catalog pages are kept as JSON text with the rows (`decision_item`,
 * `member_item`, `catalog_item`), written once when a run's results are stored instead of at every read: building
 * them was half or more of the database's work for a page (docs/benchmarks.md, "Issue 17, eighth pass"). Rows
 * stored before this migration get them here, from the expressions that storeResults writes new rows with; this
 * rewrites both tables once.
 */
import { sql, type Kysely } from 'kysely';
import { writeStoredItems } from '../repos/page-text-repo.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table decisions add column decision_item text, add column member_item text`.execute(db);
  await sql`alter table clusters add column catalog_item text`.execute(db);
  await writeStoredItems(db);
  await sql`alter table decisions alter column decision_item set not null,
    alter column member_item set not null`.execute(db);
  await sql`alter table clusters alter column catalog_item set not null`.execute(db);
}
