/**
 * The address and content-key columns of `transfers` compare bytes (collation "C") instead of the database's
 * default collation. They hold lower-case hex, base58 and base64url, where only equality matters and any order
 * serves; a "C" column lets PostgreSQL sort its values with abbreviated keys, which made building these
 * indexes about twice as fast (docs/data-import.md, "Large imports"). Equality answers the same. PostgreSQL builds
 * the three indexes again; the table itself is not rewritten.
 */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    alter table transfers
      alter column from_address type text collate "C",
      alter column to_address type text collate "C",
      alter column dedup_key type text collate "C";
  `,
  );
}
