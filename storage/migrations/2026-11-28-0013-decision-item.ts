/**
 * Each decision keeps its item of the run decisions page as JSON text (`decisions.item`), written once with the
 * row instead of at every read: building it was about two thirds of the database's work for a page
 * (docs/benchmarks.md, "Issue 17, eighth pass"). Rows stored before this migration get it here, from the same
 * expression that storeResults writes new rows with; this rewrites the table once.
 */
import { sql, type Kysely } from 'kysely';
import { decisionItemText } from '../repos/page-text-repo.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table decisions add column item text`.execute(db);
  await sql`update decisions d set item = ${sql.raw(decisionItemText('d'))}`.execute(db);
  await sql`alter table decisions alter column item set not null`.execute(db);
}
