import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { sql } from 'kysely';
import { openStore } from '../../storage/store.ts';

// The embedded store on disk: a fresh directory is created by initdb in a child process, then opened here.
t.test('a fresh embedded directory is created, and keeps its rows across a reopen', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-embedded-disk-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, 'pg');

  const first = await openStore({ dataDir });
  t.ok(fs.existsSync(path.join(dataDir, 'PG_VERSION')), 'the directory holds a database');
  await sql`create table kept (n int)`.execute(first.db);
  await sql`insert into kept values (7)`.execute(first.db);
  await first.close();

  const again = await openStore({ dataDir });
  const r = await sql<{ n: number }>`select n from kept`.execute(again.db);
  t.same(r.rows, [{ n: 7 }], 'the row written before the reopen is there');
  await again.close();
});
