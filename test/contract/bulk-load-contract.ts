/**
 * Contract of the bulk transfer load (COPY into staging, merge per segment) and of the scope-and-page read; each
 * adapter runs them. Small segments make a file of a few rows cross several merges, with batches read while a
 * merge runs.
 */
import type { Test } from 'tap';
import { sql } from 'kysely';
import type { StoreFactory } from '../helpers/stores.ts';
import { loadTransfers } from '../../storage/repos/transfer-bulk-load.ts';
import type { TransferColumns } from '../../storage/repos/transfers-repo.ts';

type TestRow = Partial<Record<keyof TransferColumns, unknown>> & { key: string };

function batch(rows: TestRow[]): TransferColumns {
  const text = (r: TestRow, k: keyof TransferColumns) => (r[k] as string | null | undefined) ?? null;
  return {
    length: rows.length,
    chain: rows.map((r) => text(r, 'chain') ?? 'ethereum'),
    from: rows.map((r) => text(r, 'from') ?? '0xa'),
    to: rows.map((r) => text(r, 'to') ?? '0xb'),
    txHash: rows.map((r) => text(r, 'txHash')),
    blockTime: rows.map((r) => (r.blockTime as number | undefined) ?? null),
    amount: rows.map((r) => text(r, 'amount')),
    asset: rows.map((r) => text(r, 'asset')),
    dedupKey: rows.map((r) => r.key),
  };
}

export function bulkLoadContract(t: Test, factory: StoreFactory): void {
  t.test(`${factory.name}: bulk load stores each key once, across segments, and text survives COPY`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const hostile = 'tab\there, new\nline, cr\r, back\\slash \\N, "quote", ünïcode';
    // a repeated key is a repeated row (keys are content hashes)
    const repeated = { asset: hostile, blockTime: 1700000000, amount: '1.5' };
    const batches = [
      batch([{ key: 'k1', ...repeated }, { key: 'k2' }, { key: 'k1', ...repeated }]),
      batch([
        { key: 'k3', txHash: '\\N' },
        { key: 'k4', chain: 'sol\tana' },
      ]),
      batch([{ key: 'k2' }, { key: 'k5' }, { key: 'k6' }, { key: 'k7' }]),
    ];
    const load = (segmentRows: number) =>
      loadTransfers(
        s,
        'src\\x',
        async (l) => {
          let n = 0;
          for (const b of batches) n += await l.write(b);
          return n;
        },
        segmentRows,
      );
    const first = await load(2);
    t.equal(first.result + first.inserted, 7, 'seven distinct keys stored, whatever the segment they were in');
    const again = await load(100);
    t.equal(again.result + again.inserted, 0, 're-loading adds nothing');
    const rows = await sql<Record<string, unknown>>`select dedup_key, chain, tx_hash, block_time, amount, asset,
      source from transfers order by dedup_key`.execute(s.db);
    t.same(
      rows.rows.map((r) => r.dedup_key),
      ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'],
    );
    t.match(rows.rows[0], { asset: hostile, amount: '1.5', source: 'src\\x' });
    t.equal(Number(rows.rows[0].block_time), 1700000000);
    t.equal(rows.rows[1].asset, null, 'a missing value is NULL, not text');
    t.equal(rows.rows[2].tx_hash, '\\N', 'the text \\N is not NULL');
    t.equal(rows.rows[3].chain, 'sol\tana');
    const staging = await sql`select 1 from pg_class where relname = 'transfer_staging'`.execute(s.db);
    t.equal(staging.rows.length, 0, 'the staging table is dropped');
  });

  t.test(`${factory.name}: a failing load leaves no staging table and the store usable`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const err = await loadTransfers(s, 'x', async (l) => {
      await l.write(batch([{ key: 'a' }]));
      throw new Error('reader failed');
    }).catch((e: Error) => e);
    t.match(err, { message: 'reader failed' });
    const staging = await sql`select 1 from pg_class where relname = 'transfer_staging'`.execute(s.db);
    t.equal(staging.rows.length, 0);
    const again = await loadTransfers(s, 'x', (l) => l.write(batch([{ key: 'a' }])));
    t.equal(again.result + again.inserted, 1, 'a later load works');
  });

  t.test(`${factory.name}: a large load into a small table builds the address indexes again`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const indexes = async () =>
      (
        await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'transfers'
          and schemaname = current_schema() order by indexname`.execute(s.db)
      ).rows.map((r) => r.indexname);
    const before = await indexes();
    t.ok(before.includes('transfers_from') && before.includes('transfers_to'), 'the migration made them');
    // fails after a merged segment: on PostgreSQL the rebuild's one transaction leaves nothing stored
    const err = await loadTransfers(
      s,
      'x',
      async (l) => {
        await l.write(batch([{ key: 'f1' }, { key: 'f2' }, { key: 'f3' }]));
        await l.write(batch([{ key: 'f4' }]));
        throw new Error('reader failed');
      },
      { segmentRows: 2, expectedRows: 1_000_000 },
    ).catch((e: Error) => e);
    t.match(err, { message: 'reader failed' });
    t.same(await indexes(), before, 'a failed load leaves the indexes in place');
    const stored = await sql<{ n: string }>`select count(*) as n from transfers`.execute(s.db);
    if (s.kind === 'postgres') t.equal(Number(stored.rows[0].n), 0, 'and stores nothing');
    const rows = Array.from({ length: 50 }, (_, i) => ({ key: `r${i}`, from: `0xf${i % 7}`, to: `0xt${i % 5}` }));
    const done = await loadTransfers(s, 'x', async (l) => (await l.write(batch(rows))) + (await l.write(batch(rows))), {
      segmentRows: 20,
      expectedRows: 1_000_000,
    });
    t.equal(done.result + done.inserted, 50, 'each row stored once');
    t.same(await indexes(), before, 'the indexes are back');
    const hit = await sql<{ n: string }>`select count(*) as n from transfers where to_address = '0xt3'`.execute(s.db);
    t.equal(Number(hit.rows[0].n), 10, 'the rebuilt index answers');
    if (s.kind === 'postgres') {
      // into the empty table the rows were written frozen: every page all-visible (the index builds count them)
      const pages = await sql<{ relpages: number; relallvisible: number }>`select relpages, relallvisible
        from pg_class where oid = 'transfers'::regclass`.execute(s.db);
      t.ok(pages.rows[0].relpages > 0, 'the table has pages');
      t.equal(pages.rows[0].relallvisible, pages.rows[0].relpages, 'all of them all-visible');
    }
  });

  t.test(`${factory.name}: rows repeated after the key memory is cleared are stored once`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const keys = (from: number, to: number) =>
      batch(Array.from({ length: to - from }, (_, i) => ({ key: `m${from + i}` })));
    // a memory of 4 keys: the second and third batches clear it, the last repeats rows of the first
    const done = await loadTransfers(
      s,
      'x',
      async (l) => {
        let n = 0;
        for (const b of [keys(0, 3), keys(3, 6), keys(6, 9), keys(0, 9)]) n += await l.write(b);
        return n;
      },
      { segmentRows: 4, expectedRows: 1_000_000, maxSeenKeys: 4 },
    );
    t.equal(done.result + done.inserted, 9, 'nine new rows counted');
    const stored = await sql<{ n: string }>`select count(*) as n from transfers`.execute(s.db);
    t.equal(Number(stored.rows[0].n), 9, 'nine rows stored');
    const unique = await sql<{ n: string }>`select count(*) as n from pg_indexes where tablename = 'transfers'
      and schemaname = current_schema() and indexname = 'transfers_dedup'`.execute(s.db);
    t.equal(Number(unique.rows[0].n), 1, 'the content-key index is in place');
    const again = await loadTransfers(s, 'x', (l) => l.write(keys(0, 9)), { segmentRows: 4, maxSeenKeys: 4 });
    t.equal(again.result + again.inserted, 0, 'the same rows again add nothing');
    // that load merged segments on its connection: the pool hands the same one out again (the last released)
    const settings = await s.withCopySession(async (c) => {
      const r = await sql<{ h: string; m: string; w: boolean }>`select current_setting('enable_hashjoin') as h,
        current_setting('enable_mergejoin') as m,
        (select setting = reset_val from pg_settings where name = 'work_mem') as w`.execute(c.db);
      return r.rows[0];
    });
    t.same(settings, { h: 'on', m: 'on', w: true }, "the merges' planner settings do not outlive them");
  });
}
