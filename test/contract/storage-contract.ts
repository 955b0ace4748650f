/**
 * The storage contract: one suite run against every adapter (embedded PGlite and PostgreSQL).
 * Each adapter's test file calls runStorageContract with its factory.
 */
import type { Test } from 'tap';
import { sql } from 'kysely';
import type { StoreFactory } from '../helpers/stores.ts';
import { migrationProvider } from '../../storage/migrations/index.ts';
import { insertCampaign, getCampaign, addPolicyVersion, listCampaigns } from '../../storage/repos/campaigns-repo.ts';
import { appendEvent, listEvents, claimPendingEvents, markDispatched } from '../../storage/repos/outbox-repo.ts';
import { activatePlan, meterRequest, getUsage } from '../../storage/repos/plans-repo.ts';
import { insertKey, findKeyByPrefix, revokeKey } from '../../storage/repos/keys-repo.ts';
import { getOrCreateSetting } from '../../storage/repos/settings-repo.ts';
import { newId } from '../../src/core/ids.ts';
import { storageContractExtensions } from './storage-contract-extensions.ts';
import { reviewsContract } from './reviews-contract.ts';
import { bulkLoadContract } from './bulk-load-contract.ts';
import { textPagesContract } from './text-pages-contract.ts';

const campaign = (ownerId: string) => ({
  id: newId('cmp'),
  ownerId,
  name: 'Spring drop',
  campaignType: 'airdrop',
  chain: 'Base',
  lifecycle: 'draft',
  riskPolicy: 'balanced',
  startsAt: null,
  endsAt: null,
  rewardPoolUsd: 1000,
  campaignContracts: ['0xabc'],
  metadata: { k: 'v' },
  notes: null,
  source: 'v2',
});

export function runStorageContract(t: Test, factory: StoreFactory): void {
  t.teardown(() => factory.cleanup());

  t.test(`${factory.name}: migrations are idempotent`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    await s.migrate();
    const r = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(s.db);
    t.equal(
      Number(r.rows[0].n),
      Object.keys(await migrationProvider.getMigrations()).length,
      'each migration recorded once',
    );
  });

  t.test(`${factory.name}: campaigns are owner-scoped and keep JSON fields`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const a = await insertCampaign(s.db, campaign('alice'));
    await insertCampaign(s.db, campaign('bob'));
    t.same((await getCampaign(s.db, 'alice', a.id))?.metadata, { k: 'v' });
    t.same((await getCampaign(s.db, 'alice', a.id))?.campaignContracts, ['0xabc']);
    t.equal(await getCampaign(s.db, 'bob', a.id), null, 'another owner cannot read it');
    t.equal((await listCampaigns(s.db, 'alice')).length, 1);
  });

  t.test(`${factory.name}: policy versions count up and a rolled-back transaction leaves no event`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const c = await insertCampaign(s.db, campaign('alice'));
    const v1 = await addPolicyVersion(s.db, c.id, 'strict', 'first', null);
    const v2 = await addPolicyVersion(s.db, c.id, 'conservative', 'second', null);
    t.same([v1.version, v2.version], [1, 2]);
    t.equal((await getCampaign(s.db, 'alice', c.id))?.policyVersion, 2);
    await t.rejects(
      s.db.transaction().execute(async (tx) => {
        await appendEvent(tx, {
          ownerId: 'alice',
          campaignId: c.id,
          analysisId: null,
          type: 'campaign.policy_changed',
          payload: { x: 1 },
        });
        throw new Error('boom');
      }),
      /boom/,
    );
    t.equal((await listEvents(s.db, 'alice')).length, 0);
  });

  t.test(`${factory.name}: a query issued during an open transaction does not join it`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    let outside: Promise<unknown> | null = null;
    await t.rejects(
      s.db.transaction().execute(async (tx) => {
        await appendEvent(tx, { ownerId: 'o', campaignId: null, analysisId: null, type: 'a', payload: {} });
        outside = appendEvent(s.db, { ownerId: 'o', campaignId: null, analysisId: null, type: 'b', payload: {} });
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rollback');
      }),
    );
    await outside;
    t.same(
      (await listEvents(s.db, 'o')).map((e) => e.type),
      ['b'],
    );
  });

  t.test(`${factory.name}: outbox claim and dispatch`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    for (const type of ['a', 'b', 'c'])
      await appendEvent(s.db, { ownerId: 'o', campaignId: null, analysisId: null, type, payload: { type } });
    const claimed = await s.db.transaction().execute(async (tx) => {
      const evs = await claimPendingEvents(tx, 2);
      await markDispatched(
        tx,
        evs.map((e) => e.id),
      );
      return evs;
    });
    t.same(
      claimed.map((e) => e.type),
      ['a', 'b'],
    );
    const rest = await s.db.transaction().execute((tx) => claimPendingEvents(tx, 10));
    t.same(
      rest.map((e) => e.payload),
      [{ type: 'c' }],
    );
  });

  t.test(`${factory.name}: metering stops at the allowance`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const p = await activatePlan(s.db, 'alice', 'starter', 30);
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await meterRequest(s.db, 'alice', p.activatedAt, 3));
    t.same(counts, [1, 2, 3, null]);
    t.equal(await getUsage(s.db, 'alice', p.activatedAt), 3);
  });

  t.test(`${factory.name}: keys revoke and settings are first-writer-wins`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    await insertKey(s.db, { id: 'key_1', ownerId: 'o', prefix: 'wik_1', secretHash: 'h', label: null });
    t.equal(await revokeKey(s.db, 'key_1'), true);
    t.ok((await findKeyByPrefix(s.db, 'wik_1'))?.revokedAt);
    t.equal(await revokeKey(s.db, 'key_missing'), false);
    t.equal(await getOrCreateSetting(s.db, 'k', () => 'first'), 'first');
    t.equal(await getOrCreateSetting(s.db, 'k', () => 'second'), 'first');
  });

  storageContractExtensions(t, factory);
  reviewsContract(t, factory);
  bulkLoadContract(t, factory);
  textPagesContract(t, factory);
}
