/**
 * The storage port: one Kysely database over either adapter, with the same migrations and SQL.
 * Repositories (storage/repos/) take `store.db` (or a transaction) and hold every SQL statement.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './database.ts';
import type { Store, StoreOptions } from './store-port.ts';

export type { Store, StoreKind, StoreOptions } from './store-port.ts';

export async function openStore(opts: StoreOptions): Promise<Store> {
  if (opts.databaseUrl) {
    const { openPostgresStore } = await import('./postgres-store.ts');
    return openPostgresStore(opts.databaseUrl, opts);
  }
  const { openEmbeddedStore } = await import('./embedded-store.ts');
  return openEmbeddedStore(opts);
}

/** Throws when the store cannot answer a trivial query (health checks). */
export async function pingStore(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
