import t from 'tap';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { postgresFactory } from '../helpers/stores.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { openStore } from '../../storage/store.ts';
import { freshDatabase } from '../helpers/fresh-database.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/wallet-integrity.js');

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const factory = await postgresFactory('crash');
if (!factory) t.pass('PostgreSQL unreachable outside CI: skipped');
else {
  t.test('a server killed during a delivery loses nothing and delivers once after restart', async (t) => {
    const url = new URL(await freshDatabase(t, 'crash'));

    const store = await openStore({ databaseUrl: url.toString() });
    await store.migrate();
    const { key } = (await adminCommands['keys.create'](store.db, { owner: 'crash', plan: 'growth' })) as {
      key: string;
    };
    await store.close();

    const rec = await startReceiver();
    t.teardown(() => rec.close());
    rec.respond = (_r, i) => (i === 0 ? 'hang' : { status: 200 });
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
      JOB_LEASE_SECONDS: '5',
      WEBHOOK_TIMEOUT_MS: '3000',
      JOB_POLL_INTERVAL_MS: '50',
    };
    const start = (): ChildProcess => spawn(process.execPath, [bin, 'serve'], { env, stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    const api = async (method: string, p: string, body?: unknown) => {
      const r = await fetch(base + p, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as any };
    };
    let server = start();
    t.teardown(() => {
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    await until(async () => {
      try {
        return (await fetch(`${base}/healthz`)).ok;
      } catch {
        return false;
      }
    }, 30000);
    const ep = (await api('POST', '/api/v2/webhooks', { url: rec.url, eventTypes: ['campaign.lifecycle_changed'] }))
      .body;
    const campaign = (await api('POST', '/api/v2/campaigns', { name: 'c', campaignType: 'airdrop', chain: 'Base' }))
      .body;
    t.equal((await api('PATCH', `/api/v2/campaigns/${campaign.id}`, { lifecycle: 'active' })).status, 200);
    await until(() => rec.received.length === 1, 15000);
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));

    server = start();
    await until(async () => {
      try {
        return (await fetch(`${base}/healthz`)).ok;
      } catch {
        return false;
      }
    }, 30000);
    await until(
      async () =>
        (await api('GET', `/api/v2/webhooks/${ep.id}/deliveries?status=delivered`)).body.deliveries.length === 1,
      30000,
    );
    const all = (await api('GET', `/api/v2/webhooks/${ep.id}/deliveries`)).body.deliveries;
    t.equal(all.length, 1, 'one event, one delivery: nothing lost, nothing queued twice');
    t.equal(all[0].status, 'delivered');
    const ids = rec.received.map((r) => r.headers['x-service-delivery-id']);
    t.equal(new Set(ids).size, 1, 'the retry after the crash carries the same delivery id');
    t.equal(rec.received.length, 2, 'the interrupted attempt, then exactly one acknowledged delivery');
    t.equal((await api('GET', `/api/v2/campaigns/${campaign.id}`)).body.lifecycle, 'active');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  });
}
