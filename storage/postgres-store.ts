/** PostgreSQL adapter over pg, optionally confined to one schema (tests isolate each file in its own). */
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Store, StoreOptions } from './store-port.ts';

// bigint columns (seq, ids) come back as strings; keep them so: they are opaque keys.
export async function openPostgresStore(url: string, opts: StoreOptions): Promise<Store> {
  const schema = opts.schema;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('schema must be a lower-case SQL identifier');
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return {
    db,
    kind: 'postgres',
    multiProcess: true,
    migrate: () => migrateToLatest(db, schema),
    async close() {
      await db.destroy();
    },
  };
}
