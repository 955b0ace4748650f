/**
 * Transaction hashes reach the engine through a service run: the stored transfers' tx_hash makes one transaction
 * that pays several listed wallets batch funding, whatever their amounts (the CLI does the same from its file).
 */
import t from 'tap';
import { eachStore } from '../helpers/each-store.ts';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { evm } from '../helpers/fixtures.ts';
import { insertTransfers, type TransferRecord } from '../../storage/repos/transfers-repo.ts';

type Evidence = { kind: string; addresses: string[] };

await eachStore(t, 'tx_batch_runs', (t, factory) => {
  t.test('one stored transaction paying four listed wallets is batch funding in the run', async (t) => {
    const srv = await startTestServer({ store: await factory.open() });
    t.teardown(() => srv.close());
    const key = await srv.key('batch-owner', 'none');
    const funder = evm('batch-funder');
    const farm = Array.from({ length: 4 }, (_, i) => evm(`batch-farm-${i}`));
    const rows: TransferRecord[] = farm.map((to, i) => ({
      chain: 'base',
      from: funder,
      to,
      txHash: '0x' + 'ab'.repeat(32),
      blockTime: 1_700_000_000,
      amount: ['0.1', '0.37', '1.2', '2.5'][i],
      asset: 'ETH',
      source: 'test',
      dedupKey: `batch>${to}`,
    }));
    await insertTransfers(srv.store.db, rows);
    const campaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key,
        body: { name: 'batch drop', campaignType: 'airdrop', chain: 'Base' },
      })
    ).body;
    const base = `/api/v2/campaigns/${campaign.id}`;
    const started = await srv.req('POST', `${base}/analyses`, { key, body: { wallets: farm } });
    t.equal(started.status, 202);
    const done = await waitForRun(srv, key, campaign.id, started.body.analysisId);
    t.equal(done.status, 'completed', JSON.stringify(done.error));
    const run = `${base}/analyses/${done.analysisId}`;
    const catalog = await srv.req('GET', `${run}/clusters`, { key });
    t.equal(catalog.body.clusters.length, 1, 'the four wallets form one cluster');
    const label = encodeURIComponent(catalog.body.clusters[0].clusterLabel);
    const evidence = await srv.req('GET', `${run}/clusters/${label}/evidence?limit=200`, { key });
    const batch = (evidence.body.evidence as Evidence[]).filter((e) => e.kind === 'batch_funding');
    t.equal(batch.length, 1, 'one batch item');
    const lower = (a: string[]): string[] => a.map((x) => x.toLowerCase()).sort();
    t.same(lower(batch[0].addresses.slice(1)), lower(farm), 'naming the wallets of the transaction');
  });
});
