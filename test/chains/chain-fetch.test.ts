/**
 * The beforeLoad hook over both stores: uncovered wallets are fetched from a local Etherscan-style server
 * (bodies shaped as in docs.etherscan.io, see test/helpers/chain-servers.ts), written to the transfer store with
 * their source and a wallet_fetches row, reused while fresh, fetched again once stale, and failures recorded.
 */
import t from 'tap';
import { sql } from 'kysely';
import { eachStore } from '../helpers/each-store.ts';
import { startEtherscanServer, txRow, type ChainServer } from '../helpers/chain-servers.ts';
import { evm } from '../helpers/fixtures.ts';
import { toConfig, type Env } from '../../src/core/config.ts';
import { createLogger } from '../../src/core/logger.ts';
import { createChainFetchHook } from '../../src/chains/chain-fetch-hook.ts';
import { getFetch } from '../../storage/repos/wallet-fetches-repo.ts';
import { insertTransfers } from '../../storage/repos/transfers-repo.ts';
import type { Store } from '../../storage/store.ts';

const ETH = '1000000000000000000';
const funder = evm('cf-funder');
const wallets = Array.from({ length: 4 }, (_, i) => evm(`cf-wallet-${i}`));
const grandFunder = evm('cf-grand');

function hook(store: Store, srv: ChainServer, env: Env = {}): ReturnType<typeof createChainFetchHook> {
  const config = toConfig({
    CHAIN_PROVIDER_ETHEREUM: 'etherscan',
    CHAIN_PROVIDER_ETHEREUM_URL: srv.url,
    CHAIN_PROVIDER_ETHEREUM_RATE_PER_SECOND: '1000',
    CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
    CHAIN_FETCH_BACKOFF_MS: '5',
    CHAIN_FETCH_MAX_RETRIES: '1',
    ...env,
  });
  return createChainFetchHook({ db: store.db, config, log: createLogger('silent') });
}

await eachStore(t, 'chain_fetch', (t, factory) => {
  t.test('fetch, store, reuse, expire, record failures', async (t) => {
    const store = await factory.open();
    t.teardown(() => store.close());
    const srv = await startEtherscanServer({
      txlist: [
        txRow(grandFunder, funder, ETH, 1_690_000_000),
        ...wallets.map((w, i) => txRow(funder, w, '100000000000000000', 1_700_000_000 + i)),
        txRow(wallets[0], wallets[1], ETH, 1_700_001_000),
      ],
      txlistinternal: [],
      tokentx: [],
    });
    t.teardown(() => srv.close());
    const run = { id: 'run-1', chain: 'Ethereum' };
    const progress: Array<Record<string, unknown>> = [];
    const input = wallets.map((address) => ({ address }));

    const first = await hook(store, srv)(run, input, (p) => progress.push(p));
    t.match(first, {
      dataSource: 'stored+provider',
      provider: 'etherscan',
      fetched: 4,
      cached: 0,
      failed: 0,
      failedWallets: [],
      transfersStored: 5,
    });
    t.match(progress[0], { phase: 'fetching_chain_data', fetched: 0, total: 4, failed: 0 });
    t.match(progress.at(-1), { phase: 'fetching_chain_data', fetched: 4, total: 4, failed: 0 });
    t.equal(srv.seen.length, 12, 'three lists per wallet');
    const rows = await sql<{
      source: string;
      n: string;
      latest: Date;
    }>`select source, count(*) as n, max(imported_at) as latest from transfers group by source`.execute(store.db);
    t.same(
      rows.rows.map((r) => [r.source, Number(r.n)]),
      [['provider:etherscan', 5]],
      'each transfer stored once, with its source',
    );
    t.ok(rows.rows[0].latest instanceof Date, 'with its fetch time');
    t.match(await getFetch(store.db, 'ethereum', wallets[0]), {
      provider: 'etherscan',
      status: 'ok',
      transfers: 2,
      pages: 3,
      error: null,
    });

    const again = await hook(store, srv)({ id: 'run-2', chain: 'Ethereum' }, input, () => {});
    t.equal(srv.seen.length, 12, 'a second run makes no HTTP call');
    t.match(again, { dataSource: 'stored+provider', fetched: 0, cached: 4, failed: 0 });

    await sql`update wallet_fetches set fetched_at = ${new Date(Date.now() - 25 * 3_600_000)}
      where address = ${wallets[2]}`.execute(store.db);
    const stale = await hook(store, srv)({ id: 'run-3', chain: 'Ethereum' }, input, () => {});
    t.match(
      stale,
      { fetched: 1, cached: 3, transfersStored: 0 },
      'a fetch older than 24 h is fetched again; known transfers are not stored twice',
    );
    t.equal(srv.seen.length, 15);
    const longer = await hook(store, srv, { CHAIN_FETCH_MAX_AGE_HOURS: '48' });
    await sql`update wallet_fetches set fetched_at = ${new Date(Date.now() - 25 * 3_600_000)}
      where address = ${wallets[2]}`.execute(store.db);
    t.match(
      await longer({ id: 'run-4', chain: 'Ethereum' }, input, () => {}),
      { fetched: 0, cached: 4 },
      'CHAIN_FETCH_MAX_AGE_HOURS sets the freshness',
    );
    await sql`update wallet_fetches set fetched_at = ${new Date()} where address = ${wallets[2]}`.execute(store.db);

    const newcomer = evm('cf-newcomer');
    srv.inject({ status: 503, body: '' }, { status: 503, body: '' });
    const failed = await hook(store, srv)(
      { id: 'run-5', chain: 'Ethereum' },
      [...input, { address: newcomer }],
      () => {},
    );
    t.match(failed, {
      fetched: 0,
      cached: 4,
      failed: 1,
      failedWallets: [{ address: newcomer, error: /^provider_unavailable: / }],
    });
    t.match(await getFetch(store.db, 'ethereum', newcomer), { status: 'failed', error: /provider_unavailable/ });
    const retried = await hook(store, srv)({ id: 'run-6', chain: 'Ethereum' }, [{ address: newcomer }], () => {});
    t.match(retried, { fetched: 1, failed: 0 }, 'a failed wallet is fetched again by the next run');

    const late = [evm('cf-late-1'), evm('cf-late-2'), evm('cf-late-3')].map((address) => ({ address }));
    const capped = hook(store, srv, { CHAIN_FETCH_MAX_WALLETS: '2' });
    const part = await capped({ id: 'run-7', chain: 'Ethereum' }, [...input, ...late], () => {});
    t.match(
      part,
      { fetched: 2, cached: 4, deferred: 1, note: /CHAIN_FETCH_MAX_WALLETS/ },
      'a run fetches at most CHAIN_FETCH_MAX_WALLETS wallets',
    );
    const rest = await capped({ id: 'run-8', chain: 'Ethereum' }, [...input, ...late], () => {});
    t.match(rest, { fetched: 1, cached: 6 }, 'the next run fetches the deferred ones');
    t.notOk('deferred' in rest);
  });

  t.test('imported wallets are covered; funders optional; no provider means stored only', async (t) => {
    const store = await factory.open();
    t.teardown(() => store.close());
    const srv = await startEtherscanServer({
      txlist: [
        txRow(grandFunder, funder, ETH, 1_690_000_000),
        ...wallets.map((w, i) => txRow(funder, w, ETH, 1_700_000_000 + i)),
      ],
      txlistinternal: [],
      tokentx: [],
    });
    t.teardown(() => srv.close());
    await insertTransfers(store.db, [
      {
        chain: 'ethereum',
        from: evm('cf-exchange'),
        to: wallets[0],
        txHash: null,
        blockTime: 1,
        amount: '1',
        asset: 'ETH',
        source: 'hop-airdrop.csv',
        dedupKey: 'imported-1',
      },
    ]);
    const r = await hook(store, srv, { CHAIN_FETCH_FUNDERS: '1' })(
      { id: 'run-f', chain: 'Ethereum' },
      wallets.map((address) => ({ address })),
      () => {},
    );
    t.match(r, { fetched: 3, imported: 1, funders: { total: 1, fetched: 1, failed: 0 } });
    t.match(
      await getFetch(store.db, 'ethereum', funder),
      { status: 'ok', transfers: 5 },
      "the first funder's history is fetched too",
    );
    t.equal(await getFetch(store.db, 'ethereum', wallets[0]), null, 'the imported wallet is not fetched');
    const none = await hook(store, srv)(
      { id: 'run-s', chain: 'Solana' },
      [{ address: 'So11111111111111111111111111111111111111112' }],
      () => {},
    );
    t.same(none, {
      dataSource: 'stored',
      provider: null,
      note: 'no chain provider configured for Solana: stored transfers only',
    });
  });
});
