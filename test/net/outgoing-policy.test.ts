/** One address policy for all outgoing requests: registries as data, metadata always refused, a setting per purpose. */
import t from 'tap';
import http from 'node:http';
import ipaddr from 'ipaddr.js';
import { pino } from 'pino';
import { checkAddress } from '../../src/net/address-policy.ts';
import { createSafeHttpClient } from '../../src/net/safe-http-client.ts';
import { CLOUD_METADATA, IPV4_SPECIAL, IPV6_SPECIAL } from '../../src/net/special-purpose-registry.ts';
import { toConfig } from '../../src/core/config.ts';
import { createApp } from '../../src/app/app.ts';
import { openStore } from '../../storage/store.ts';
import { startTestServer } from '../helpers/app.ts';

/** The first, a middle and the last address of a CIDR block. */
function samples(cidr: string): string[] {
  const [net, bits] = ipaddr.parseCIDR(cidr);
  const bytes = net.toByteArray();
  const hostBits = bytes.length * 8 - bits;
  const withHostBits = (fill: (bit: number) => boolean): string => {
    const b = [...bytes];
    for (let i = 0; i < hostBits; i++) {
      const pos = b.length * 8 - 1 - i;
      if (fill(i)) b[pos >> 3] |= 1 << (7 - (pos & 7));
    }
    return ipaddr.fromByteArray(b).toString();
  };
  return [withHostBits(() => false), withHostBits((i) => i === 0), withHostBits(() => true)];
}

t.test('every entry of the IANA special-purpose registries is refused (first, second and last address)', async (t) => {
  for (const r of [...IPV4_SPECIAL, ...IPV6_SPECIAL])
    for (const ip of samples(r.cidr)) t.equal(checkAddress(ip).allowed, false, `${ip} in ${r.cidr} (${r.name})`);
});

t.test('cloud metadata and wire-server addresses are refused, even with an unsafe setting on', async (t) => {
  for (const ip of ['168.63.129.16', '169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '::ffff:168.63.129.16']) {
    const v = checkAddress(ip, { allowPrivate: true });
    t.equal(v.allowed, false, ip);
    t.match(v.reason, /metadata/, ip);
  }
  for (const r of CLOUD_METADATA) t.equal(checkAddress(r.cidr.split('/')[0], { allowPrivate: true }).allowed, false);
  t.equal(checkAddress('127.0.0.1', { allowPrivate: true }).allowed, true, 'the setting lets loopback through');
  t.equal(checkAddress('168.63.129.17').allowed, true, 'the WireServer neighbour is an ordinary public address');
  const client = createSafeHttpClient({ allowPrivate: true, allowHttp: true, timeoutMs: 1000 });
  await t.rejects(client.request('http://168.63.129.16/machine?comp=goalstate', { method: 'GET' }), {
    code: 'destination_blocked',
  });
  await t.rejects(client.request('http://metadata.google.internal/computeMetadata/v1/', { method: 'GET' }), {
    code: 'destination_blocked',
  });
});

t.test('webhooks and URL scans have separate settings', async (t) => {
  const site = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<html><head><title>internal admin</title></head><body>secret</body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  t.teardown(() => site.close());
  const url = `http://127.0.0.1:${(site.address() as { port: number }).port}/`;
  const scanWith = async (env: Record<string, string>) => {
    const srv = await startTestServer({ background: false, env });
    try {
      const key = await srv.key('ssrf', 'growth');
      const scan = (value: string) =>
        srv.req('POST', '/api/v1/screening/scan', { key, body: { type: 'url', chain: 'evm', value } });
      const hook = await srv.req('POST', '/api/v2/webhooks', { key, body: { url: 'https://168.63.129.16/hook' } });
      return { loopback: (await scan(url)).body, wire: (await scan('http://168.63.129.16/machine')).body, hook };
    } finally {
      await srv.close();
    }
  };
  const webhookOnly = await scanWith({ UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1' });
  t.equal(webhookOnly.loopback.metadata.sandbox.fetched, false, 'the webhook setting does not open scans');
  t.match(webhookOnly.loopback.metadata.sandbox.reason, /destination_blocked/);
  t.notMatch(JSON.stringify(webhookOnly.loopback), /internal admin/, 'nothing of the page is reflected');
  t.match(webhookOnly.hook, { status: 400, body: { code: 'webhook_url_not_allowed' } }, 'WireServer webhook refused');
  const scanOnly = await scanWith({ UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1' });
  t.equal(scanOnly.loopback.metadata.sandbox.fetched, true, 'the scan setting opens loopback scans');
  t.equal(scanOnly.wire.metadata.sandbox.fetched, false, 'never the WireServer');
  t.match(scanOnly.wire.metadata.sandbox.reason, /destination_blocked.*metadata/);
  const neither = await scanWith({});
  t.equal(neither.loopback.metadata.sandbox.fetched, false);
  t.equal(neither.wire.metadata.sandbox.fetched, false);
});

t.test('each unsafe setting that is on is logged at start, none when off', async (t) => {
  const started = async (env: Record<string, string>) => {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const store = await openStore({ inMemory: true });
    const app = await createApp(toConfig({ DATA_DIR: '/tmp/wi-test-unused', ...env }), {
      store,
      log,
      background: false,
    });
    await app.stop();
    return lines.filter((l) => l.level === 40 && /UNSAFE/.test(String(l.msg))).map((l) => l.setting);
  };
  t.same(await started({}), []);
  t.same(await started({ UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1' }), ['UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS']);
  t.same(
    (await started({ UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1', UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' })).sort(),
    ['UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS', 'UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS'],
  );
});
