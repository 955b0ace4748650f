import t from 'tap';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { evm, plantCluster } from '../helpers/fixtures.ts';
import { NO_DATA_REASON } from '../../src/analyses/data-coverage.ts';
import { insertTransfers } from '../../storage/repos/transfers-repo.ts';

t.test('a run with no transfer data says so everywhere, and each wallet says why it was approved', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const key = await srv.key('fresh', 'none');
  const c = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'f', campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const wallets = Array.from({ length: 3 }, (_, i) => evm(`lonely-${i}`));
  const started = await srv.req('POST', `/api/v2/campaigns/${c.id}/analyses`, { key, body: { wallets } });
  t.equal(started.status, 202);
  t.match(started.body.dataCoverage, {
    walletsChecked: 3,
    withStoredTransfers: 0,
    chainProviderConfigured: false,
    low: true,
  });
  t.match(started.body.dataCoverage.warning, /no stored transfer data for 3 of 3 wallets and no chain provider/);
  const done = await waitForRun(srv, key, c.id, started.body.analysisId);
  t.equal(done.status, 'completed');
  t.same(done.summary.dataCoverage, {
    wallets: 3,
    withTransferData: 0,
    withoutTransferData: 3,
    approvedForLackOfData: 3,
    low: true,
    warning:
      'no transfer data for 3 of 3 wallets: every wallet approved for lack of data; ' +
      'import transfers or configure a chain provider',
    transferFields: { transfers: 0, withBlockTime: 0, withAmount: 0, withTxHash: 0, warning: null },
  });
  const list = await srv.req('GET', `/api/v2/campaigns/${c.id}/analyses`, { key });
  t.equal(list.body.analyses?.[0]?.dataCoverage?.low ?? list.body.runs?.[0]?.dataCoverage?.low, true, 'run list too');
  const decisions = await srv.req('GET', `/api/v2/campaigns/${c.id}/analyses/${done.analysisId}/decisions`, { key });
  for (const d of decisions.body.decisions) {
    t.equal(d.executionRecommendation.storedRecommendedAction, 'approve');
    t.ok(d.storedWalletState.reasons.includes(NO_DATA_REASON), 'the reason names the lack of data');
  }
});

t.test('with imported transfers coverage is full and no wallet carries the no-data reason', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const fx = await plantCluster(srv.store, 'cov');
  const key = await srv.key('cov', 'none');
  const c = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'c', campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const started = await srv.req('POST', `/api/v2/campaigns/${c.id}/analyses`, {
    key,
    body: { wallets: [...fx.wallets, evm('outsider')] },
  });
  t.match(started.body.dataCoverage, { walletsChecked: 21, withStoredTransfers: 20, low: false, warning: null });
  const done = await waitForRun(srv, key, c.id, started.body.analysisId);
  t.match(done.summary.dataCoverage, {
    wallets: 21,
    withTransferData: 20,
    withoutTransferData: 1,
    low: false,
    warning: null,
    transferFields: { withTxHash: 0, warning: null },
  });
  const fields = done.summary.dataCoverage.transferFields;
  t.ok(fields.transfers > 0 && fields.withBlockTime === fields.transfers, 'every loaded transfer is timed');
  const decisions = await srv.req('GET', `/api/v2/campaigns/${c.id}/analyses/${done.analysisId}/decisions?limit=500`, {
    key,
  });
  const flagged = decisions.body.decisions.filter((d: any) => d.storedWalletState.reasons.includes(NO_DATA_REASON));
  t.same(
    flagged.map((d: any) => d.walletAddress.toLowerCase()),
    [evm('outsider')],
    'only the wallet without data',
  );
});

t.test('a run on transfers without block times says what the engine cannot see', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const wallets = Array.from({ length: 4 }, (_, i) => evm(`untimed-${i}`));
  await insertTransfers(
    srv.store.db,
    wallets.map((w, i) => ({
      chain: 'ethereum',
      from: evm('untimed-funder'),
      to: w,
      txHash: null,
      blockTime: null,
      amount: null,
      asset: null,
      source: 'test',
      dedupKey: `untimed-${i}`,
    })),
  );
  const key = await srv.key('untimed', 'none');
  const c = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'u', campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const started = await srv.req('POST', `/api/v2/campaigns/${c.id}/analyses`, { key, body: { wallets } });
  const done = await waitForRun(srv, key, c.id, started.body.analysisId);
  t.match(done.summary.dataCoverage.transferFields, {
    transfers: 4,
    withBlockTime: 0,
    withTxHash: 0,
    warning: /4 of 4 transfers have no block time: funding cannot be timed/,
  });
});
