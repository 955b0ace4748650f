import t from 'tap';
import { sql } from 'kysely';
import { postgresFactory } from '../helpers/stores.ts';
import { resolveReadScope } from '../../storage/repos/scope-repo.ts';
import { storedRun } from '../contract/stored-run.ts';

const factory = await postgresFactory('prepared');
if (!factory) t.pass('PostgreSQL unreachable outside CI: skipped (see message above)');
else {
  t.teardown(() => factory.cleanup());
  t.test('a marked statement is prepared once per connection and bound again with new values', async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    // a transaction holds one connection of the pool
    await s.db.transaction().execute(async (tx) => {
      const prepared = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
            where statement like '/* prepared */%'`.execute(tx)
        ).rows[0].n;
      t.equal(await prepared(), 0);
      t.same(await resolveReadScope(tx, 'o', 'cmp_none', 'anl_none'), { campaign: null, run: null, cluster: null });
      t.equal(await prepared(), 1, 'the scope statement is prepared on its first run');
      await resolveReadScope(tx, 'other', 'cmp_x', 'anl_y');
      t.equal(await prepared(), 1, 'and reused with other values');
      await resolveReadScope(tx, 'o', 'cmp_none', 'anl_none', 'cl_1');
      t.equal(await prepared(), 2, 'the statement with a cluster is another text, prepared once too');
    });
  });

  t.test('a prepared statement whose table a migration changed runs unnamed on that connection', async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    await s.db.transaction().execute(async (tx) => {
      const { campaignId, analysisId } = await storedRun(s);
      const read = () => resolveReadScope(tx, 'o', campaignId, analysisId);
      t.equal((await read()).run?.id, analysisId);
      await sql`alter table campaigns add column added_by_a_later_migration integer`.execute(tx);
      await sql`savepoint before_stale`.execute(tx);
      // inside a transaction the refusal aborts it: the error is PostgreSQL's own
      await t.rejects(read(), { code: '0A000' });
      await sql`rollback to savepoint before_stale`.execute(tx);
      t.equal((await read()).run?.id, analysisId, 'the next read runs unnamed and sees the new column');
    });
  });

  t.test(
    'the hot reads plan their statements once (generic plans); the other sessions keep custom plans',
    async (t) => {
      const s = await factory.open();
      t.teardown(() => s.close());
      const mode = async (db: typeof s.db) =>
        (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0].plan_cache_mode;
      t.equal(await mode(s.hotReads), 'force_generic_plan');
      t.equal(await mode(s.db), 'auto');
      const { campaignId, analysisId } = await storedRun(s);
      const owner = (await sql<{ owner_id: string }>`select owner_id from campaigns`.execute(s.db)).rows[0].owner_id;
      t.equal((await resolveReadScope(s.hotReads, owner, campaignId, analysisId)).run?.id, analysisId);
    },
  );
}
