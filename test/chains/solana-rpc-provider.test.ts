/**
 * The Solana JSON-RPC provider against a local JSON-RPC 2.0 server. Bodies follow solana.com/docs/rpc/http
 * (getSignaturesForAddress: newest first, `before` paging; getTransaction with encoding jsonParsed: accountKeys
 * objects, parsed system / spl-token instructions, pre/post balances and token balances); see
 * test/helpers/chain-servers.ts.
 */
import t from 'tap';
import { toConfig, type Env } from '../../src/core/config.ts';
import { createSolanaRpcProvider } from '../../src/chains/providers/solana-rpc-provider.ts';
import { parsedTx, sol, startSolanaServer, type SolanaTx } from '../helpers/chain-servers.ts';

const wallet = sol('wallet');
const funder = sol('funder');
const sibling = sol('sibling');
const shop = sol('shop');
const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const involved = (tx: SolanaTx, address: string): boolean =>
  ((tx.result as any)?.transaction.message.accountKeys ?? []).some((k: any) => k.pubkey === address);

function provider(url: string, env: Env = {}): ReturnType<typeof createSolanaRpcProvider> {
  const config = toConfig({
    CHAIN_PROVIDER_SOLANA: 'solana-rpc',
    CHAIN_PROVIDER_SOLANA_URL: url,
    CHAIN_PROVIDER_SOLANA_RATE_PER_SECOND: '1000',
    CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
    CHAIN_FETCH_BACKOFF_MS: '5',
    ...env,
  });
  return createSolanaRpcProvider(config.chainProviders.Solana, config.chainFetch);
}

function tx(
  n: number,
  o: Omit<Parameters<typeof parsedTx>[0], 'signature' | 'slot' | 'blockTime'>,
  err: unknown = null,
): SolanaTx {
  const signature = sol(`sig-${n}`, 64);
  return {
    signature,
    slot: 250_000_000 + n,
    blockTime: 1_700_000_000 + n,
    err,
    result: parsedTx({ signature, slot: 250_000_000 + n, blockTime: 1_700_000_000 + n, ...o }),
  };
}

t.test('derives SOL and SPL transfers from jsonParsed transactions', async (t) => {
  const txs = [
    tx(1, {
      feePayer: funder,
      sol: [
        { from: funder, to: wallet, lamports: 1_500_000_000 },
        { from: funder, to: sibling, lamports: 1_500_000_000 },
        { from: sol('x'), to: sol('y'), lamports: 7 },
      ],
    }),
    tx(2, {
      feePayer: wallet,
      spl: [
        {
          from: wallet,
          to: shop,
          fromAta: sol('wallet-ata'),
          toAta: sol('shop-ata'),
          mint: usdc,
          amount: '2500000',
          decimals: 6,
          checked: true,
        },
      ],
    }),
    tx(3, {
      feePayer: wallet,
      spl: [
        {
          from: wallet,
          to: sibling,
          fromAta: sol('wallet-ata'),
          toAta: sol('sibling-ata'),
          mint: usdc,
          amount: '1000000',
          decimals: 6,
          checked: false,
        },
      ],
      inner: true,
    }),
    tx(4, { feePayer: shop, unparsed: [{ from: shop, to: wallet, lamports: 20_000_000 }] }),
    tx(5, { feePayer: wallet, sol: [{ from: wallet, to: shop, lamports: 1 }] }, { InstructionError: [0, 'Custom'] }),
  ];
  const srv = await startSolanaServer(txs, involved);
  t.teardown(() => srv.close());
  const h = await provider(srv.url).fetchWallet(wallet);
  t.equal(h.partial, false);
  const got = h.transfers.map((x) => [x.from, x.to, x.amount, x.asset, x.blockTime]);
  t.same(
    got,
    [
      [shop, wallet, '0.02', 'SOL', 1_700_000_004],
      [wallet, sibling, '1', usdc, 1_700_000_003],
      [wallet, shop, '2.5', usdc, 1_700_000_002],
      [funder, wallet, '1.5', 'SOL', 1_700_000_001],
      [funder, sibling, '1.5', 'SOL', 1_700_000_001],
    ],
    'newest first; batch funding siblings kept, unrelated transfers and failed transactions dropped; balance ' +
      'fallback used',
  );
  t.equal(h.transfers[3].txHash, txs[0].signature);
  const calls = srv.seen.map((s) => s.body.method);
  t.same(
    calls,
    ['getSignaturesForAddress', 'getTransaction', 'getTransaction', 'getTransaction', 'getTransaction'],
    'no getTransaction for the failed signature',
  );
  t.match(srv.seen[1].body, {
    jsonrpc: '2.0',
    params: [String, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
  });
});

t.test('pages signatures with before, up to the page cap', async (t) => {
  const txs = Array.from({ length: 5 }, (_, i) =>
    tx(10 + i, { feePayer: funder, sol: [{ from: funder, to: wallet, lamports: 1000 + i }] }),
  );
  const srv = await startSolanaServer(txs, involved);
  t.teardown(() => srv.close());
  const capped = await provider(srv.url, { CHAIN_FETCH_PAGE_SIZE: '2', CHAIN_FETCH_MAX_PAGES: '2' }).fetchWallet(
    wallet,
  );
  t.equal(capped.partial, true);
  t.equal(capped.transfers.length, 4);
  const sigCalls = srv.seen.filter((s) => s.body.method === 'getSignaturesForAddress');
  t.equal(
    sigCalls[1].body.params[1].before,
    txs[3].signature,
    'second page starts before the last signature of the first',
  );
  srv.seen.length = 0;
  const whole = await provider(srv.url, { CHAIN_FETCH_PAGE_SIZE: '2', CHAIN_FETCH_MAX_PAGES: '5' }).fetchWallet(wallet);
  t.equal(whole.partial, false);
  t.equal(whole.transfers.length, 5);
  t.equal(srv.seen.filter((s) => s.body.method === 'getSignaturesForAddress').length, 3);
});

t.test('caps getTransaction calls, keeping the oldest (first funding) and the newest', async (t) => {
  const txs = Array.from({ length: 15 }, (_, i) =>
    tx(100 + i, { feePayer: funder, sol: [{ from: funder, to: wallet, lamports: 1000 + i }] }),
  );
  const srv = await startSolanaServer(txs, involved);
  t.teardown(() => srv.close());
  const h = await provider(srv.url, { CHAIN_FETCH_MAX_SOLANA_TRANSACTIONS: '12' }).fetchWallet(wallet);
  t.equal(h.partial, true);
  t.equal(h.transfers.length, 12);
  const times = h.transfers.map((x) => x.blockTime! - 1_700_000_000).sort((a, b) => a - b);
  t.same(times, [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 113, 114]);
});

t.test('retries node-behind errors and 429, fails on other JSON-RPC errors', async (t) => {
  const srv = await startSolanaServer(
    [tx(200, { feePayer: funder, sol: [{ from: funder, to: wallet, lamports: 5 }] })],
    involved,
  );
  t.teardown(() => srv.close());
  srv.inject(
    {
      body: {
        jsonrpc: '2.0',
        error: { code: -32005, message: 'Node is behind by 42 slots', data: { numSlotsBehind: 42 } },
        id: 1,
      },
    },
    {
      status: 429,
      headers: { 'retry-after': '0' },
      body: {
        jsonrpc: '2.0',
        error: {
          code: 429,
          message: 'Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.',
        },
        id: 1,
      },
    },
  );
  const h = await provider(srv.url).fetchWallet(wallet);
  t.equal(h.transfers.length, 1);
  t.equal(srv.seen.length, 4);
  srv.seen.length = 0;
  // JSON-RPC error code 429 as Alchemy documents it (alchemy.com/docs/reference/throughput), here in an HTTP 200 answer
  srv.inject({
    body: {
      jsonrpc: '2.0',
      error: {
        code: 429,
        message:
          'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ' +
          'ignore this message. If not, check out https://docs.alchemy.com/reference/throughput',
      },
      id: 1,
    },
  });
  t.equal(
    (await provider(srv.url).fetchWallet(wallet)).transfers.length,
    1,
    'a JSON-RPC error with code 429 is retried whatever its message',
  );
  t.equal(srv.seen.length, 3);
  srv.inject({ body: { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: WrongSize' }, id: 1 } });
  await t.rejects(provider(srv.url).fetchWallet(wallet), { code: 'provider_error', message: /Invalid param/ });
  srv.inject({ body: { result: [] } });
  await t.rejects(provider(srv.url).fetchWallet(wallet), { code: 'provider_bad_response' });
});

t.test('a transaction the node no longer has makes the history partial', async (t) => {
  const gone: SolanaTx = { signature: sol('gone-x', 64), slot: 250_000_300, blockTime: 1_700_000_300, result: null };
  const srv = await startSolanaServer(
    [gone, tx(301, { feePayer: funder, sol: [{ from: funder, to: wallet, lamports: 5 }] })],
    (tx, a) => tx === gone || involved(tx, a),
  );
  t.teardown(() => srv.close());
  const h = await provider(srv.url).fetchWallet(wallet);
  t.equal(h.partial, true);
  t.equal(h.transfers.length, 1);
});
