import t from 'tap';
import { startTestServer } from '../helpers/app.ts';
import { startReceiver, until } from '../helpers/receiver.ts';

const env = {
  UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '30',
  WEBHOOK_TIMEOUT_MS: '6000',
  JOB_POLL_INTERVAL_MS: '20',
};

t.test('a hanging receiver holds up only its own deliveries, one attempt at a time', async (t) => {
  const srv = await startTestServer({ env });
  t.teardown(() => srv.close());
  const key = await srv.key('hooks', 'growth');
  const campaignId = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'c', campaignType: 'airdrop', chain: 'Base' } })
  ).body.id;
  const slow = await startReceiver();
  const fast = await startReceiver();
  t.teardown(async () => {
    await slow.close();
    await fast.close();
  });
  slow.respond = () => 'hang';
  for (const rec of [slow, fast]) {
    const r = await srv.req('POST', '/api/v2/webhooks', {
      key,
      body: { url: rec.url, eventTypes: ['campaign.lifecycle_changed'] },
    });
    t.equal(r.status, 201);
  }
  // two events each: the slow endpoint's first attempt hangs until the 6 s timeout
  t.equal(
    (await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'active' } })).status,
    200,
  );
  t.equal(
    (await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, { key, body: { lifecycle: 'paused' } })).status,
    200,
  );
  await until(() => fast.received.length === 2 && slow.received.length >= 1, 15000);
  const hungAt = slow.received[0].at;
  t.ok(
    fast.received[1].at - hungAt < 5000,
    `the fast receiver got both deliveries while the slow one hung (${fast.received[1].at - hungAt} ms after it)`,
  );
  t.same(
    fast.received.map((r) => JSON.parse(r.body).data.lifecycle),
    ['active', 'paused'],
    'an endpoint gets its deliveries oldest first',
  );
  t.equal(slow.received.length, 1, 'the hanging endpoint has one attempt in flight, not two');
  await until(() => slow.received.length === 2, 15000);
  t.ok(
    slow.received[1].at - hungAt >= 5000,
    `its next delivery went out only after the hanging attempt timed out (${slow.received[1].at - hungAt} ms)`,
  );
});
