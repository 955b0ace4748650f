import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { startTestServer } from '../helpers/app.ts';
import { loginLink, signIn } from '../helpers/dashboard.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/wallet-integrity.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-dash-'));
t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const srv = await startTestServer({ background: false, env: { DATA_DIR: dataDir } });
t.teardown(() => srv.close());

const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(srv.base + pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

t.test('the CLI prints a one-time link through the running server', async (t) => {
  // Asynchronous: the server answering the CLI runs in this process.
  const cli = (args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
          encoding: 'utf8',
          timeout: 60_000,
        },
        (_err, stdout, stderr) => resolve({ status: child.exitCode ?? -1, stdout, stderr }),
      );
    });
  t.match(await cli(['dashboard', 'login']), { status: 2, stderr: /--owner is required/ });
  t.match(await cli(['dashboard', 'login', '--owner', 'a', '--minutes', '0']), { status: 2, stderr: /--minutes/ });
  t.match(await cli(['dashboard', 'login', '--help']), { status: 0, stdout: /one-time/ });
  const r = await cli(['dashboard', 'login', '--owner', 'acme']);
  t.equal(r.status, 0, r.stderr);
  const link = r.stdout.trim().split('\n').at(-1)!;
  t.match(link, new RegExp(`^http://localhost:${new URL(srv.base).port}/dashboard/login\\?token=[A-Za-z0-9_-]{43}$`));
  const page = await fetch(link.replace('localhost', '127.0.0.1'));
  t.equal(page.status, 200);
  t.match(await page.text(), /Sign in as acme/);
});

t.test('login links: one use, expiry, unknown', async (t) => {
  const token = await loginLink(srv, 'alice');
  t.equal(
    (await fetch(`${srv.base}/dashboard/login?token=${token}`)).status,
    200,
    'opening the page does not use the link',
  );
  const ok = await post('/dashboard/login', { token });
  t.equal(ok.status, 200);
  const cookie = ok.headers.get('set-cookie')!;
  t.match(cookie, /^wi_dashboard=[A-Za-z0-9_-]{43};/);
  t.match(cookie, /path=\/dashboard/i);
  t.match(cookie, /samesite=strict/i);
  t.match(cookie, /httponly/i);
  t.notOk(cookie.includes(token), 'the session token is not the link token');
  t.notMatch(cookie, /;\s*secure/i, 'no Secure flag over plain http');
  t.match(await (await post('/dashboard/login', { token })).json(), { code: 'login_link_used' });
  t.equal((await post('/dashboard/login', { token })).status, 401);
  const reused = await fetch(`${srv.base}/dashboard/login?token=${token}`);
  t.equal(reused.status, 401);
  t.match(await reused.text(), /already used/);
  t.match(await (await post('/dashboard/login', { token: 'x'.repeat(43) })).json(), { code: 'login_link_invalid' });
  t.match(await (await post('/dashboard/login', {})).json(), { code: 'login_link_invalid' });

  const old = await loginLink(srv, 'alice');
  await srv.store.db
    .updateTable('dashboard_login_links')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('used_at', 'is', null)
    .execute();
  const expired = await post('/dashboard/login', { token: old });
  t.equal(expired.status, 401);
  t.match(await expired.json(), { error: /expired/, code: 'login_link_expired' });

  const form = await fetch(`${srv.base}/dashboard/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${await loginLink(srv, 'alice')}`,
  });
  t.equal(form.status, 303, 'a form post redirects to the dashboard');
  t.equal(form.headers.get('location'), '/dashboard/');
  const crossSite = await post(
    '/dashboard/login',
    { token: await loginLink(srv, 'alice') },
    { origin: 'https://evil.example' },
  );
  t.match(
    { status: crossSite.status, body: await crossSite.json() },
    { status: 403, body: { code: 'csrf_failed' } },
    'login CSRF is refused',
  );
});

t.test('sessions: 401 without or with a bad cookie, expiry, logout', async (t) => {
  t.match(await srv.req('GET', '/dashboard/api/session'), {
    status: 401,
    body: { error: String, code: 'session_required' },
  });
  t.match(await srv.req('GET', '/dashboard/api/session', { headers: { cookie: 'wi_dashboard=' + 'a'.repeat(43) } }), {
    status: 401,
    body: { code: 'session_required' },
  });
  const alice = await signIn(srv, 'alice');
  const s = await alice.req('GET', '/dashboard/api/session');
  t.match(s.body, { ownerId: 'alice', csrfToken: /^[A-Za-z0-9_-]{43}$/, plan: { plan: 'none' } });
  t.equal(
    (await srv.req('GET', '/dashboard/api/session', { key: await srv.key('alice') })).status,
    401,
    'an API key is no dashboard session',
  );
  t.equal(
    (await srv.req('GET', '/api/v2/campaigns', { headers: { cookie: alice.cookie } })).status,
    401,
    'a session cookie is no API key',
  );

  const other = await signIn(srv, 'alice');
  await srv.store.db
    .updateTable('dashboard_sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', 'is not', null)
    .where('revoked_at', 'is', null)
    .execute();
  t.match(await other.req('GET', '/dashboard/api/keys'), { status: 401, body: { code: 'session_expired' } });

  const carol = await signIn(srv, 'carol');
  const again = await fetch(`${srv.base}/dashboard/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: carol.cookie },
    body: JSON.stringify({ token: await loginLink(srv, 'carol') }),
  });
  t.equal(again.status, 200, 'signing in again in the same browser');
  t.not(again.headers.get('set-cookie')!.split(';')[0], carol.cookie, 'a new session cookie');
  t.match(
    await carol.req('GET', '/dashboard/api/keys'),
    { status: 401, body: { code: 'session_required' } },
    'the session it replaced is ended on the server',
  );

  const bob = await signIn(srv, 'bob');
  t.match(await bob.req('POST', '/dashboard/api/logout', undefined, { 'x-csrf-token': 'nope' }), {
    status: 403,
    body: { code: 'csrf_failed' },
  });
  const out = await bob.req('POST', '/dashboard/api/logout');
  t.equal(out.status, 200);
  t.match(out.headers.get('set-cookie'), /wi_dashboard=;/);
  t.match(await bob.req('GET', '/dashboard/api/keys'), { status: 401, body: { code: 'session_required' } });
});

t.test('behind an https reverse proxy: sign-in and changes work, the cookie is Secure', async (t) => {
  const proxy = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'integrity.example.com' };
  const origin = 'https://integrity.example.com';
  const res = await post(
    '/dashboard/login',
    { token: await loginLink(srv, 'grace') },
    { ...proxy, origin, 'sec-fetch-site': 'same-origin' },
  );
  t.equal(res.status, 200, 'the sign-in form posted from the public https address is accepted');
  const setCookie = res.headers.get('set-cookie') ?? '';
  t.match(setCookie, /;\s*secure/i, 'the session cookie is Secure');
  t.match(setCookie, /httponly/i);
  const cookie = setCookie.split(';')[0];
  const call = (method: string, pathname: string, headers: Record<string, string>, body?: unknown) =>
    srv.req(method, pathname, { headers: { cookie, ...headers }, body });
  const csrf = (await call('GET', '/dashboard/api/session', proxy)).body?.csrfToken;
  t.match(csrf, /^[A-Za-z0-9_-]{43}$/);
  t.match(
    await call(
      'POST',
      '/dashboard/api/keys',
      { ...proxy, origin, 'sec-fetch-site': 'same-origin', 'x-csrf-token': csrf },
      { label: 'proxied' },
    ),
    { status: 201, body: { label: 'proxied' } },
    'a same-origin change is accepted',
  );
  t.match(
    await call('POST', '/dashboard/api/keys', { ...proxy, origin: 'https://evil.example', 'x-csrf-token': csrf }, {}),
    { status: 403, body: { code: 'csrf_failed' } },
    'another origin is still refused',
  );
  t.match(
    await call(
      'POST',
      '/dashboard/api/keys',
      { ...proxy, origin: 'http://integrity.example.com', 'x-csrf-token': csrf },
      {},
    ),
    { status: 403, body: { code: 'csrf_failed' } },
    'the plain http origin is refused',
  );
  const caddy = await post(
    '/dashboard/login',
    { token: await loginLink(srv, 'grace') },
    { 'x-forwarded-proto': 'https', origin: srv.base.replace('http:', 'https:') },
  );
  t.equal(caddy.status, 200, 'a proxy that keeps the Host header and sets only X-Forwarded-Proto works too');
  t.match(caddy.headers.get('set-cookie'), /;\s*secure/i);
});

t.test('CSRF and keys', async (t) => {
  const carol = await signIn(srv, 'carol');
  t.match(await carol.req('POST', '/dashboard/api/keys', { label: 'x' }, { 'x-csrf-token': '' }), {
    status: 403,
    body: { code: 'csrf_failed' },
  });
  t.match(await carol.req('POST', '/dashboard/api/keys', { label: 'x' }, { origin: 'https://evil.example' }), {
    status: 403,
    body: { code: 'csrf_failed' },
  });
  t.match(await carol.req('POST', '/dashboard/api/keys', { label: 'x' }, { 'sec-fetch-site': 'cross-site' }), {
    status: 403,
    body: { code: 'csrf_failed' },
  });
  const created = await carol.req(
    'POST',
    '/dashboard/api/keys',
    { label: 'backend' },
    { origin: srv.base, 'sec-fetch-site': 'same-origin' },
  );
  t.equal(created.status, 201);
  t.match(created.body, { key: /^wik_/, label: 'backend', shownOnce: true });
  t.equal(
    (await srv.req('GET', '/api/v2/campaigns', { key: created.body.key })).status,
    200,
    'the new key works on the API',
  );
  const list = await carol.req('GET', '/dashboard/api/keys');
  t.match(list.body.keys, [
    { keyId: created.body.keyId, prefix: created.body.prefix, status: 'active', label: 'backend' },
  ]);
  t.notOk(list.text.includes(created.body.key.slice('wik_'.length + 13)), 'the listing never holds the secret');

  const daveKey = await srv.key('dave', 'none');
  const daveId = `key_${daveKey.split('_')[1]}`;
  t.match(
    await carol.req('DELETE', `/dashboard/api/keys/${daveId}`),
    { status: 404, body: { code: 'key_not_found' } },
    "another owner's key is 404",
  );
  t.equal((await srv.req('GET', '/api/v2/campaigns', { key: daveKey })).status, 200, 'and stays valid');
  t.match(await carol.req('DELETE', `/dashboard/api/keys/${created.body.keyId}`), {
    status: 200,
    body: { revoked: true },
  });
  t.equal(
    (await srv.req('GET', '/api/v2/campaigns', { key: created.body.key })).status,
    401,
    'a revoked key is refused',
  );
  t.match((await carol.req('GET', '/dashboard/api/keys')).body.keys, [{ status: 'revoked' }]);
});

t.test('the v2 API under /dashboard/api/v2 keeps ownership', async (t) => {
  const erin = await signIn(srv, 'erin');
  const frank = await srv.key('frank', 'none');
  const theirs = (
    await srv.req('POST', '/api/v2/campaigns', {
      key: frank,
      body: { name: 'frank only', campaignType: 'airdrop', chain: 'Base' },
    })
  ).body;
  const mine = await erin.req('POST', '/dashboard/api/v2/campaigns', {
    name: 'erin drop',
    campaignType: 'airdrop',
    chain: 'Base',
  });
  t.equal(mine.status, 201);
  t.match(await erin.req('GET', `/dashboard/api/v2/campaigns/${theirs.id}`), {
    status: 404,
    body: { code: 'campaign_not_found' },
  });
  t.match(await erin.req('PATCH', `/dashboard/api/v2/campaigns/${theirs.id}`, { lifecycle: 'active' }), {
    status: 404,
  });
  t.match(await erin.req('GET', `/dashboard/api/campaigns/${theirs.id}/policy-versions`), {
    status: 404,
    body: { code: 'campaign_not_found' },
  });
  t.notOk((await erin.req('GET', '/dashboard/api/v2/campaigns')).text.includes('frank only'));
  t.match(
    await erin.req(
      'PATCH',
      `/dashboard/api/v2/campaigns/${mine.body.id}`,
      { lifecycle: 'active' },
      { 'x-csrf-token': 'wrong' },
    ),
    { status: 403, body: { code: 'csrf_failed' } },
  );
  t.match(await erin.req('POST', `/dashboard/api/v2/campaigns/${mine.body.id}/policy`, { preset: 'strict' }), {
    status: 400,
    body: { code: 'validation_failed' },
  });
  t.match(
    await erin.req('POST', `/dashboard/api/v2/campaigns/${mine.body.id}/policy`, {
      preset: 'strict',
      rationale: 'bot wave',
    }),
    { status: 200, body: { version: 1 } },
  );
  t.match((await erin.req('GET', `/dashboard/api/campaigns/${mine.body.id}/policy-versions`)).body, {
    activeVersion: 1,
    versions: [{ version: 1, preset: 'strict', rationale: 'bot wave', activatedBy: 'dashboard' }],
  });
  t.match(
    await erin.req('GET', '/dashboard/api/v2/webhooks'),
    { status: 403, body: { code: 'growth_plan_required' } },
    'plan rules are those of the API',
  );
  t.match(await erin.req('GET', '/dashboard/api/nope'), { status: 404, body: { code: 'route_not_found' } });
});

t.test('the front end is served with a strict CSP', async (t) => {
  const page = await fetch(`${srv.base}/dashboard/`);
  t.equal(page.status, 200);
  t.match(page.headers.get('content-security-policy'), /script-src 'self'/);
  const html = await page.text();
  const js = /src="(\/dashboard\/assets\/app\.js\?v=\w+)"/.exec(html);
  t.ok(js, 'the page loads the bundle');
  const bundle = await fetch(srv.base + js![1]);
  t.equal(bundle.status, 200);
  t.match(bundle.headers.get('content-type'), /javascript/);
  t.equal((await fetch(`${srv.base}/dashboard/assets/nope.js`)).status, 404);
});

t.test('DASHBOARD_SESSION_HOURS sets the session and cookie lifetime', async (t) => {
  const short = await startTestServer({ background: false, env: { DASHBOARD_SESSION_HOURS: '2' } });
  t.teardown(() => short.close());
  const res = await fetch(`${short.base}/dashboard/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: await loginLink(short, 'ttl-owner') }),
  });
  t.equal(res.status, 200);
  const hours = (new Date(((await res.json()) as { expiresAt: string }).expiresAt).getTime() - Date.now()) / 3_600_000;
  t.ok(hours > 1.95 && hours <= 2, `session expires in ${hours.toFixed(3)} h`);
  const expires = /expires=([^;]+)/i.exec(res.headers.get('set-cookie') ?? '')?.[1];
  const cookieHours = (new Date(expires ?? 0).getTime() - Date.now()) / 3_600_000;
  t.ok(cookieHours > 1.95 && cookieHours <= 2.01, `the cookie expires in ${cookieHours.toFixed(3)} h`);
});
