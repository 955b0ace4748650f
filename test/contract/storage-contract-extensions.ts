/** Contract tests of durable jobs, results, transfers and webhooks; each adapter runs them all. */
import type { Test } from 'tap';
import { sql } from 'kysely';
import type { StoreFactory } from '../helpers/stores.ts';
import {
  claimNextAnalysis,
  extendLease,
  failAnalysis,
  getAnalysis,
  storeResults,
} from '../../storage/repos/analyses-repo.ts';
import {
  decisionsPage,
  diffDecisions,
  listDecisions,
  listMembers,
  membersPage,
  scanEvidence,
} from '../../storage/repos/results-repo.ts';
import { camelRow } from '../../storage/camel-row.ts';
import { insertLabels, insertTransfers, labelsFor, transfersTouching } from '../../storage/repos/transfers-repo.ts';
import {
  claimDueDelivery,
  enqueueDelivery,
  insertEndpoint,
  recordAttempt,
  requeueFailed,
  subscribedEndpoints,
} from '../../storage/repos/webhooks-repo.ts';
import { resolveReadScope, resolveReadScopeWithPage } from '../../storage/repos/scope-repo.ts';
import { newId } from '../../src/core/ids.ts';
import type { Store } from '../../storage/store.ts';
import { storedRun } from './stored-run.ts';

async function newRun(s: Store, walletCount = 3) {
  const { campaignId, analysisId } = await storedRun(s, { walletCount });
  return { campaignId, id: analysisId };
}

const results = (n: number) => ({
  clusters: [
    {
      ordinal: 1,
      label: 'a/b c?#%ü',
      size: 2,
      riskScore: 80,
      groupingBasis: 'funding',
      support: { confidence: 0.8 },
      archetype: { name: 'fan-out funder' },
      summary: {},
    },
  ],
  evidence: [
    {
      clusterOrdinal: 1,
      lane: 'funding',
      ordinal: 1,
      kind: 'common_funder',
      confidence: 0.9,
      riskBearing: true,
      addresses: ['0x1'],
      data: {},
    },
    {
      clusterOrdinal: 1,
      lane: 'graph',
      ordinal: 1,
      kind: 'shared_infra',
      confidence: 0.2,
      riskBearing: false,
      addresses: ['0x2'],
      data: {},
    },
  ],
  decisions: Array.from({ length: n }, (_, i) => ({
    ordinal: i + 1,
    walletAddress: `0x${i}`,
    clusterOrdinal: i < 2 ? 1 : null,
    clusterLabel: i < 2 ? 'a/b c?#%ü' : null,
    riskScore: i < 2 ? 80 : 0,
    storedStatus: i < 2 ? 'flagged' : 'clear',
    recommendedAction: i < 2 ? 'reject' : 'approve',
    policyAction: null,
    reasons: [],
    input: {},
  })),
  summary: { ok: true },
  progress: { phase: 'completed' },
});

export function storageContractExtensions(t: Test, factory: StoreFactory): void {
  t.test(`${factory.name}: runs are claimed once, leases expire, results are all-or-nothing`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const run = await newRun(s);
    const [a, b] = await Promise.all([claimNextAnalysis(s.db, 'w1', 30), claimNextAnalysis(s.db, 'w2', 30)]);
    t.equal([a, b].filter(Boolean).length, 1, 'two concurrent claims take the run once');
    const owner = (a ?? b)!.leaseOwner!;
    const other = owner === 'w1' ? 'w2' : 'w1';
    t.equal(await claimNextAnalysis(s.db, other, 30), null, 'a leased run is not claimable');
    t.equal(await extendLease(s.db, run.id, other, 30), false, 'only the owner extends the lease');
    await sql`update analyses set lease_expires_at = now() - interval '1 second' where id = ${run.id}`.execute(s.db);
    const again = await claimNextAnalysis(s.db, other, 30);
    t.equal(again?.id, run.id, 'an expired lease is taken over');
    t.equal(again?.attempts, 2);
    const stale = await s.db.transaction().execute((tx) => storeResults(tx, run.id, owner, results(3)));
    t.equal(stale, false, 'the worker that lost its lease cannot store results');
    await t.rejects(
      s.db.transaction().execute(async (tx) => {
        await storeResults(tx, run.id, other, results(3));
        throw new Error('crash before commit');
      }),
    );
    t.equal((await listDecisions(s.db, run.id, 0, 10)).length, 0, 'a crash leaves no half-stored run');
    t.equal((await getAnalysis(s.db, 'o', run.campaignId, run.id))?.status, 'running');
    t.equal(await s.db.transaction().execute((tx) => storeResults(tx, run.id, other, results(3))), true);
    const done = await getAnalysis(s.db, 'o', run.campaignId, run.id);
    t.equal(done?.status, 'completed');
    t.equal((await listMembers(s.db, run.id, 1, 0, 10)).length, 2);
    // scope and page in one statement give what the plain page queries give (rows travel as JSON there)
    const label = 'a/b c?#%ü';
    const members = await resolveReadScopeWithPage(s.db, 'o', run.campaignId, run.id, label, membersPage(0, 10));
    t.same(members.page.map(camelRow), await listMembers(s.db, run.id, 1, 0, 10));
    const decisions = await resolveReadScopeWithPage(s.db, 'o', run.campaignId, run.id, undefined, decisionsPage(1, 9));
    t.same(decisions.page.map(camelRow), await listDecisions(s.db, run.id, 1, 9));
    t.same(
      (await resolveReadScopeWithPage(s.db, 'x', run.campaignId, run.id, undefined, decisionsPage(0, 10))).page,
      [],
      "another owner's page is empty",
    );
    t.same(
      (await scanEvidence(s.db, run.id, 1, 'graph', 0, 10)).map((e) => e.riskBearing),
      [false],
    );
    t.equal(await getAnalysis(s.db, 'other-owner', run.campaignId, run.id), null);
  });

  t.test(`${factory.name}: failures and diffs`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const r1 = await newRun(s);
    await claimNextAnalysis(s.db, 'w', 30);
    await s.db.transaction().execute((tx) => storeResults(tx, r1.id, 'w', results(3)));
    const r2 = await newRun(s);
    await claimNextAnalysis(s.db, 'w', 30);
    const changed = results(4);
    changed.decisions[2].riskScore = 55;
    await s.db.transaction().execute((tx) => storeResults(tx, r2.id, 'w', changed));
    const diff = await diffDecisions(s.db, r2.id, r1.id, '', 10);
    t.same(
      diff.map((d) => d.walletAddress),
      ['0x2', '0x3'],
    );
    t.equal(diff[1].b, null);
    const r3 = await newRun(s);
    t.equal(await failAnalysis(s.db, r3.id, null, 'engine_error', 'boom'), true);
    t.equal(await failAnalysis(s.db, r3.id, null, 'engine_error', 'boom'), false, 'a finished run is not failed twice');
  });

  t.test(`${factory.name}: a read scope (campaign, run, cluster) is resolved in one owner-scoped query`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const run = await newRun(s, 3);
    const other = await newRun(s, 3);
    await claimNextAnalysis(s.db, 'w', 30);
    t.ok(await s.db.transaction().execute((tx) => storeResults(tx, run.id, 'w', results(3))), 'results stored');
    const full = await resolveReadScope(s.db, 'o', run.campaignId, run.id, 'a/b c?#%ü');
    t.equal(full.campaign?.id, run.campaignId);
    t.equal(full.campaign?.ownerId, 'o');
    t.same(full.campaign?.metadata, {});
    t.equal(full.run?.id, run.id);
    t.equal(full.run?.walletCount, 3);
    t.ok(full.run?.createdAt instanceof Date, 'run timestamps stay dates');
    t.equal(full.cluster?.label, 'a/b c?#%ü', 'a label with any characters is found');
    t.same(full.cluster?.support, { confidence: 0.8 });
    t.equal((await resolveReadScope(s.db, 'o', run.campaignId, run.id)).cluster, null, 'no cluster asked, none read');
    t.same(
      await resolveReadScope(s.db, 'mallory', run.campaignId, run.id, 'a/b c?#%ü'),
      { campaign: null, run: null, cluster: null },
      'another owner sees nothing',
    );
    const crossed = await resolveReadScope(s.db, 'o', other.campaignId, run.id, 'a/b c?#%ü');
    t.equal(crossed.campaign?.id, other.campaignId);
    t.equal(crossed.run, null, 'a run is only found under its own campaign');
    t.equal(crossed.cluster, null);
    t.equal((await resolveReadScope(s.db, 'o', run.campaignId, run.id, 'nope')).cluster, null, 'unknown label');
    t.equal((await resolveReadScope(s.db, 'o', run.campaignId, 'anl_nope', 'a/b c?#%ü')).run, null, 'unknown run');
  });

  t.test(`${factory.name}: transfers de-duplicate and are read by chain family`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const row = (from: string, to: string, chain = 'ethereum', key = `${from}${to}${chain}`) => ({
      chain,
      from,
      to,
      txHash: null,
      blockTime: 1,
      amount: null,
      asset: null,
      source: 't',
      dedupKey: key,
    });
    t.equal(
      await insertTransfers(s.db, [row('0xa', '0xb'), row('0xb', '0xc', 'optimism'), row('Sa', 'Sb', 'solana')]),
      3,
    );
    t.equal(await insertTransfers(s.db, [row('0xa', '0xb')]), 0, 're-inserting adds nothing');
    const evm = await transfersTouching(s.db, 'evm', ['0xb'], 100);
    t.equal(evm.from.length, 2, 'every EVM chain shares one address space');
    t.equal((await transfersTouching(s.db, 'solana', ['Sa'], 100)).from.length, 1);
    t.equal((await transfersTouching(s.db, 'evm', ['0xb'], 1)).truncated, true);
    await insertTransfers(s.db, [{ ...row('0xd', '0xe'), txHash: '0xfeed' }]);
    t.same((await transfersTouching(s.db, 'evm', ['0xe'], 100)).txHash, ['0xfeed'], 'with its transaction hash');
    await insertTransfers(s.db, [{ ...row('0xf', '0xg', 'optimism'), asset: 'USDC', dedupKey: 'asset-row' }]);
    const withAsset = await transfersTouching(s.db, 'evm', ['0xg'], 100);
    t.same([withAsset.chain, withAsset.asset], [['optimism'], ['USDC']], 'with its chain and asset');
    await insertLabels(s.db, [
      { chain: 'ethereum', address: '0xb', list: 'exchange', kind: 'infrastructure', source: 't' },
    ]);
    t.same(await labelsFor(s.db, 'evm', ['0xb', '0xz']), [
      { address: '0xb', list: 'exchange', kind: 'infrastructure' },
    ]);
  });

  t.test(`${factory.name}: webhook deliveries are idempotent per endpoint and analysis, claimed once`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const ep = await insertEndpoint(s.db, {
      id: newId('whe'),
      ownerId: 'o',
      url: 'https://example.com/h',
      eventTypes: ['analysis.completed'],
      description: null,
      secret: 's',
    });
    t.equal((await subscribedEndpoints(s.db, 'o', 'analysis.completed')).length, 1);
    t.equal((await subscribedEndpoints(s.db, 'o', 'campaign.policy_changed')).length, 0);
    const d = {
      endpointId: ep.id,
      ownerId: 'o',
      eventType: 'analysis.completed',
      idempotencyKey: 'analysis.completed:anl_1',
      payload: '{}',
    };
    t.equal(await enqueueDelivery(s.db, { ...d, id: 'd1', eventId: 'evt_1' }), true);
    t.equal(
      await enqueueDelivery(s.db, { ...d, id: 'd2', eventId: 'evt_2' }),
      false,
      'never two deliveries for the same endpoint and analysis',
    );
    const [x, y] = await Promise.all([claimDueDelivery(s.db, 'w1', 60), claimDueDelivery(s.db, 'w2', 60)]);
    t.equal([x, y].filter(Boolean).length, 1);
    const claimed = (x ?? y)!;
    t.equal(claimed.secret, 's');
    t.equal(
      await recordAttempt(s.db, claimed.id, 'nobody', {
        status: 'failed',
        statusCode: 500,
        error: 'x',
        nextAttemptAt: null,
      }),
      false,
    );
    t.equal(
      await recordAttempt(s.db, claimed.id, claimed.leaseOwner!, {
        status: 'failed',
        statusCode: 500,
        error: 'x',
        nextAttemptAt: null,
      }),
      true,
    );
    t.equal(await requeueFailed(s.db, claimed.id), true);
    t.equal(await requeueFailed(s.db, claimed.id), false, 'only a failed delivery is requeued');
  });
}
