import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startReceiver, until, type Receiver } from '../helpers/receiver.ts';
import { verifyWebhook } from '../../src/webhooks/verify-example.ts';
import { insertEndpoint } from '../../storage/repos/webhooks-repo.ts';

const env = {
  UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '0.1,0.1,0.1',
  WEBHOOK_TIMEOUT_MS: '400',
  JOB_POLL_INTERVAL_MS: '20',
};

async function setup(
  t: any,
  extraEnv: Record<string, string> = {},
): Promise<{ srv: TestServer; key: string; campaignId: string }> {
  const srv = await startTestServer({ env: { ...env, ...extraEnv } });
  t.teardown(() => srv.close());
  const key = await srv.key('hooks', 'growth');
  const campaignId = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'c', campaignType: 'airdrop', chain: 'Base' } })
  ).body.id;
  return { srv, key, campaignId };
}

async function hook(
  srv: TestServer,
  key: string,
  rec: Receiver,
  eventTypes?: string[],
): Promise<{ id: string; secret: string }> {
  const r = await srv.req('POST', '/api/v2/webhooks', {
    key,
    body: { url: rec.url, ...(eventTypes ? { eventTypes } : {}) },
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body;
}

const deliveries = async (srv: TestServer, key: string, id: string, q = '') =>
  (await srv.req('GET', `/api/v2/webhooks/${id}/deliveries${q}`, { key })).body;

t.test('endpoint management', async (t) => {
  const { srv, key } = await setup(t);
  const starter = await srv.key('small', 'starter');
  t.match(await srv.req('GET', '/api/v2/webhooks', { key: starter }), {
    status: 403,
    body: { code: 'growth_plan_required' },
  });
  t.match(await srv.req('POST', '/api/v2/webhooks', { key: starter, body: { url: 'https://example.com/h' } }), {
    status: 403,
  });
  const created = await srv.req('POST', '/api/v2/webhooks', {
    key,
    body: { url: 'https://example.com/h', eventTypes: ['analysis.completed'], description: 'prod' },
  });
  t.equal(created.status, 201);
  t.match(created.body.secret, /^whsec_/);
  const read = await srv.req('GET', `/api/v2/webhooks/${created.body.id}`, { key });
  t.notOk(read.text.includes(created.body.secret), 'the secret is never returned again');
  t.notOk((await srv.req('GET', '/api/v2/webhooks', { key })).text.includes(created.body.secret));
  for (const body of [
    { url: 'not a url' },
    { url: 'https://example.com', eventTypes: ['analysis.exploded'] },
    { url: 'https://example.com', isActive: true },
    { url: 'ftp://example.com/x' },
    { url: 'https://user:pw@example.com/x' },
  ]) {
    t.equal((await srv.req('POST', '/api/v2/webhooks', { key, body })).status, 400, JSON.stringify(body));
  }
  t.match(
    await srv.req('PATCH', `/api/v2/webhooks/${created.body.id}`, {
      key,
      body: { isActive: false, description: null },
    }),
    { status: 200, body: { isActive: false, description: null } },
  );
  t.match(await srv.req('PATCH', `/api/v2/webhooks/${created.body.id}`, { key, body: {} }), { status: 400 });
  const other = await srv.key('other', 'growth');
  t.match(await srv.req('GET', `/api/v2/webhooks/${created.body.id}`, { key: other }), {
    status: 404,
    body: { code: 'webhook_not_found' },
  });
  t.match(await srv.req('DELETE', `/api/v2/webhooks/${created.body.id}`, { key: other }), { status: 404 });
  t.match(await srv.req('DELETE', `/api/v2/webhooks/${created.body.id}`, { key }), {
    status: 200,
    body: { deleted: true },
  });
  t.match(await srv.req('GET', `/api/v2/webhooks/${created.body.id}`, { key }), { status: 404 });
  t.match(await srv.req('GET', '/api/v2/webhooks/whe_x/deliveries?limit=101', { key }), { status: 400 });
});

t.test('signed deliveries of campaign events reach a real receiver', async (t) => {
  const { srv, key, campaignId } = await setup(t);
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  const ep = await hook(srv, key, rec);
  await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'active' } });
  await srv.req('POST', `/api/v2/campaigns/${campaignId}/policy`, { key, body: { preset: 'strict', rationale: 'x' } });
  await until(() => rec.received.length >= 2);
  for (const r of rec.received) {
    t.ok(
      verifyWebhook(
        ep.secret,
        r.body,
        r.headers['x-service-timestamp'] as string,
        r.headers['x-service-signature'] as string,
      ),
      'the documented verifier accepts the delivery',
    );
    t.notOk(
      verifyWebhook(
        ep.secret,
        r.body + ' ',
        r.headers['x-service-timestamp'] as string,
        r.headers['x-service-signature'] as string,
      ),
      'a changed body fails',
    );
    t.notOk(
      verifyWebhook(
        'whsec_wrong',
        r.body,
        r.headers['x-service-timestamp'] as string,
        r.headers['x-service-signature'] as string,
      ),
    );
    t.match(r.headers['x-service-signature'], /^v1=[0-9a-f]{64}$/);
  }
  const types = rec.received.map((r) => JSON.parse(r.body).type);
  t.same(types.sort(), ['campaign.lifecycle_changed', 'campaign.policy_changed']);
  const policy = rec.received.map((r) => JSON.parse(r.body)).find((b) => b.type === 'campaign.policy_changed');
  t.match(policy, { apiVersion: 'v2', data: { campaignId, preset: 'strict', version: 1 } });
  await until(async () => (await deliveries(srv, key, ep.id, '?status=delivered')).deliveries.length === 2);

  const first = await deliveries(srv, key, ep.id, '?limit=1');
  t.match(first.pagination, { limit: 1, returned: 1, hasMore: true });
  const second = await deliveries(
    srv,
    key,
    ep.id,
    `?limit=1&cursor=${encodeURIComponent(first.pagination.nextCursor)}`,
  );
  t.match(second.pagination, { returned: 1, hasMore: false, nextCursor: null });
  t.not(second.deliveries[0].id, first.deliveries[0].id, 'the cursor moves on');
  const other = await hook(srv, key, rec, ['policy.review']);
  const otherOwner = await srv.key('stranger', 'growth');
  const otherOwnersHook = await hook(srv, otherOwner, rec, ['policy.review']);
  const c = encodeURIComponent(first.pagination.nextCursor);
  for (const [what, k, path] of [
    ['a tampered cursor', key, `${ep.id}/deliveries?cursor=${c.slice(0, -2)}xy`],
    ['a garbage cursor', key, `${ep.id}/deliveries?cursor=abc`],
    ['a cursor longer than 512', key, `${ep.id}/deliveries?cursor=${'a'.repeat(513)}`],
    ["another endpoint's cursor", key, `${other.id}/deliveries?cursor=${c}`],
    ['a cursor of another status filter', key, `${ep.id}/deliveries?status=failed&cursor=${c}`],
    ["another owner's request", otherOwner, `${otherOwnersHook.id}/deliveries?cursor=${c}`],
  ] as const) {
    t.match(
      await srv.req('GET', `/api/v2/webhooks/${path}`, { key: k }),
      { status: 400, body: { code: /invalid_cursor|validation_failed/ } },
      what,
    );
  }
  t.match(
    await srv.req('GET', `/api/v2/webhooks/${ep.id}/deliveries?limit=100`, { key }),
    { status: 200 },
    'the documented maximum',
  );
  t.match(await srv.req('GET', `/api/v2/webhooks/${ep.id}/deliveries?limit=0`, { key }), { status: 400 });
});

t.test('failures are retried, 410 disables, redirects are not followed, timeouts fail, manual retry', async (t) => {
  const { srv, key, campaignId } = await setup(t);
  const flaky = await startReceiver();
  const gone = await startReceiver();
  const redirect = await startReceiver();
  const target = await startReceiver();
  const slow = await startReceiver();
  t.teardown(async () => {
    for (const r of [flaky, gone, redirect, target, slow]) await r.close();
  });
  flaky.respond = (_r, i) => (i < 2 ? { status: 503, headers: { 'retry-after': '0' } } : { status: 204 });
  gone.respond = () => ({ status: 410 });
  redirect.respond = () => ({ status: 302, headers: { location: target.url } });
  slow.respond = () => 'hang';
  const eps = {
    flaky: await hook(srv, key, flaky, ['campaign.lifecycle_changed']),
    gone: await hook(srv, key, gone, ['campaign.lifecycle_changed']),
    redirect: await hook(srv, key, redirect, ['campaign.lifecycle_changed']),
    slow: await hook(srv, key, slow, ['campaign.lifecycle_changed']),
  };
  const patched = await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'active' } });
  t.equal(patched.status, 200, 'failing endpoints never block the lifecycle change');
  await until(async () => (await deliveries(srv, key, eps.flaky.id, '?status=delivered')).deliveries.length === 1);
  t.equal(flaky.received.length, 3, 'two failures, then delivered');
  t.equal(
    new Set(flaky.received.map((r) => r.headers['x-service-delivery-id'])).size,
    1,
    'retries carry the same delivery id',
  );
  await until(async () => (await srv.req('GET', `/api/v2/webhooks/${eps.gone.id}`, { key })).body.isActive === false);
  t.equal(gone.received.length, 1, '410 is not retried');
  t.match((await deliveries(srv, key, eps.gone.id)).deliveries[0], { status: 'failed', lastStatusCode: 410 });
  await until(async () => (await deliveries(srv, key, eps.redirect.id, '?status=failed')).deliveries.length === 1);
  t.equal(redirect.received.length, 4, 'every attempt failed: 1 + 3 retries');
  t.equal(target.received.length, 0, 'the redirect target was never contacted');
  await until(async () => (await deliveries(srv, key, eps.slow.id, '?status=failed')).deliveries.length === 1, 20000);
  t.match((await deliveries(srv, key, eps.slow.id)).deliveries[0].lastError, /timeout|timed out/i);

  const failed = (await deliveries(srv, key, eps.redirect.id)).deliveries[0];
  redirect.respond = () => ({ status: 200 });
  const retry = await srv.req('POST', `/api/v2/webhooks/${eps.redirect.id}/deliveries/${failed.id}/retry`, { key });
  t.match(retry, { status: 200, body: { status: 'accepted', delivery: { status: 'pending' } } });
  await until(async () => (await deliveries(srv, key, eps.redirect.id, '?status=delivered')).deliveries.length === 1);
  t.match(await srv.req('POST', `/api/v2/webhooks/${eps.redirect.id}/deliveries/${failed.id}/retry`, { key }), {
    status: 409,
    body: { code: 'delivery_not_failed' },
  });
  t.match(await srv.req('POST', `/api/v2/webhooks/${eps.redirect.id}/deliveries/dlv_missing/retry`, { key }), {
    status: 404,
  });
  const page = await deliveries(srv, key, eps.redirect.id, '?limit=1');
  t.match(page.pagination, { limit: 1, returned: 1 });
  t.match(await srv.req('GET', `/api/v2/webhooks/${eps.redirect.id}/deliveries?status=lost`, { key }), { status: 400 });
  t.equal(
    (await srv.req('GET', `/api/v2/campaigns/${campaignId}`, { key })).body.lifecycle,
    'active',
    'the campaign change stands',
  );
});

t.test('with the unsafe setting off, private destinations are blocked at every attempt', async (t) => {
  const { srv, key, campaignId } = await setup(t, { UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '0' });
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  t.match(await srv.req('POST', '/api/v2/webhooks', { key, body: { url: `https://127.0.0.1:${rec.port}/hook` } }), {
    status: 400,
    body: { code: 'webhook_url_not_allowed' },
  });
  t.match(
    await srv.req('POST', '/api/v2/webhooks', { key, body: { url: rec.url } }),
    { status: 400, body: { code: 'webhook_url_not_allowed' } },
    'http is refused',
  );
  t.match(
    await srv.req('POST', '/api/v2/webhooks', { key, body: { url: `https://[::7f00:1]:${rec.port}/hook` } }),
    { status: 400, body: { code: 'webhook_url_not_allowed' } },
    'IPv4-compatible loopback',
  );
  const pub = await srv.req('POST', '/api/v2/webhooks', {
    key,
    body: { url: 'https://hooks.example.com/h', eventTypes: ['policy.review'] },
  });
  t.equal(pub.status, 201);
  for (const url of [
    'https://10.0.0.1/x',
    'https://[::1]/x',
    'https://localhost/x',
    'https://169.254.169.254/latest',
    'https://[::ffff:127.0.0.1]/x',
    'https://metadata.google.internal/x',
    'http://hooks.example.com/h',
  ]) {
    t.match(
      await srv.req('PATCH', `/api/v2/webhooks/${pub.body.id}`, { key, body: { url } }),
      { status: 400, body: { code: 'webhook_url_not_allowed' } },
      `PATCH to ${url} is refused`,
    );
  }
  t.equal(
    (await srv.req('GET', `/api/v2/webhooks/${pub.body.id}`, { key })).body.url,
    'https://hooks.example.com/h',
    'the stored url is unchanged',
  );
  const ep = await insertEndpoint(srv.store.db, {
    id: 'whe_localhost',
    ownerId: 'hooks',
    url: `https://localhost:${rec.port}/hook`,
    eventTypes: ['campaign.lifecycle_changed'],
    description: null,
    secret: 'whsec_x',
  });
  await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'active' } });
  await until(async () => (await deliveries(srv, key, ep.id, '?status=failed')).deliveries.length === 1);
  t.match((await deliveries(srv, key, ep.id)).deliveries[0].lastError, /destination_blocked/);
  t.equal(rec.received.length, 0, 'nothing reached the loopback receiver');
});

t.test('deleting an endpoint cancels its pending deliveries', async (t) => {
  const { srv, key, campaignId } = await setup(t, { WEBHOOK_RETRY_SCHEDULE_SECONDS: '30' });
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  rec.respond = () => ({ status: 503 });
  const ep = await hook(srv, key, rec, ['campaign.lifecycle_changed']);
  await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'active' } });
  await until(async () =>
    (await deliveries(srv, key, ep.id, '?status=pending')).deliveries.some((d: any) => d.attempts === 1),
  );
  t.match(await srv.req('DELETE', `/api/v2/webhooks/${ep.id}`, { key }), { status: 200 });
  const rows = await srv.store.db
    .selectFrom('webhook_deliveries')
    .select(['status', 'last_error', 'next_attempt_at'])
    .where('endpoint_id', '=', ep.id)
    .execute();
  t.match(rows, [{ status: 'failed', last_error: 'endpoint deleted', next_attempt_at: null }]);
  await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'paused' } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.equal(rec.received.length, 1, 'no attempt after the deletion, and no delivery of later events');
  t.match(await srv.req('GET', `/api/v2/webhooks/${ep.id}/deliveries`, { key }), { status: 404 });
});
