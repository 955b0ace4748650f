import t from 'tap';
import { startTestServer } from '../helpers/app.ts';
import { evm } from '../helpers/fixtures.ts';
import { activatePlan } from '../../storage/repos/plans-repo.ts';
import { sql } from 'kysely';

t.test('v1 analyze: plans, metering, campaign reuse, summary', async (t) => {
  const srv = await startTestServer({ background: false });
  t.teardown(() => srv.close());
  const none = await srv.key('nobody', 'none');
  const starter = await srv.key('startup', 'starter');
  const growth = await srv.key('bigco', 'growth');
  const body = {
    chain: 'ethereum',
    projectName: 'Drop 1',
    campaignType: 'airdrop',
    riskPolicy: 'balanced',
    analysisMode: 'onchain',
    wallets: [evm('w1'), evm('w2')],
  };

  t.match(await srv.req('POST', '/api/v1/analyze', { key: none, body }), {
    status: 403,
    body: { code: 'plan_required' },
  });
  t.match(await srv.req('POST', '/api/v1/analyze', { body }), { status: 401 });
  const r1 = await srv.req('POST', '/api/v1/analyze', { key: growth, body });
  t.equal(r1.status, 202);
  t.match(r1.body, {
    status: 'queued',
    walletCount: 2,
    riskPolicy: 'balanced',
    links: { status: `/api/v1/analysis/${r1.body.analysisId}` },
  });
  const r2 = await srv.req('POST', '/api/v1/analyze', { key: growth, body: { ...body, riskPolicy: 'strict' } });
  t.equal(r2.body.campaignId, r1.body.campaignId, 'the project campaign is reused');
  t.match(r2.body, { riskPolicy: 'strict', policyVersion: 1 });
  const r3 = await srv.req('POST', '/api/v1/analyze', {
    key: growth,
    body: { ...body, chain: 'solana', wallets: ['So11111111111111111111111111111111111111112'] },
  });
  t.not(r3.body.campaignId, r1.body.campaignId, 'another chain gets its own campaign');
  for (const bad of [
    { ...body, chain: 'dogecoin' },
    { ...body, wallets: [] },
    { ...body, extra: 1 },
    { ...body, riskPolicy: 'lax' },
    { ...body, wallets: ['0xnope'] },
  ]) {
    t.equal(
      (await srv.req('POST', '/api/v1/analyze', { key: growth, body: bad })).status,
      400,
      JSON.stringify(bad).slice(0, 80),
    );
  }
  const summary = await srv.req('GET', `/api/v1/analysis/${r1.body.analysisId}`, { key: growth });
  t.match(summary.body, {
    analysisId: r1.body.analysisId,
    status: 'queued',
    summary: { walletCount: 2 },
    exportUrls: { decisionPackage: String },
  });
  t.match(
    await srv.req('GET', `/api/v1/analysis/${r1.body.analysisId}`, { key: starter }),
    { status: 404 },
    "another owner's run is not found",
  );
  t.match(await srv.req('GET', '/api/v1/analysis/anl_missing', { key: growth }), { status: 404 });

  const ok = await srv.req('GET', '/api/v1/analysis/anl_missing', { key: starter });
  t.equal(ok.headers.get('x-ratelimit-limit'), '5000');
  const remaining = Number(ok.headers.get('x-ratelimit-remaining'));
  t.ok(remaining < 5000);
  await sql`update usage_counters set requests = 5000 where owner_id = 'startup'`.execute(srv.store.db);
  const spent = await srv.req('GET', '/api/v1/analysis/anl_missing', { key: starter });
  t.match(spent, { status: 429, body: { code: 'quota_exceeded' } });
  t.ok(Number(spent.headers.get('retry-after')) > 0, 'Retry-After says when the allowance resets');
  t.match(
    await srv.req('POST', '/api/v1/analyze', {
      key: starter,
      raw: '{"wallets": [',
      headers: { 'content-type': 'application/json' },
    }),
    { status: 429, body: { code: 'quota_exceeded' } },
    'a spent allowance is 429 whatever the body',
  );
  t.match(await srv.req('POST', '/api/v1/screening/scan', { key: starter, body: { type: 'nope' } }), {
    status: 429,
    body: { code: 'quota_exceeded' },
  });
  await activatePlan(srv.store.db, 'startup', 'starter', -1);
  t.match(await srv.req('GET', '/api/v1/analysis/anl_missing', { key: starter }), {
    status: 403,
    body: { code: 'plan_expired' },
  });
});
