import t from 'tap';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { verifyWebhook } from '../../src/webhooks/verify-example.ts';

t.test('review.recorded and appeal.resolved reach a subscribed backend, signed, once per review', async (t) => {
  const srv = await startTestServer({ env: { UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1', JOB_POLL_INTERVAL_MS: '20' } });
  t.teardown(() => srv.close());
  const key = await srv.key('revhooks', 'growth');
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  const ep = (
    await srv.req('POST', '/api/v2/webhooks', {
      key,
      body: { url: rec.url, eventTypes: ['review.recorded', 'appeal.resolved'] },
    })
  ).body;
  t.ok(ep.secret, 'the new event types are accepted as subscriptions');
  const fx = await plantCluster(srv.store, 'wh');
  const c = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'w', campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const started = await srv.req('POST', `/api/v2/campaigns/${c.id}/analyses`, { key, body: { wallets: fx.wallets } });
  await waitForRun(srv, key, c.id, started.body.analysisId);
  const review = (body: object) => srv.req('POST', `/api/v2/campaigns/${c.id}/reviews`, { key, body });
  t.equal(
    (await review({ walletAddress: fx.sybils[0], verdict: 'needs_more_information', reviewer: 'a' })).status,
    201,
  );
  t.equal((await review({ walletAddress: fx.sybils[0], verdict: 'confirmed_sybil', reviewer: 'a' })).status, 201);
  const appeal = await srv.req('POST', `/api/v2/campaigns/${c.id}/appeals`, {
    key,
    body: { walletAddress: fx.sybils[1], message: 'm', contact: 'c' },
  });
  await srv.req('POST', `/api/v2/campaigns/${c.id}/appeals/${appeal.body.appealId}/resolve`, {
    key,
    body: { verdict: 'cleared', reviewer: 'b' },
  });
  await until(() => rec.received.length >= 4);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const bodies = rec.received.map((r) => JSON.parse(r.body));
  t.same(
    bodies.map((b) => b.type).sort(),
    ['appeal.resolved', 'review.recorded', 'review.recorded', 'review.recorded'],
    'two reviews of one run are two deliveries; the resolution is a review plus appeal.resolved',
  );
  for (const r of rec.received)
    t.ok(
      verifyWebhook(
        ep.secret,
        r.body,
        r.headers['x-service-timestamp'] as string,
        r.headers['x-service-signature'] as string,
      ),
      'signed',
    );
  const resolved = bodies.find((b) => b.type === 'appeal.resolved');
  t.match(resolved.data, {
    appeal: { appealId: appeal.body.appealId, status: 'resolved' },
    review: { verdict: 'cleared', appealId: appeal.body.appealId },
    finalAction: 'approve',
  });
  t.equal(
    bodies.filter((b) => b.type === 'review.recorded' && b.data.finalAction === 'reject').length,
    1,
    'finalAction follows the verdict',
  );
});
