import t from 'tap';
import { startTestServer } from '../helpers/app.ts';

const SPEC_OPERATIONS = [
  'get /api/v2/campaigns',
  'post /api/v2/campaigns',
  'get /api/v2/campaigns/{id}',
  'patch /api/v2/campaigns/{id}',
  'post /api/v2/campaigns/{id}/analyses',
  'get /api/v2/campaigns/{id}/analyses',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/clusters',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/clusters/{clusterLabel}',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/clusters/{clusterLabel}/evidence',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/clusters/{clusterLabel}/members',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/clusters/{clusterLabel}/export',
  'get /api/v2/campaigns/{id}/decisions',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/decisions',
  'get /api/v2/campaigns/{id}/analyses/{analysisId}/decisions/diff',
  'post /api/v2/campaigns/{id}/policy',
  'get /api/v2/webhooks',
  'post /api/v2/webhooks',
  'get /api/v2/webhooks/{id}',
  'patch /api/v2/webhooks/{id}',
  'delete /api/v2/webhooks/{id}',
  'get /api/v2/webhooks/{id}/deliveries',
  'post /api/v2/webhooks/{id}/deliveries/{deliveryId}/retry',
  'post /api/v1/analyze',
  'get /api/v1/analysis/{analysisId}',
  'post /api/v1/screening/scan',
  'post /api/screening/feedback',
];

t.test('the OpenAPI document lists every operation of the spec with its schemas', async (t) => {
  const srv = await startTestServer({ background: false });
  t.teardown(() => srv.close());
  const doc = (await srv.req('GET', '/openapi.json')).body;
  t.equal(doc.openapi, '3.1.0');
  t.equal(doc.info.version, '2.4.0');
  const ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, methods]) =>
    Object.keys(methods).map((m) => `${m} ${p}`),
  );
  for (const op of SPEC_OPERATIONS) t.ok(ops.includes(op), op);
  const ids = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((m) =>
    Object.values(m).map((o: any) => o.operationId),
  );
  t.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  t.same(
    doc.paths['/api/v2/campaigns'].post.requestBody.content['application/json'].schema.additionalProperties,
    false,
  );
  t.ok(doc.paths['/api/v2/campaigns/{id}/analyses'].post.requestBody.content['multipart/form-data']);
  const evidence = doc.paths['/api/v2/campaigns/{id}/analyses/{analysisId}/clusters/{clusterLabel}/evidence'].get;
  t.match(evidence.parameters.find((p: any) => p.name === 'limit').schema, { maximum: 200, default: 100 });
  t.equal(doc.paths['/api/screening/feedback'].post.security.length, 0, 'feedback needs no key');
  t.same(
    doc.paths['/dashboard/api/keys'].get.security,
    [{ dashboardSession: [] }],
    'dashboard routes are documented with their cookie session',
  );
  t.equal(doc.components.securitySchemes.dashboardSession.in, 'cookie');
  t.ok(
    doc.paths['/api/v2/campaigns/{id}/analyses/{analysisId}/decisions'].get.responses['304'],
    'immutable pages document 304',
  );
  t.notOk(JSON.stringify(doc).includes('/internal/admin'), 'the internal admin route is not published');
});
