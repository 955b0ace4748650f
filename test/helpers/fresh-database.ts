/** A PostgreSQL database of its own for a test that runs server or worker processes, dropped at teardown. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Test } from 'tap';
import { TEST_DATABASE_URL } from './stores.ts';

/** Creates the database and returns its URL. */
export async function freshDatabase(t: Test, prefix: string): Promise<string> {
  const dbName = `wi_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  t.teardown(async () => {
    // killed processes' backends and this process's closing pools go away on their own within moments (4
    // connections were seen still closing at teardown); a forced drop under them would fail the test in teardown
    for (let i = 0; i < 100; i++) {
      const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
      if (r.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
}
