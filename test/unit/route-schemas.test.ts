// Request schemas are written once (TypeBox) and serve validation, the OpenAPI document and the handlers' types.
// What callers see of them: defaulted query parameters are optional, the rest as declared, enums stay `enum`.
import t from 'tap';
import { allRoutes } from '../../src/http/routes/all-routes.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { requiredQueryParams } from '../../src/http/route-def.ts';
import { compileBody } from '../../src/http/validate.ts';
import { campaignCreateSchema } from '../../src/http/schemas/campaign-schemas.ts';

type Param = { name: string; in: string; required: boolean; schema: Record<string, unknown> };
const doc = buildOpenApi(allRoutes) as { paths: Record<string, Record<string, { parameters?: Param[] }>> };
const queryParams = (path: string, method: string): Param[] =>
  (doc.paths[path][method].parameters ?? []).filter((p) => p.in === 'query');

t.test('a query parameter with a default is optional for callers', async (t) => {
  let defaulted = 0;
  for (const [path, methods] of Object.entries(doc.paths))
    for (const method of Object.keys(methods))
      for (const p of queryParams(path, method))
        if ('default' in p.schema) {
          defaulted++;
          t.equal(p.required, false, `${method} ${path} ?${p.name}`);
        }
  t.ok(defaulted >= 10, `limits and formats carry defaults (${defaulted})`);
});

t.test('a parameter without a default stays required where the route says so', async (t) => {
  const diff = queryParams('/api/v2/campaigns/{id}/analyses/{analysisId}/decisions/diff', 'get');
  t.same(
    diff.filter((p) => p.required).map((p) => p.name),
    ['compareTo'],
  );
  const route = allRoutes.find((r) => r.operationId === 'diffAnalysisDecisions' || r.path.endsWith('/diff'));
  t.same(route && requiredQueryParams(route), ['compareTo']);
});

t.test('enums are published as enum, and their validation message names the values', async (t) => {
  const published = JSON.parse(JSON.stringify(campaignCreateSchema.properties.chain));
  t.same(Object.keys(published), ['enum']);
  const validate = compileBody(campaignCreateSchema);
  t.throws(() => validate({ name: 'x', campaignType: 'airdrop', chain: 'Mars' }), {
    code: 'validation_failed',
    message: /chain: must be one of Ethereum, Base/,
  });
  t.same(validate({ name: 'x', campaignType: 'airdrop', chain: 'Base' }), {
    name: 'x',
    campaignType: 'airdrop',
    chain: 'Base',
  });
});
