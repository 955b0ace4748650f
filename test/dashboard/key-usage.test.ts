import t from 'tap';
import { eachStore } from '../helpers/each-store.ts';
import { startTestServer } from '../helpers/app.ts';
import { signIn } from '../helpers/dashboard.ts';
import { KeyUsageMeter } from '../../src/access/key-usage-meter.ts';
import { createLogger } from '../../src/core/logger.ts';
import { keyUsageForMonth, monthOf } from '../../storage/repos/key-usage-repo.ts';
import { listKeys } from '../../storage/repos/keys-repo.ts';

await eachStore(t, 'key_usage', (t, factory) => {
  t.test('requests are counted per key and month, shown on the dashboard', async (t) => {
    const srv = await startTestServer({ store: await factory.open() });
    t.teardown(() => srv.close());
    const a = await srv.key('usage-owner', 'growth');
    const b = await srv.key('usage-owner', 'growth');
    for (let i = 0; i < 3; i++) t.equal((await srv.req('GET', '/api/v2/campaigns', { key: a })).status, 200);
    t.equal((await srv.req('GET', '/api/v2/campaigns', { key: b })).status, 200);
    t.equal(
      (await srv.req('GET', '/api/v2/campaigns', { key: a.slice(0, -2) + 'xx' })).status,
      401,
      'a wrong key is not counted',
    );
    const dash = await signIn(srv, 'usage-owner');
    const list = await dash.req('GET', '/dashboard/api/keys');
    t.equal(list.status, 200);
    const byPrefix = new Map(list.body.keys.map((k: any) => [k.prefix, k.requestsThisMonth]));
    t.equal(byPrefix.get(a.split('_').slice(0, 2).join('_')), 3);
    t.equal(byPrefix.get(b.split('_').slice(0, 2).join('_')), 1);
    t.equal(list.body.month, monthOf(new Date()));
    await dash.req('GET', '/dashboard/api/keys');
    const again = await dash.req('GET', '/dashboard/api/keys');
    t.equal(
      new Map(again.body.keys.map((k: any) => [k.prefix, k.requestsThisMonth])).get(a.split('_').slice(0, 2).join('_')),
      3,
      'dashboard reads are not API key requests',
    );
  });

  t.test('the meter batches writes and starts a new count each month', async (t) => {
    const store = await factory.open();
    t.teardown(() => store.close());
    await store.migrate();
    const { createApiKey } = await import('../../src/access/api-keys.ts');
    const k = await createApiKey(store.db, 'meter-owner');
    const meter = new KeyUsageMeter(store.db, createLogger('silent'), 60_000);
    const nov = new Date('2026-11-30T23:59:00Z');
    const dec = new Date('2026-12-01T00:01:00Z');
    meter.count(k.id, nov);
    meter.count(k.id, nov);
    t.equal(
      (await keyUsageForMonth(store.db, [k.id], '2026-11-01')).get(k.id),
      undefined,
      'nothing is written per request',
    );
    meter.count(k.id, dec);
    await meter.close();
    t.equal((await keyUsageForMonth(store.db, [k.id], '2026-11-01')).get(k.id), 2);
    t.equal((await keyUsageForMonth(store.db, [k.id], '2026-12-01')).get(k.id), 1);
    meter.count('key_that_does_not_exist', dec);
    await meter.close();
    t.equal((await listKeys(store.db, 'meter-owner')).length, 1, 'an unknown key id is skipped, not an error');
  });
});
