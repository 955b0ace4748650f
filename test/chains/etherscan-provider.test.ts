/**
 * The Etherscan-compatible provider against a local server answering like Etherscan v2 / Blockscout
 * (response shapes from docs.etherscan.io "Accounts" and "Common Error Messages"; see test/helpers/chain-servers.ts).
 */
import t from 'tap';
import { toConfig, type Env } from '../../src/core/config.ts';
import { createEtherscanProvider } from '../../src/chains/providers/etherscan-provider.ts';
import { createProviderRegistry } from '../../src/chains/providers/provider-registry.ts';
import { startEtherscanServer, txRow, internalRow, tokenRow, type EtherscanRow } from '../helpers/chain-servers.ts';
import { evm } from '../helpers/fixtures.ts';

const wallet = evm('wallet');
const funder = evm('funder');
const other = evm('other');
const usdc = { contract: evm('usdc'), symbol: 'USDC', decimals: 6 };
const ETH = '1000000000000000000';

function provider(url: string, env: Env = {}): ReturnType<typeof createEtherscanProvider> {
  const config = toConfig({
    CHAIN_PROVIDER_ETHEREUM: 'etherscan',
    CHAIN_PROVIDER_ETHEREUM_URL: url,
    CHAIN_PROVIDER_ETHEREUM_API_KEY: 'TESTKEY',
    CHAIN_PROVIDER_ETHEREUM_RATE_PER_SECOND: '1000',
    CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
    CHAIN_FETCH_BACKOFF_MS: '5',
    CHAIN_FETCH_TIMEOUT_MS: '2000',
    ...env,
  });
  return createEtherscanProvider(config.chainProviders.Ethereum, config.chainFetch);
}

t.test('parses txlist, txlistinternal and tokentx into transfers', async (t) => {
  const srv = await startEtherscanServer({
    txlist: [
      txRow(funder, wallet, '250000000000000000', 1_700_000_000),
      txRow(wallet, other, ETH, 1_700_000_100),
      txRow(wallet, other, '0', 1_700_000_200, { input: '0xa9059cbb', methodId: '0xa9059cbb' }),
      txRow(wallet, other, ETH, 1_700_000_300, { isError: '1', txreceipt_status: '0' }),
      txRow(wallet, '', '0', 1_700_000_400, { contractAddress: evm('created') }),
    ],
    txlistinternal: [internalRow(evm('router'), wallet, '5000000000000000', 1_700_000_500)],
    tokentx: [
      tokenRow(other, wallet, '1500000', 1_700_000_600, usdc),
      tokenRow(evm('poisoner'), wallet, '0', 1_700_000_700, usdc),
    ],
  });
  t.teardown(() => srv.close());
  const h = await provider(srv.url).fetchWallet(wallet);
  t.equal(h.partial, false);
  t.same(
    h.transfers.map((x) => [x.from, x.to, x.amount, x.asset]),
    [
      [funder, wallet, '0.25', 'ETH'],
      [wallet, other, '1', 'ETH'],
      [evm('router'), wallet, '0.005', 'ETH'],
      [other, wallet, '1.5', usdc.contract],
    ],
    'failed, zero-value and contract-creation rows are skipped',
  );
  t.equal(h.transfers[0].blockTime, 1_700_000_000);
  t.match(h.transfers[0].txHash, /^0x[0-9a-f]{64}$/);
  const q = srv.seen[0].url.searchParams;
  t.match(Object.fromEntries(q), {
    chainid: '1',
    module: 'account',
    action: 'txlist',
    address: wallet,
    page: '1',
    sort: 'asc',
    apikey: 'TESTKEY',
  });
  t.same(
    srv.seen.map((s) => s.url.searchParams.get('action')),
    ['txlist', 'txlistinternal', 'tokentx'],
    'one page per short list',
  );
});

t.test(
  'a contract creation pays the created contract; token mints and burns (the zero address) are skipped',
  async (t) => {
    const zero = '0x0000000000000000000000000000000000000000';
    const deployed = evm('deployed-with-value');
    const factory = evm('account-factory');
    const account = evm('smart-account');
    const srv = await startEtherscanServer({
      // Etherscan lists a creation with an empty `to` and the new contract in contractAddress (txlist and
      // txlistinternal type "create")
      txlist: [
        txRow(wallet, '', '300000000000000000', 1_700_000_000, {
          contractAddress: deployed,
          input: '0x60806040',
          methodId: '0x60806040',
        }),
      ],
      txlistinternal: [
        internalRow(factory, '', '40000000000000000', 1_700_000_100, {
          contractAddress: account,
          type: 'create2',
          traceId: '0',
        }),
      ],
      tokentx: [
        tokenRow(zero, wallet, '1000000', 1_700_000_200, usdc),
        tokenRow(wallet, zero, '400000', 1_700_000_300, usdc),
        tokenRow(other, wallet, '2000000', 1_700_000_400, usdc),
      ],
    });
    t.teardown(() => srv.close());
    const h = await provider(srv.url).fetchWallet(wallet);
    t.same(
      h.transfers.map((x) => [x.from, x.to, x.amount, x.asset]),
      [
        [wallet, deployed, '0.3', 'ETH'],
        [other, wallet, '2', usdc.contract],
      ],
      'the deployment with value is kept; the mint from and burn to the zero address are not transfers',
    );
    const created = await provider(srv.url).fetchWallet(account);
    t.same(
      created.transfers.map((x) => [x.from, x.to, x.amount, x.asset]),
      [[factory, account, '0.04', 'ETH']],
      'a contract wallet created with value is funded by its creator',
    );
  },
);

t.test('pages the earliest page ascending, then the newest descending, up to the page cap', async (t) => {
  const rows: EtherscanRow[] = Array.from({ length: 9 }, (_, i) =>
    txRow(i === 0 ? funder : other, wallet, ETH, 1_700_000_000 + i),
  );
  const srv = await startEtherscanServer({ txlist: rows, txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  const capped = await provider(srv.url, { CHAIN_FETCH_PAGE_SIZE: '2', CHAIN_FETCH_MAX_PAGES: '3' }).fetchWallet(
    wallet,
  );
  t.equal(capped.partial, true, 'the cap cut the history');
  t.same(
    capped.transfers.map((x) => x.blockTime),
    [1_700_000_000, 1_700_000_001, 1_700_000_008, 1_700_000_007, 1_700_000_006, 1_700_000_005],
    'first funding kept with the newest pages',
  );
  const txlistCalls = srv.seen
    .filter((s) => s.url.searchParams.get('action') === 'txlist')
    .map((s) => `${s.url.searchParams.get('sort')}:${s.url.searchParams.get('page')}`);
  t.same(txlistCalls, ['asc:1', 'desc:1', 'desc:2']);

  srv.seen.length = 0;
  const whole = await provider(srv.url, { CHAIN_FETCH_PAGE_SIZE: '4', CHAIN_FETCH_MAX_PAGES: '5' }).fetchWallet(wallet);
  t.equal(whole.partial, false, 'a short page ends the list');
  t.equal(whole.transfers.length, 9, 'overlap between the ascending and descending pages is removed');
});

t.test('stops at the provider result window (page x offset <= 10000)', async (t) => {
  const rows: EtherscanRow[] = Array.from({ length: 12 }, (_, i) => txRow(other, wallet, ETH, 1_700_000_000 + i));
  const srv = await startEtherscanServer({ txlist: rows, txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  const h = await provider(srv.url, { CHAIN_FETCH_PAGE_SIZE: '5000', CHAIN_FETCH_MAX_PAGES: '5' }).fetchWallet(wallet);
  t.equal(h.transfers.length, 12);
  t.equal(h.partial, false);
  srv.inject({
    body: {
      status: '0',
      message: 'NOTOK',
      result: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
    },
  });
  const cut = await provider(srv.url).fetchWallet(wallet);
  t.equal(cut.partial, true, 'the window answer ends paging as partial, not as a failure');
});

t.test('retries NOTOK rate-limit answers, treats "No transactions found" as empty', async (t) => {
  const srv = await startEtherscanServer({
    txlist: [txRow(funder, wallet, ETH, 1_700_000_000)],
    txlistinternal: [],
    tokentx: [],
  });
  t.teardown(() => srv.close());
  srv.inject(
    {
      body: {
        status: '0',
        message: 'NOTOK',
        result: 'Max rate limit reached, please use API Key for higher rate limit',
      },
    },
    { body: { status: '0', message: 'NOTOK', result: 'Max calls per sec rate limit reached (3/sec)' } },
  );
  const p = provider(srv.url);
  const h = await p.fetchWallet(wallet);
  t.equal(h.transfers.length, 1);
  t.equal(srv.seen.length, 5, 'two rate-limited answers retried, then three lists');
  t.equal(p.requests, 5);
});

t.test('429 with Retry-After waits before retrying', async (t) => {
  const srv = await startEtherscanServer({
    txlist: [txRow(funder, wallet, ETH, 1_700_000_000)],
    txlistinternal: [],
    tokentx: [],
  });
  t.teardown(() => srv.close());
  srv.inject({ status: 429, headers: { 'retry-after': '1' }, body: 'Too Many Requests' });
  const started = Date.now();
  const h = await provider(srv.url).fetchWallet(wallet);
  t.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms for Retry-After: 1`);
  t.equal(h.transfers.length, 1);
});

t.test('429 without Retry-After backs off exponentially', async (t) => {
  const srv = await startEtherscanServer({ txlist: [], txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  srv.inject({ status: 429, body: '' }, { status: 429, body: '' }, { status: 429, body: '' });
  const started = Date.now();
  await provider(srv.url, { CHAIN_FETCH_BACKOFF_MS: '100' }).fetchWallet(wallet);
  t.ok(Date.now() - started >= (100 + 200 + 400) * 0.75, `waited ${Date.now() - started} ms over three backoffs`);
});

t.test('5xx is retried, and fails with provider_unavailable once retries are spent', async (t) => {
  const srv = await startEtherscanServer({ txlist: [], txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  srv.inject({ status: 502, body: '<html>Bad Gateway</html>' });
  t.same((await provider(srv.url).fetchWallet(wallet)).transfers, [], 'one 502 then success');
  srv.seen.length = 0;
  srv.inject({ status: 500, body: '' }, { status: 503, body: '' }, { status: 500, body: '' });
  await t.rejects(provider(srv.url, { CHAIN_FETCH_MAX_RETRIES: '2' }).fetchWallet(wallet), {
    code: 'provider_unavailable',
  });
  t.equal(srv.seen.length, 3, 'first attempt + 2 retries');
});

t.test('a hanging provider times out and is retried', async (t) => {
  const srv = await startEtherscanServer({
    txlist: [txRow(funder, wallet, ETH, 1_700_000_000)],
    txlistinternal: [],
    tokentx: [],
  });
  t.teardown(() => srv.close());
  srv.inject({ hang: true });
  const h = await provider(srv.url, { CHAIN_FETCH_TIMEOUT_MS: '200' }).fetchWallet(wallet);
  t.equal(h.transfers.length, 1);
  srv.inject({ hang: true }, { hang: true });
  await t.rejects(
    provider(srv.url, { CHAIN_FETCH_TIMEOUT_MS: '200', CHAIN_FETCH_MAX_RETRIES: '1' }).fetchWallet(wallet),
    { code: 'timeout' },
  );
});

t.test('a non-rate-limit NOTOK fails at once; loopback providers need CHAIN_PROVIDER_ALLOW_PRIVATE', async (t) => {
  const srv = await startEtherscanServer({ txlist: [], txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  srv.inject({ body: { status: '0', message: 'NOTOK', result: 'Invalid API Key' } });
  await t.rejects(provider(srv.url).fetchWallet(wallet), { code: 'provider_error', message: /Invalid API Key/ });
  t.equal(srv.seen.length, 1, 'not retried');
  await t.rejects(provider(srv.url, { CHAIN_PROVIDER_ALLOW_PRIVATE: '0' }).fetchWallet(wallet), {
    code: 'scheme_not_allowed',
  });
  await t.rejects(
    provider(srv.url.replace('http:', 'https:'), { CHAIN_PROVIDER_ALLOW_PRIVATE: '0' }).fetchWallet(wallet),
    { code: 'destination_blocked' },
  );
});

t.test('"Too many invalid api key attempts" is not retried as a rate limit', async (t) => {
  const srv = await startEtherscanServer({ txlist: [], txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  srv.inject({
    body: { status: '0', message: 'NOTOK', result: 'Too many invalid api key attempts, please try again later' },
  });
  await t.rejects(provider(srv.url).fetchWallet(wallet), { code: 'provider_error', message: /invalid api key/ });
  t.equal(srv.seen.length, 1, 'retrying a bad key only prolongs the throttle');
});

t.test('chains on one Etherscan endpoint share one rate limit (the lowest configured)', async (t) => {
  const srv = await startEtherscanServer({ txlist: [], txlistinternal: [], tokentx: [] });
  t.teardown(() => srv.close());
  const config = toConfig({
    CHAIN_PROVIDER_ETHEREUM: 'etherscan',
    CHAIN_PROVIDER_ETHEREUM_URL: srv.url,
    CHAIN_PROVIDER_ETHEREUM_API_KEY: 'TESTKEY',
    CHAIN_PROVIDER_ETHEREUM_RATE_PER_SECOND: '3',
    CHAIN_PROVIDER_BASE: 'etherscan',
    CHAIN_PROVIDER_BASE_URL: srv.url,
    CHAIN_PROVIDER_BASE_API_KEY: 'TESTKEY',
    CHAIN_PROVIDER_BASE_RATE_PER_SECOND: '2',
    CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
  });
  const registry = createProviderRegistry(config.chainProviders, config.chainFetch);
  await Promise.all([
    registry.forChain('Ethereum')!.fetchWallet(wallet),
    registry.forChain('Base')!.fetchWallet(wallet),
  ]);
  t.same(srv.seen.map((s) => s.url.searchParams.get('chainid')).sort(), ['1', '1', '1', '8453', '8453', '8453']);
  const at = srv.seen.map((s) => s.at).sort((a, b) => a - b);
  for (let i = 2; i < at.length; i++)
    t.ok(
      at[i] - at[i - 2] >= 900,
      `requests ${i - 2} and ${i} are ${at[i] - at[i - 2]} ms apart: at most 2 per second over both chains`,
    );
});

t.test('Blockscout: same actions without chainid', async (t) => {
  const srv = await startEtherscanServer(
    { txlist: [txRow(funder, wallet, ETH, 1_700_000_000)], txlistinternal: [], tokentx: [] },
    '/api',
  );
  t.teardown(() => srv.close());
  const config = toConfig({
    CHAIN_PROVIDER_BASE: 'blockscout',
    CHAIN_PROVIDER_BASE_URL: srv.url,
    CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
  });
  const h = await createEtherscanProvider(config.chainProviders.Base, config.chainFetch).fetchWallet(wallet);
  t.equal(h.transfers[0].asset, 'ETH');
  t.equal(srv.seen[0].url.pathname, '/api');
  t.notOk(srv.seen[0].url.searchParams.has('chainid'));
});

t.test('configuration is checked', async (t) => {
  t.throws(
    () => toConfig({ CHAIN_PROVIDER_ETHEREUM: 'solana-rpc' }),
    /CHAIN_PROVIDER_ETHEREUM must be etherscan or blockscout/,
  );
  t.throws(() => toConfig({ CHAIN_PROVIDER_SOLANA: 'etherscan' }), /CHAIN_PROVIDER_SOLANA must be solana-rpc/);
  t.throws(() => toConfig({ CHAIN_PROVIDER_BASE: 'blockscout' }), /CHAIN_PROVIDER_BASE_URL is required/);
  t.throws(() => toConfig({ CHAIN_FETCH_MAX_AGE_HOURS: '-1' }), /CHAIN_FETCH_MAX_AGE_HOURS/);
  const c = toConfig({ CHAIN_PROVIDER_BNB_CHAIN: 'etherscan', CHAIN_PROVIDER_BNB_CHAIN_API_KEY: 'k' });
  t.match(c.chainProviders['BNB Chain'], {
    kind: 'etherscan',
    url: 'https://api.etherscan.io/v2/api',
    chainId: 56,
    ratePerSecond: 3,
    apiKey: 'k',
  });
  t.equal(c.chainFetch.maxAgeHours, 24);
  t.same(Object.keys(toConfig({}).chainProviders), []);
});
