/**
 * Each decision keeps its items of the run decisions page and of its cluster's members page as JSON text
 * (`decision_item`, `member_item`), written once with the row instead of at every read: building them was about two
 * thirds of the database's work for a page (docs/benchmarks.md, "Issue 17, eighth pass"). Rows stored before this
 * migration get them here, from the expressions that storeResults writes new rows with; this rewrites the table
 * once.
 */
import { sql, type Kysely } from 'kysely';
import { writeDecisionItems } from '../repos/page-text-repo.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table decisions add column decision_item text, add column member_item text`.execute(db);
  await writeDecisionItems(db);
  await sql`alter table decisions alter column decision_item set not null,
    alter column member_item set not null`.execute(db);
}
