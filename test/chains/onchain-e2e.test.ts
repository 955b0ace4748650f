/**
 * End to end: an onchain run through the real app, with no imported data, fetches its wallets from a local
 * Etherscan-style server (bodies shaped as in docs.etherscan.io, see test/helpers/chain-servers.ts), finds the
 * planted cluster, exposes the data source in the status read, and a second run reuses the cache.
 */
import t from 'tap';
import { eachStore } from '../helpers/each-store.ts';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startEtherscanServer, txRow } from '../helpers/chain-servers.ts';
import { evm } from '../helpers/fixtures.ts';

async function waitDone(srv: TestServer, key: string, path: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const r = await srv.req('GET', path, { key });
    if (r.body.status === 'completed' || r.body.status === 'failed') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('analysis did not finish');
}

const ETH = '1000000000000000000';
const funder = evm('e2e-funder');
const sybils = Array.from({ length: 10 }, (_, i) => evm(`e2e-sybil-${i}`));
const independents = Array.from({ length: 10 }, (_, i) => evm(`e2e-indep-${i}`));

await eachStore(t, 'onchain_e2e', (t, factory) => {
  t.test('onchain run without imported data', async (t) => {
    const chain = await startEtherscanServer({
      txlist: [
        ...sybils.map((s, i) => txRow(funder, s, '200000000000000000', 1_700_000_000 + i * 60)),
        ...sybils.map((s, i) => txRow(s, sybils[(i + 1) % sybils.length], '10000000000000000', 1_700_100_000 + i * 60)),
        ...independents.map((w, i) => txRow(evm(`e2e-source-${i}`), w, ETH, 1_690_000_000 + i * 86_400)),
      ],
      txlistinternal: [],
      tokentx: [],
    });
    t.teardown(() => chain.close());
    const srv = await startTestServer({
      store: await factory.open(),
      env: {
        CHAIN_PROVIDER_ETHEREUM: 'etherscan',
        CHAIN_PROVIDER_ETHEREUM_URL: chain.url,
        CHAIN_PROVIDER_ETHEREUM_API_KEY: 'k',
        CHAIN_PROVIDER_ETHEREUM_RATE_PER_SECOND: '1000',
        CHAIN_PROVIDER_ALLOW_PRIVATE: '1',
      },
    });
    t.teardown(() => srv.close());
    const key = await srv.key('alice', 'none');
    const campaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key,
        body: { name: 'live', campaignType: 'airdrop', chain: 'Ethereum' },
      })
    ).body;
    const start = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, {
      key,
      body: { analysisMode: 'onchain', wallets: [...sybils, ...independents] },
    });
    t.equal(start.status, 202);
    const run = await waitDone(srv, key, `/api/v2/campaigns/${campaign.id}/analyses/${start.body.analysisId}`);
    t.equal(run.status, 'completed', JSON.stringify(run.error));
    t.match(run.summary, {
      dataSource: 'stored+provider',
      provider: 'etherscan',
      fetched: 20,
      cached: 0,
      failed: 0,
      failedWallets: [],
    });
    t.match(run.dataSource, { source: 'stored+provider', provider: 'etherscan', fetched: 20, failed: 0 });
    t.equal(chain.seen.length, 60, 'three lists per wallet');
    t.ok(run.summary.transfersLoaded >= 20, 'the fetched transfers reached the engine');
    const label = run.clusters[0]?.clusterLabel;
    t.ok(label, 'a cluster was found');
    const members = await srv.req(
      'GET',
      `/api/v2/campaigns/${campaign.id}/analyses/${run.analysisId}/clusters/${encodeURIComponent(label)}` +
        `/members?limit=500`,
      { key },
    );
    const set = new Set(members.body.members.map((m: any) => m.walletAddress.toLowerCase()));
    t.ok(sybils.filter((s) => set.has(s)).length >= 8, 'the planted Sybils are members');
    t.equal(independents.filter((s) => set.has(s)).length, 0);

    const second = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, {
      key,
      body: { analysisMode: 'hybrid', wallets: [...sybils, ...independents] },
    });
    const run2 = await waitDone(srv, key, `/api/v2/campaigns/${campaign.id}/analyses/${second.body.analysisId}`);
    t.equal(run2.status, 'completed');
    t.match(run2.summary, { dataSource: 'stored+provider', fetched: 0, cached: 20 });
    t.equal(chain.seen.length, 60, 'the second run makes no HTTP call');
    const list = await srv.req('GET', `/api/v2/campaigns/${campaign.id}/analyses`, { key });
    t.match(
      list.body.analyses[0].dataSource,
      { source: 'stored+provider', cached: 20 },
      'the run list shows the data source',
    );
  });

  t.test('without a provider the run says it used stored transfers only', async (t) => {
    const srv = await startTestServer({ store: await factory.open() });
    t.teardown(() => srv.close());
    const key = await srv.key('bob', 'none');
    const campaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key,
        body: { name: 'stored', campaignType: 'airdrop', chain: 'Base' },
      })
    ).body;
    const start = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, {
      key,
      body: { wallets: sybils.slice(0, 3) },
    });
    const run = await waitDone(srv, key, `/api/v2/campaigns/${campaign.id}/analyses/${start.body.analysisId}`);
    t.equal(run.status, 'completed', JSON.stringify(run.error));
    t.same(run.dataSource, {
      source: 'stored',
      provider: null,
      note: 'no chain provider configured for Base: stored transfers only',
    });
  });
});
