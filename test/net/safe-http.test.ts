import t from 'tap';
import { checkAddress } from '../../src/net/address-policy.ts';
import { createSafeHttpClient } from '../../src/net/safe-http-client.ts';
import { startReceiver } from '../helpers/receiver.ts';

t.test('address policy: only public unicast passes', async (t) => {
  const blocked = [
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.18.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::5',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    '2001::1',
    '2001:db8::1',
    'not-an-ip',
    // reserved IPv6 outside global unicast 2000::/3 (IPv4-compatible ::/96 among it), IETF protocol space, local-use
    // NAT64
    '::7f00:1',
    '::a00:1',
    '::a9fe:a9fe',
    '::2',
    '1::1',
    '4000::1',
    'e000::1',
    '2001:1::1',
    '64:ff9b:1::808:808',
    '64:ff9b:1:7f00:0:100:808:808',
  ];
  for (const ip of blocked) t.equal(checkAddress(ip).allowed, false, `${ip} is blocked (${checkAddress(ip).reason})`);
  for (const ip of [
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2001:200::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])
    t.equal(checkAddress(ip).allowed, true, `${ip} is public`);
});

t.test('the client refuses private destinations in every spelling before connecting', async (t) => {
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  const client = createSafeHttpClient({ allowHttp: true, timeoutMs: 2000 });
  const p = rec.port;
  for (const url of [
    `http://127.0.0.1:${p}/`,
    `http://localhost:${p}/`,
    `http://2130706433:${p}/`,
    `http://0x7f.1:${p}/`,
    `http://0177.0.0.1:${p}/`,
    `http://127.1:${p}/`,
    `http://[::1]:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://[::]:${p}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://[fd00::1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::1]/',
    `http://[::7f00:1]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
  ]) {
    await t.rejects(client.request(url, { method: 'GET' }), { code: 'destination_blocked' }, url);
  }
  t.equal(rec.received.length, 0, 'no request reached the loopback receiver');
  await t.rejects(
    createSafeHttpClient().request(`http://example.com/`, { method: 'GET' }),
    { code: 'scheme_not_allowed' },
    'plain http only where allowed',
  );
  await t.rejects(client.request('https://user:pw@example.com/', { method: 'GET' }), { code: 'invalid_url' });
  await t.rejects(client.request('not a url', { method: 'GET' }), { code: 'invalid_url' });
});

t.test('DNS answers are validated at every request, and a public-then-private rebinding is caught', async (t) => {
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  let calls = 0;
  const rebinding = async () =>
    calls++ === 0 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
  const client = createSafeHttpClient({ allowHttp: true, timeoutMs: 1000, lookup: rebinding });
  const first = await client.request(`http://rebind.example:${rec.port}/`, { method: 'GET' }).then(
    () => null,
    (err) => err,
  );
  t.not(
    first?.code,
    'destination_blocked',
    'first answer public: the connection is pinned to it (unreachable offline), never to loopback',
  );
  t.equal(rec.received.length, 0);
  await t.rejects(
    client.request(`http://rebind.example:${rec.port}/`, { method: 'GET' }),
    { code: 'destination_blocked' },
    'second request re-resolves and is blocked',
  );
  const mixed = createSafeHttpClient({
    allowHttp: true,
    lookup: async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ],
  });
  await t.rejects(
    mixed.request('http://mixed.example/', { method: 'GET' }),
    { code: 'destination_blocked' },
    'every resolved address must be public',
  );
  const pinnedToLoopback = createSafeHttpClient({
    allowPrivate: true,
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  const r = await pinnedToLoopback.request(`http://any-name.example:${rec.port}/hook`, { method: 'GET' });
  t.equal(r.status, 200);
  t.equal(r.remoteAddress, '127.0.0.1');
  t.equal(
    rec.received[0].headers.host,
    `any-name.example:${rec.port}`,
    'the Host header keeps the name while the socket is pinned',
  );
  await t.rejects(
    createSafeHttpClient({
      lookup: async () => {
        throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
      },
    }).request('https://nowhere.example/', { method: 'GET' }),
    { code: 'dns_failed' },
  );
  const hanging = createSafeHttpClient({ timeoutMs: 300, lookup: () => new Promise(() => {}) });
  const t0 = Date.now();
  const outcome = await Promise.race([
    hanging.request('https://slow-dns.example/', { method: 'GET' }).then(
      () => 'answered',
      (err) => err.code,
    ),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
  ]);
  t.equal(
    outcome,
    'timeout',
    'the timeout covers name resolution: a resolver that never answers does not hold the attempt',
  );
  t.ok(Date.now() - t0 < 2000);
});

t.test('loopback receivers with the unsafe setting: redirects, timeouts, size caps', async (t) => {
  const rec = await startReceiver();
  t.teardown(() => rec.close());
  const client = createSafeHttpClient({ allowPrivate: true, timeoutMs: 300, maxResponseBytes: 1000 });
  rec.respond = () => ({ status: 201, headers: { 'x-a': 'b' }, body: 'ok' });
  const ok = await client.request(rec.url, {
    method: 'POST',
    body: '{"x":1}',
    headers: { 'content-type': 'application/json' },
  });
  t.match(ok, { status: 201, headers: { 'x-a': 'b' }, truncated: false, redirectLocation: null });
  t.equal(ok.body.toString(), 'ok');
  t.equal(rec.received.at(-1)!.body, '{"x":1}');
  rec.respond = () => ({ status: 302, headers: { location: 'http://169.254.169.254/' } });
  const redirected = await client.request(rec.url, { method: 'GET' });
  t.equal(redirected.status, 302);
  t.equal(redirected.redirectLocation, 'http://169.254.169.254/', 'the redirect is reported, not followed');
  rec.respond = () => ({ status: 200, body: 'x'.repeat(5000) });
  const cut = await client.request(rec.url, { method: 'GET' });
  t.equal(cut.truncated, true);
  t.equal(cut.body.length, 1000, 'nothing past the cap is kept');
  await t.rejects(
    createSafeHttpClient({ allowPrivate: true, maxResponseBytes: 1000, onOversize: 'error' }).request(rec.url, {
      method: 'GET',
    }),
    { code: 'response_too_large' },
  );
  rec.respond = () => 'hang';
  const t0 = Date.now();
  await t.rejects(client.request(rec.url, { method: 'GET' }), { code: 'timeout' });
  t.ok(Date.now() - t0 < 2000, 'the timeout is enforced');
});
