/** Runs a migration's DDL one statement at a time (prepared statements take one command each). */
import { sql, type Kysely } from 'kysely';

export async function runSql(db: Kysely<any>, ddl: string): Promise<void> {
  for (const statement of ddl
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
