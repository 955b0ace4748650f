/**
 * The in-process key cache never outlives a revocation by more than its bound, in every process: two app
 * instances on one PostgreSQL schema (as two server processes would be), the key revoked from a third connection
 * (as the CLI does). With the notification the key is refused at once; without it (a revocation written by hand,
 * so nothing is announced), within KEY_CACHE_TTL_MS.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openStore, type Store } from '../../storage/store.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { TEST_DATABASE_URL, postgresFactory } from '../helpers/stores.ts';

/** Milliseconds until `srv` refuses `key` (polling every 20 ms), or Infinity when it still accepts it at `limit`. */
async function refusedAfter(srv: TestServer, key: string, limit: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < limit) {
    const r = await srv.req('GET', '/api/v2/campaigns', { key });
    if (r.status === 401 && r.body?.code === 'invalid_api_key') return performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

t.test('postgres: two instances refuse a revoked key', async (t) => {
  if (!(await postgresFactory('key-revocation'))) return;
  const schema = `t_key_revocation_${randomBytes(4).toString('hex')}`;
  const stores: Store[] = [];
  const open = async (): Promise<Store> => {
    const s = await openStore({ databaseUrl: TEST_DATABASE_URL, schema, poolSize: 3 });
    await s.migrate();
    stores.push(s);
    return s;
  };
  const cli = await open();
  t.teardown(async () => {
    await cli.close();
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  });

  const instances = async (ttlMs: number): Promise<TestServer[]> => {
    const env = { KEY_CACHE_TTL_MS: String(ttlMs) };
    const a = await startTestServer({ store: await open(), env, background: false });
    const b = await startTestServer({ store: await open(), env, background: false });
    t.teardown(async () => {
      await a.close();
      await b.close();
    });
    return [a, b];
  };
  const newKey = async (owner: string): Promise<{ key: string; keyId: string }> =>
    (await adminCommands['keys.create'](cli.db, { owner, plan: 'growth' })) as { key: string; keyId: string };

  await t.test('announced revocation: refused by both at once, whatever the TTL', async (t) => {
    const servers = await instances(60_000);
    const { key, keyId } = await newKey('alice');
    for (const srv of servers) {
      t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 200);
      const hits = srv.app.services.keyCache.hits;
      t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 200);
      t.equal(srv.app.services.keyCache.hits, hits + 1, 'the second request is authenticated from the cache');
    }
    await adminCommands['keys.revoke'](cli.db, { keyId });
    for (const srv of servers) {
      const ms = await refusedAfter(srv, key, 5000);
      // the TTL is a minute: only the notification can explain a refusal within seconds
      t.ok(ms < 5000, `refused ${Math.round(ms)} ms after the revocation`);
    }
  });

  await t.test('revocation that nobody announced: refused by both within KEY_CACHE_TTL_MS', async (t) => {
    const ttl = 500;
    const servers = await instances(ttl);
    const { key, keyId } = await newKey('bob');
    for (const srv of servers) t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 200);
    await sql`update api_keys set revoked_at = now() where id = ${keyId}`.execute(cli.db);
    for (const srv of servers) {
      const ms = await refusedAfter(srv, key, ttl + 1000);
      t.ok(ms <= ttl + 1000, `refused ${Math.round(ms)} ms after the revocation (bound ${ttl} ms + polling)`);
    }
  });
});

t.test('embedded: the instance that revokes refuses the key on the next request', async (t) => {
  const srv = await startTestServer({ background: false, env: { KEY_CACHE_TTL_MS: '60000' } });
  t.teardown(() => srv.close());
  const { key, keyId } = (await adminCommands['keys.create'](srv.store.db, { owner: 'carol', plan: 'growth' })) as {
    key: string;
    keyId: string;
  };
  t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 200);
  t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 200);
  await adminCommands['keys.revoke'](srv.store.db, { keyId });
  t.match(await srv.req('GET', '/api/v2/campaigns', { key }), { status: 401, body: { code: 'invalid_api_key' } });
});
