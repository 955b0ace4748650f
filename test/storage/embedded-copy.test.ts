import t from 'tap';
import { PGlite } from '@electric-sql/pglite';
import { blobCopy } from '../../storage/embedded-store.ts';

t.test('embedded COPY: strings and bytes in one buffer, and past its reserve as gathered parts', async (t) => {
  const pg = new PGlite();
  t.teardown(() => pg.close());
  await pg.exec('create table c (a text, b text)');
  const rows = (from: number, n: number): string =>
    Array.from({ length: n }, (_, i) => `r${from + i}\tünïcode ${from + i}\n`).join('');
  for (const reserve of [1 << 20, 60]) {
    await pg.exec('truncate c');
    const copy = blobCopy(pg, 'c', ['a', 'b'], reserve);
    await copy.write(rows(0, 3));
    await copy.write(Buffer.from(rows(3, 3)));
    await copy.write(rows(6, 2));
    t.equal(await copy.end(), 8, `8 rows copied (reserve ${reserve} bytes)`);
    const r = await pg.query<{ a: string; b: string }>('select a, b from c order by b');
    t.same(
      r.rows.map((x) => `${x.a}\t${x.b}\n`).join(''),
      rows(0, 8),
      `every row as written, in order (reserve ${reserve} bytes)`,
    );
  }
  const abandoned = blobCopy(pg, 'c', ['a', 'b']);
  await abandoned.write(rows(100, 2));
  await abandoned.abort();
  t.equal((await pg.query<{ n: number }>('select count(*)::int as n from c')).rows[0].n, 8, 'an abort stores nothing');
});
