/**
 * Store factories for tests: the embedded store (PGlite in memory) and real PostgreSQL, each test file in its
 * own schema. PostgreSQL comes from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); when it
 * is unreachable the PostgreSQL run fails under CI=true and is skipped with a visible message otherwise.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../storage/store.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface StoreFactory {
  name: string;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

export function embeddedFactory(): StoreFactory {
  return {
    name: 'embedded',
    async open() {
      const s = await openStore({ inMemory: true });
      await s.migrate();
      return s;
    },
    async cleanup() {},
  };
}

/** Returns null (after printing why) when PostgreSQL is unreachable outside CI; throws under CI=true. */
export async function postgresFactory(label: string): Promise<StoreFactory | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    const msg = `PostgreSQL at ${TEST_DATABASE_URL} is unreachable: ${(err as Error).message}`;
    if (process.env.CI === 'true' || process.env.CI === '1')
      throw new Error(`${msg} (CI=true: PostgreSQL tests must run)`);
    console.error(`# SKIPPING PostgreSQL tests: ${msg}`);
    return null;
  }
  const schemas: string[] = [];
  return {
    name: 'postgres',
    async open() {
      const schema = `t_${label
        .replace(/[^a-z0-9]/gi, '_')
        .toLowerCase()
        .slice(0, 30)}_${randomBytes(4).toString('hex')}`;
      schemas.push(schema);
      const s = await openStore({ databaseUrl: TEST_DATABASE_URL, schema, poolSize: 5 });
      await s.migrate();
      return s;
    },
    async cleanup() {
      if (schemas.length === 0) return;
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        for (const s of schemas.splice(0)) await c.query(`drop schema if exists ${s} cascade`);
      } finally {
        await c.end();
      }
    },
  };
}
