import t from 'tap';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';
import { startReceiver, until } from '../helpers/receiver.ts';
import { verifyWebhook } from '../../src/webhooks/verify-example.ts';
import { enqueueDelivery } from '../../storage/repos/webhooks-repo.ts';

t.test(
  'analysis events: canonical links, review_required only when a wallet needs review, one delivery per endpoint and ' +
    'analysis',
  async (t) => {
    const srv = await startTestServer({
      env: { UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1', JOB_POLL_INTERVAL_MS: '20' },
    });
    t.teardown(() => srv.close());
    const key = await srv.key('hooks', 'growth');
    const rec = await startReceiver();
    t.teardown(() => rec.close());
    const ep = (
      await srv.req('POST', '/api/v2/webhooks', {
        key,
        body: {
          url: rec.url,
          eventTypes: ['analysis.completed', 'analysis.review_required', 'decision_package.ready'],
        },
      })
    ).body;
    const fx = await plantCluster(srv.store);
    const campaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key,
        body: { name: 'drop', campaignType: 'airdrop', chain: 'Ethereum' },
      })
    ).body;
    const run = async (wallets: string[]) => {
      const r = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, {
        key,
        body: { analysisMode: 'onchain', wallets },
      });
      t.equal(r.status, 202);
      const done = await waitForRun(srv, key, campaign.id, r.body.analysisId);
      t.equal(done.status, 'completed');
      return done;
    };
    const clustered = await run(fx.wallets);
    const quiet = await run(fx.independents.slice(0, 3));
    const events = (analysisId: string) =>
      rec.received.map((r) => ({ r, b: JSON.parse(r.body) })).filter((x) => x.b.data.analysisId === analysisId);
    await until(() => events(quiet.analysisId).length >= 2 && events(clustered.analysisId).length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const decisions = async (analysisId: string) =>
      (await srv.req('GET', `/api/v2/campaigns/${campaign.id}/analyses/${analysisId}/decisions?limit=500`, { key }))
        .body.decisions as any[];
    for (const a of [clustered, quiet]) {
      const got = events(a.analysisId);
      const review = (await decisions(a.analysisId)).some(
        (d) => d.executionRecommendation.storedRecommendedAction === 'manual_review',
      );
      t.same(
        got.map((x) => x.b.type).sort(),
        ['analysis.completed', ...(review ? ['analysis.review_required'] : []), 'decision_package.ready'].sort(),
        `run with${review ? '' : 'out'} wallets to review`,
      );
      for (const { r, b } of got) {
        t.ok(
          verifyWebhook(
            ep.secret,
            r.body,
            r.headers['x-service-timestamp'] as string,
            r.headers['x-service-signature'] as string,
          ),
        );
        t.match(b.data.links, {
          analysis: `/api/v2/campaigns/${campaign.id}/analyses/${a.analysisId}`,
          decisionPackage: `/api/v2/campaigns/${campaign.id}/decisions`,
        });
        t.equal((await srv.req('GET', b.data.links.analysis, { key })).status, 200, 'the canonical link resolves');
      }
    }
    t.ok(
      rec.received.some((r) => JSON.parse(r.body).type === 'analysis.review_required'),
      'the fixture has a run needing review',
    );
    t.equal(
      await enqueueDelivery(srv.store.db, {
        id: 'dlv_again',
        endpointId: ep.id,
        ownerId: 'hooks',
        eventId: 'evt_other',
        eventType: 'analysis.completed',
        idempotencyKey: `analysis.completed:${clustered.analysisId}`,
        payload: '{}',
      }),
      false,
      'never a second delivery for the same endpoint and analysis',
    );
  },
);
