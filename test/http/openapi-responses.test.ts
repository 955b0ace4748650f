/**
 * The served OpenAPI document describes every response the service sends: every operation in /openapi.json is
 * exercised through the real app (embedded store, real workers), with successes and the client errors it
 * documents, and each real response is checked against the served document: its status is declared, its media
 * type is declared, and its body validates (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
 */
import t from 'tap';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';
import { signIn } from '../helpers/dashboard.ts';
import { startReceiver } from '../helpers/receiver.ts';

const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

const srv = await startTestServer({
  env: { UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1', BODY_LIMIT_BYTES: '8192', WEBHOOK_RETRY_SCHEDULE_SECONDS: '0' },
});
t.teardown(() => srv.close());
const receiver = await startReceiver();
t.teardown(() => receiver.close());
receiver.respond = () => ({ status: 500 });

const doc = (await srv.req('GET', '/openapi.json')).body;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addFormat('iri', { type: 'string', validate: (v: string) => URL.canParse(v) });
ajv.addSchema(doc, 'openapi');

const pointer = (...parts: string[]): string =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** Operations exercised (`method template`), so that the test fails when an operation is never called. */
const exercised = new Set<string>();

interface Call {
  op: string;
  path: string;
  key?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  cookie?: { cookie: string; csrf: string };
}

async function call(c: Call): Promise<{ status: number; body: any; headers: Headers }> {
  const [method, template] = c.op.split(' ');
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.cookie) {
    headers.cookie = c.cookie.cookie;
    if (method !== 'get') headers['x-csrf-token'] = c.cookie.csrf;
  }
  const r = await srv.req(method.toUpperCase(), c.path, { key: c.key, body: c.body, raw: c.raw, headers });
  exercised.add(c.op);
  const op = doc.paths[template]?.[method];
  const label = `${c.op} ${c.path} -> ${r.status}`;
  if (!op) {
    t.fail(`${c.op} is not in the document`);
    return r;
  }
  const declared = op.responses[String(r.status)];
  t.ok(declared, `${label}: status declared`);
  if (!declared || r.status === 304) return r;
  const mediaType = (r.headers.get('content-type') ?? '').split(';')[0].trim();
  t.ok(declared.content?.[mediaType], `${label}: ${mediaType} declared`);
  if (!declared.content?.[mediaType]) return r;
  const validate = ajv.getSchema(
    `openapi#/${pointer('paths', template, method, 'responses', String(r.status), 'content', mediaType, 'schema')}`,
  )!;
  const value = mediaType.endsWith('json') ? JSON.parse(r.text) : r.text;
  t.ok(validate(value), `${label}: body matches its schema ${JSON.stringify(validate.errors?.slice(0, 3) ?? [])}`);
  return r;
}

const alice = await srv.key('alice', 'growth');
const starter = await srv.key('starter-owner', 'starter');
const noPlan = await srv.key('no-plan', 'none');
const planted = await plantCluster(srv.store);

t.test('every operation of the served document answers as documented', async (t) => {
  t.equal((await call({ op: 'get /healthz', path: '/healthz' })).status, 200);
  await call({ op: 'get /openapi.json', path: '/openapi.json' });

  // campaigns
  const C = 'post /api/v2/campaigns';
  const campaign = (
    await call({
      op: C,
      path: '/api/v2/campaigns',
      key: alice,
      body: { name: 'c', campaignType: 'a', chain: 'Ethereum' },
    })
  ).body;
  await call({ op: C, path: '/api/v2/campaigns', key: alice, body: { name: '', chain: 'Mars' } });
  await call({ op: C, path: '/api/v2/campaigns', key: alice, raw: 'x', headers: { 'content-type': 'text/plain' } });
  await call({
    op: C,
    path: '/api/v2/campaigns',
    key: alice,
    raw: `{"notes":"${'x'.repeat(9000)}"}`,
    headers: { 'content-type': 'application/json' },
  });
  await call({ op: C, path: '/api/v2/campaigns', body: {} });
  await call({ op: 'get /api/v2/campaigns', path: '/api/v2/campaigns', key: alice });
  await call({ op: 'get /api/v2/campaigns', path: '/api/v2/campaigns' });
  const G = 'get /api/v2/campaigns/{id}';
  await call({ op: G, path: `/api/v2/campaigns/${campaign.id}`, key: alice });
  await call({ op: G, path: '/api/v2/campaigns/cmp_nope', key: alice });
  const P = 'patch /api/v2/campaigns/{id}';
  await call({ op: P, path: `/api/v2/campaigns/${campaign.id}`, key: alice, body: { lifecycle: 'active' } });
  await call({ op: P, path: `/api/v2/campaigns/${campaign.id}`, key: alice, body: { lifecycle: 'sleeping' } });
  const archived = (
    await srv.req('POST', '/api/v2/campaigns', { key: alice, body: { name: 'z', campaignType: 'a', chain: 'Base' } })
  ).body;
  await srv.req('PATCH', `/api/v2/campaigns/${archived.id}`, { key: alice, body: { lifecycle: 'archived' } });
  await call({ op: P, path: `/api/v2/campaigns/${archived.id}`, key: alice, body: { lifecycle: 'active' } });
  const PO = 'post /api/v2/campaigns/{id}/policy';
  await call({
    op: PO,
    path: `/api/v2/campaigns/${campaign.id}/policy`,
    key: alice,
    body: { preset: 'strict', rationale: 'r' },
  });
  await call({ op: PO, path: `/api/v2/campaigns/${campaign.id}/policy`, key: alice, body: { preset: 'strict' } });
  await call({
    op: PO,
    path: `/api/v2/campaigns/${archived.id}/policy`,
    key: alice,
    body: { preset: 'strict', rationale: 'r' },
  });

  // webhooks (created before the runs, so that they get deliveries)
  const W = 'post /api/v2/webhooks';
  const hook = (await call({ op: W, path: '/api/v2/webhooks', key: alice, body: { url: receiver.url } })).body;
  await call({ op: W, path: '/api/v2/webhooks', key: alice, body: { url: 'ftp://x' } });
  await call({ op: W, path: '/api/v2/webhooks', key: starter, body: { url: receiver.url } });
  await call({ op: 'get /api/v2/webhooks', path: '/api/v2/webhooks', key: alice });
  await call({ op: 'get /api/v2/webhooks', path: '/api/v2/webhooks', key: starter });

  // runs
  const A = 'post /api/v2/campaigns/{id}/analyses';
  const runs = `/api/v2/campaigns/${campaign.id}/analyses`;
  const run1 = (await call({ op: A, path: runs, key: alice, body: { wallets: planted.wallets } })).body;
  await call({ op: A, path: runs, key: alice, body: { wallets: [] } });
  await call({
    op: A,
    path: `/api/v2/campaigns/${archived.id}/analyses`,
    key: alice,
    body: { wallets: planted.wallets },
  });
  await call({ op: A, path: '/api/v2/campaigns/cmp_nope/analyses', key: alice, body: { wallets: planted.wallets } });
  await waitForRun(srv, alice, campaign.id, run1.analysisId);
  const run2 = (await srv.req('POST', runs, { key: alice, body: { wallets: planted.wallets } })).body;
  await waitForRun(srv, alice, campaign.id, run2.analysisId);
  await call({ op: 'get /api/v2/campaigns/{id}/analyses', path: runs, key: alice });
  await call({ op: 'get /api/v2/campaigns/{id}/analyses', path: `${runs}?limit=0`, key: alice });
  const S = 'get /api/v2/campaigns/{id}/analyses/{analysisId}';
  await call({ op: S, path: `${runs}/${run1.analysisId}`, key: alice });
  await call({ op: S, path: `${runs}/ana_nope`, key: alice });

  // clusters
  const run = `${runs}/${run1.analysisId}`;
  const CL = 'get /api/v2/campaigns/{id}/analyses/{analysisId}/clusters';
  const catalog = await call({ op: CL, path: `${run}/clusters`, key: alice });
  await call({
    op: CL,
    path: `${run}/clusters`,
    key: alice,
    headers: { 'if-none-match': catalog.headers.get('etag')! },
  });
  await call({ op: CL, path: `${run}/clusters?limit=9999`, key: alice });
  await call({ op: CL, path: `${runs}/ana_nope/clusters`, key: alice });
  const label = encodeURIComponent(catalog.body.clusters[0].clusterLabel);
  const one = `${CL}/{clusterLabel}`;
  await call({ op: one, path: `${run}/clusters/${label}`, key: alice });
  await call({ op: one, path: `${run}/clusters/nope`, key: alice });
  for (const q of ['', '?lane=graph', '?lane=nope'])
    await call({ op: `${one}/evidence`, path: `${run}/clusters/${label}/evidence${q}`, key: alice });
  await call({ op: `${one}/members`, path: `${run}/clusters/${label}/members`, key: alice });
  await call({ op: `${one}/members`, path: `${run}/clusters/${label}/members?cursor=bad`, key: alice });
  for (const q of ['', '?format=csv', '?format=markdown', '?format=pdf'])
    await call({ op: `${one}/export`, path: `${run}/clusters/${label}/export${q}`, key: alice });
  await call({ op: `${one}/export`, path: `${run}/clusters/nope/export`, key: alice });

  // decisions
  const D = 'get /api/v2/campaigns/{id}/decisions';
  await call({ op: D, path: `/api/v2/campaigns/${campaign.id}/decisions`, key: alice });
  await call({ op: D, path: `/api/v2/campaigns/${campaign.id}/decisions?format=csv`, key: alice });
  await call({ op: D, path: `/api/v2/campaigns/${archived.id}/decisions`, key: alice });
  await call({ op: D, path: `/api/v2/campaigns/${campaign.id}/decisions?format=xml`, key: alice });
  const RD = 'get /api/v2/campaigns/{id}/analyses/{analysisId}/decisions';
  await call({ op: RD, path: `${run}/decisions`, key: alice });
  await call({ op: RD, path: `${run}/decisions?limit=-1`, key: alice });
  const DF = `${RD}/diff`;
  await call({ op: DF, path: `${run}/decisions/diff?compareTo=${run2.analysisId}`, key: alice });
  await call({ op: DF, path: `${run}/decisions/diff`, key: alice });
  await call({ op: DF, path: `${run}/decisions/diff?compareTo=ana_nope`, key: alice });
  // a compareTo run that is not completed (failed here) is a 400 with its own code
  const run3 = (await srv.req('POST', runs, { key: alice, body: { wallets: planted.wallets } })).body;
  await waitForRun(srv, alice, campaign.id, run3.analysisId);
  await srv.store.db.updateTable('analyses').set({ status: 'failed' }).where('id', '=', run3.analysisId).execute();
  const notDone = await call({ op: DF, path: `${run}/decisions/diff?compareTo=${run3.analysisId}`, key: alice });
  t.match(notDone, { status: 400, body: { code: 'compare_run_not_completed' } });

  // webhook reads and deliveries
  const WH = 'get /api/v2/webhooks/{id}';
  await call({ op: WH, path: `/api/v2/webhooks/${hook.id}`, key: alice });
  await call({ op: WH, path: '/api/v2/webhooks/whe_nope', key: alice });
  const WP = 'patch /api/v2/webhooks/{id}';
  await call({ op: WP, path: `/api/v2/webhooks/${hook.id}`, key: alice, body: { description: 'd' } });
  await call({ op: WP, path: `/api/v2/webhooks/${hook.id}`, key: alice, body: {} });
  const DL = 'get /api/v2/webhooks/{id}/deliveries';
  const deliveries = await call({ op: DL, path: `/api/v2/webhooks/${hook.id}/deliveries`, key: alice });
  await call({ op: DL, path: `/api/v2/webhooks/${hook.id}/deliveries?status=lost`, key: alice });
  const RT = 'post /api/v2/webhooks/{id}/deliveries/{deliveryId}/retry';
  const first = deliveries.body.deliveries?.[0]?.id ?? 'dlv_none';
  await call({ op: RT, path: `/api/v2/webhooks/${hook.id}/deliveries/${first}/retry`, key: alice });
  await call({ op: RT, path: `/api/v2/webhooks/${hook.id}/deliveries/dlv_nope/retry`, key: alice });
  const WD = 'delete /api/v2/webhooks/{id}';
  await call({ op: WD, path: `/api/v2/webhooks/${hook.id}`, key: alice });
  await call({ op: WD, path: `/api/v2/webhooks/${hook.id}`, key: alice });

  // v1
  const V = 'post /api/v1/analyze';
  const v1 = (
    await call({
      op: V,
      path: '/api/v1/analyze',
      key: alice,
      body: {
        chain: 'ethereum',
        projectName: 'p',
        campaignType: 'a',
        riskPolicy: 'balanced',
        analysisMode: 'onchain',
        wallets: planted.wallets,
      },
    })
  ).body;
  await call({ op: V, path: '/api/v1/analyze', key: alice, body: { chain: 'ethereum' } });
  await call({ op: V, path: '/api/v1/analyze', key: noPlan, body: { chain: 'ethereum', wallets: planted.wallets } });
  const VA = 'get /api/v1/analysis/{analysisId}';
  await call({ op: VA, path: `/api/v1/analysis/${v1.analysisId}`, key: alice });
  await call({ op: VA, path: '/api/v1/analysis/ana_nope', key: alice });
  const SC = 'post /api/v1/screening/scan';
  const scan = (
    await call({
      op: SC,
      path: '/api/v1/screening/scan',
      key: alice,
      body: { type: 'wallet', chain: 'evm', value: planted.hub },
    })
  ).body;
  await call({
    op: SC,
    path: '/api/v1/screening/scan',
    key: alice,
    body: { type: 'url', chain: 'evm', value: 'http://127.0.0.1/' },
  });
  await call({ op: SC, path: '/api/v1/screening/scan', key: alice, body: { type: 'nope', chain: 'evm', value: 'x' } });
  await call({
    op: SC,
    path: '/api/v1/screening/scan',
    key: noPlan,
    body: { type: 'wallet', chain: 'evm', value: planted.hub },
  });
  const FB = 'post /api/screening/feedback';
  await call({
    op: FB,
    path: '/api/screening/feedback',
    body: { scanId: scan.scanId, verdict: 'false_positive', reason: 'r' },
  });
  await call({
    op: FB,
    path: '/api/screening/feedback',
    body: { scanId: 'scn_nope', verdict: 'false_positive', reason: 'r' },
  });
  await call({ op: FB, path: '/api/screening/feedback', body: { scanId: 'x' } });

  // reviews and appeals (issue 15): human context kept apart from stored results
  const rv = `/api/v2/campaigns/${campaign.id}`;
  const RP = 'post /api/v2/campaigns/{id}/reviews';
  const sybil = planted.wallets[0] as string;
  await call({
    op: RP,
    path: `${rv}/reviews`,
    key: alice,
    body: { walletAddress: sybil, verdict: 'cleared', reviewer: 'r' },
  });
  await call({ op: RP, path: `${rv}/reviews`, key: alice, body: { verdict: 'nope' } });
  await call({ op: 'get /api/v2/campaigns/{id}/reviews', path: `${rv}/reviews`, key: alice });
  await call({ op: 'get /api/v2/campaigns/{id}/review-queue', path: `${rv}/review-queue`, key: alice });
  const AP = 'post /api/v2/campaigns/{id}/appeals';
  const appeal = (
    await call({ op: AP, path: `${rv}/appeals`, key: alice, body: { walletAddress: sybil, message: 'one person' } })
  ).body;
  await call({ op: AP, path: `${rv}/appeals`, key: alice, body: {} });
  await call({ op: 'get /api/v2/campaigns/{id}/appeals', path: `${rv}/appeals`, key: alice });
  const AR = 'post /api/v2/campaigns/{id}/appeals/{appealId}/resolve';
  const resolveBody = { verdict: 'cleared', reviewer: 'r' };
  await call({ op: AR, path: `${rv}/appeals/${appeal.appealId}/resolve`, key: alice, body: resolveBody });
  await call({ op: AR, path: `${rv}/appeals/apl_nope/resolve`, key: alice, body: resolveBody });
  const DI = 'get /api/v2/campaigns/{id}/analyses/{analysisId}/distributions';
  await call({ op: DI, path: `${run}/distributions`, key: alice });

  // dashboard JSON routes (cookie session)
  const session = await signIn(srv, 'alice');
  const me = await call({ op: 'get /dashboard/api/session', path: '/dashboard/api/session', cookie: session });
  session.csrf = me.body.csrfToken ?? me.body.csrf ?? session.csrf;
  await call({ op: 'get /dashboard/api/session', path: '/dashboard/api/session' });
  await call({ op: 'get /dashboard/api/keys', path: '/dashboard/api/keys', cookie: session });
  const K = 'post /dashboard/api/keys';
  const newKey = (await call({ op: K, path: '/dashboard/api/keys', cookie: session, body: { label: 'k' } })).body;
  await call({ op: K, path: '/dashboard/api/keys', cookie: { cookie: session.cookie, csrf: 'wrong' }, body: {} });
  const KD = 'delete /dashboard/api/keys/{keyId}';
  await call({ op: KD, path: `/dashboard/api/keys/${newKey.keyId}`, cookie: session });
  await call({ op: KD, path: '/dashboard/api/keys/key_nope', cookie: session });
  const PV = 'get /dashboard/api/campaigns/{id}/policy-versions';
  await call({ op: PV, path: `/dashboard/api/campaigns/${campaign.id}/policy-versions`, cookie: session });
  await call({ op: PV, path: '/dashboard/api/campaigns/cmp_nope/policy-versions', cookie: session });
  await call({ op: 'post /dashboard/api/logout', path: '/dashboard/api/logout', cookie: session });

  const all = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ms]) =>
    Object.keys(ms).map((m) => `${m} ${p}`),
  );
  t.same(
    all.filter((op) => !exercised.has(op)),
    [],
    'every operation of the document was exercised',
  );
});
