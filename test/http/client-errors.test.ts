/** Client mistakes in transport (content encoding, methods) are 4xx/501 JSON {error, code}, never a 500. */
import t from 'tap';
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestServer } from '../helpers/app.ts';

const srv = await startTestServer({ background: false });
t.teardown(() => srv.close());
const key = await srv.key('client-errors', 'growth');
const campaign = JSON.stringify({ name: 'enc', campaignType: 'airdrop', chain: 'Ethereum' });

/** A raw request through node:http (fetch refuses TRACE and some methods). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const url = new URL(srv.base + path);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { authorization: `Bearer ${key}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const post = (encoding: string, body: Buffer | string) =>
  raw('POST', '/api/v2/campaigns', { 'content-type': 'application/json', 'content-encoding': encoding }, body);

async function campaignCount(): Promise<number> {
  return (await srv.req('GET', '/api/v2/campaigns', { key })).body.campaigns.length;
}

for (const encoding of ['gzip', 'deflate', 'br']) {
  t.test(`a body that is not ${encoding}-compressed though it says so is 400 invalid_content_encoding`, async (t) => {
    const before = await campaignCount();
    const r = await post(encoding, campaign);
    t.equal(r.status, 400);
    t.match(r.body, { code: 'invalid_content_encoding', error: String });
    t.equal(await campaignCount(), before, 'nothing stored');
  });
}

t.test('a truncated gzip body is 400 invalid_content_encoding', async (t) => {
  const gz = zlib.gzipSync(campaign);
  const r = await post('gzip', gz.subarray(0, gz.length - 10));
  t.equal(r.status, 400);
  t.match(r.body, { code: 'invalid_content_encoding' });
});

t.test('a truncated brotli body is 400 invalid_content_encoding', async (t) => {
  const br = zlib.brotliCompressSync(campaign);
  const r = await post('br', br.subarray(0, 4));
  t.equal(r.status, 400);
  t.match(r.body, { code: 'invalid_content_encoding' });
});

t.test('an unsupported content encoding is 400 invalid_content_encoding', async (t) => {
  const r = await post('compress', campaign);
  t.equal(r.status, 400);
  t.match(r.body, { code: 'invalid_content_encoding' });
});

t.test('a well-formed gzip body is still accepted', async (t) => {
  const r = await post('gzip', zlib.gzipSync(campaign));
  t.equal(r.status, 201);
});

t.test('a wrong content type is 400 unsupported_media_type (the spec lists 400)', async (t) => {
  const r = await raw('POST', '/api/v2/campaigns', { 'content-type': 'text/plain' }, campaign);
  t.equal(r.status, 400);
  t.match(r.body, { code: 'unsupported_media_type' });
});

for (const method of ['PROPFIND', 'TRACE', 'MKCOL', 'LOCK', 'SEARCH']) {
  t.test(`${method} is 501 method_not_implemented JSON`, async (t) => {
    for (const path of ['/api/v2/campaigns', '/no/such/path']) {
      const r = await raw(method, path);
      t.equal(r.status, 501, path);
      t.match(r.body, { code: 'method_not_implemented', error: String }, path);
      t.match(r.headers['content-type'], /application\/json/);
    }
  });
}

for (const method of ['PUT', 'DELETE']) {
  t.test(`${method} on a route without it is 405 with Allow`, async (t) => {
    const r = await raw(method, '/api/v2/campaigns');
    t.equal(r.status, 405);
    t.match(r.body, { code: 'method_not_allowed', error: String });
    t.match(r.headers.allow, /GET/);
    t.match(r.headers.allow, /POST/);
  });
}
