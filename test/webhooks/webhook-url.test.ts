/** Webhook URL rules at creation match what delivery can do: refused at once instead of failing at every attempt. */
import t from 'tap';
import { startTestServer } from '../helpers/app.ts';
import { createSafeHttpClient } from '../../src/net/safe-http-client.ts';

const srv = await startTestServer({ background: false });
t.teardown(() => srv.close());
const key = await srv.key('hooks', 'growth');
const create = (url: string) => srv.req('POST', '/api/v2/webhooks', { key, body: { url } });

t.test('URLs delivery could never reach are refused at creation', async (t) => {
  for (const url of [
    'https://test/hook',
    'https://test./hook',
    'https://intranet:8443/hook',
    'https://hooks.example.com:0/hook',
    'https://168.63.129.16/hook',
    'https://[fd00:ec2::254]/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata.goog/',
    'https://printer.local/hook',
    'http://hooks.example.com/hook',
    'https://user:pw@hooks.example.com/hook',
  ]) {
    const r = await create(url);
    t.equal(r.status, 400, url);
    t.match(r.body, { code: 'webhook_url_not_allowed', error: String }, url);
  }
  t.equal((await srv.req('GET', '/api/v2/webhooks', { key })).body.webhooks?.length ?? 0, 0, 'nothing stored');
});

t.test('international host names are accepted and stored in punycode', async (t) => {
  const r = await create('https://bücher.example/hook');
  t.equal(r.status, 201);
  t.equal(r.body.url, 'https://xn--bcher-kva.example/hook');
  const upper = await create('https://HOOKS.BÜCHER.example:8443/a');
  t.equal(upper.status, 201);
  t.equal(upper.body.url, 'https://hooks.xn--bcher-kva.example:8443/a');
  const patched = await srv.req('PATCH', `/api/v2/webhooks/${r.body.id}`, { key, body: { url: 'https://ü.example/' } });
  t.equal(patched.status, 200);
  t.equal(patched.body.url, 'https://xn--tda.example/');
  t.match(await create('https://xn--zz.example/'), { status: 400 }, 'broken punycode is refused');
});

t.test('ordinary public URLs are accepted', async (t) => {
  for (const url of [
    'https://hooks.example.com/wallet-integrity',
    'https://hooks.example.com.:443/x',
    'https://8.8.8.8/x',
  ])
    t.equal((await create(url)).status, 201, url);
});

t.test('the delivery client refuses the same port and metadata hosts', async (t) => {
  const client = createSafeHttpClient({ allowHttp: true, timeoutMs: 1000 });
  await t.rejects(client.request('https://hooks.example.com:0/', { method: 'POST' }), { code: 'invalid_url' });
  await t.rejects(client.request('https://metadata.google.internal/', { method: 'POST' }), {
    code: 'destination_blocked',
  });
});
