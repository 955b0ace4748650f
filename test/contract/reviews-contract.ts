/** Contract tests of the review domain (reviews, appeals, runs' wallets without data); every adapter runs them. */
import type { Test } from 'tap';
import type { StoreFactory } from '../helpers/stores.ts';
import {
  getAppeal,
  insertAppeal,
  insertReview,
  insertWalletsWithoutData,
  latestReviews,
  listAppeals,
  listReviews,
  markAppealResolved,
  reviewStamp,
  walletsWithoutData,
  type NewReview,
} from '../../storage/repos/reviews-repo.ts';
import { newId } from '../../src/core/ids.ts';
import type { Store } from '../../storage/store.ts';
import { storedRun } from './stored-run.ts';

const run = (s: Store, ownerId: string) => storedRun(s, { ownerId, walletCount: 2 });

const review = (scope: { campaignId: string; analysisId: string }, over: Partial<NewReview>): NewReview => ({
  id: newId('rev'),
  ownerId: 'alice',
  ...scope,
  subject: 'cluster',
  clusterLabel: 'c-1',
  walletAddress: null,
  verdict: 'needs_more_information',
  reviewer: 'ana',
  note: 'look again',
  evidence: [{ lane: 'funding', ordinal: 1, kind: 'common_funder' }],
  appealId: null,
  ...over,
});

/** One store for the three parts (each store open migrates from scratch, which is slow on a busy machine). */
export function reviewsContract(t: Test, factory: StoreFactory): void {
  t.test(`${factory.name}: review domain`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    await reviewsKept(t, s);
    await appealsResolveOnce(t, s);
    await walletsWithoutDataKept(t, s);
  });
}

async function reviewsKept(t: Test, s: Store): Promise<void> {
  await t.test('every review is kept and the latest one per subject is found', async (t) => {
    const scope = await run(s, 'alice');
    t.equal(await reviewStamp(s.db, scope.analysisId), 0, 'no review yet');
    const first = await insertReview(s.db, review(scope, {}));
    await insertReview(s.db, review(scope, { verdict: 'confirmed_sybil', reviewer: 'bo' }));
    await insertReview(s.db, review(scope, { subject: 'wallet', clusterLabel: null, walletAddress: '0xa' }));
    t.same(first.evidence, [{ lane: 'funding', ordinal: 1, kind: 'common_funder' }], 'evidence refs round-trip');
    t.ok(first.createdAt instanceof Date);
    const history = await listReviews(s.db, { ownerId: 'alice', campaignId: scope.campaignId, limit: 10 });
    t.same(
      history.map((r) => r.verdict),
      ['needs_more_information', 'confirmed_sybil', 'needs_more_information'],
      'newest first, all kept',
    );
    const latest = await latestReviews(s.db, scope.analysisId);
    t.equal(latest.clusters.get('c-1')?.reviewer, 'bo', 'the latest cluster review wins');
    t.equal(latest.wallets.get('0xa')?.subject, 'wallet');
    const only = await latestReviews(s.db, scope.analysisId, { walletAddresses: ['0xb'] });
    t.equal(only.clusters.size + only.wallets.size, 0, 'restricted to the named subjects');
    t.equal(await reviewStamp(s.db, scope.analysisId), history[0].seq, 'the stamp moves with each review');
    const byBo = await listReviews(s.db, { ownerId: 'alice', campaignId: scope.campaignId, reviewer: 'bo', limit: 9 });
    t.equal(byBo.length, 1);
    const older = await listReviews(s.db, {
      ownerId: 'alice',
      campaignId: scope.campaignId,
      beforeSeq: history[0].seq,
      limit: 9,
    });
    t.equal(older.length, 2, 'keyset paging');
    t.same(await listReviews(s.db, { ownerId: 'bob', campaignId: scope.campaignId, limit: 10 }), [], 'owner-scoped');
  });
}

async function appealsResolveOnce(t: Test, s: Store): Promise<void> {
  await t.test('appeals are owner-scoped and resolve once', async (t) => {
    const scope = await run(s, 'alice');
    const a = await insertAppeal(s.db, {
      id: newId('apl'),
      ownerId: 'alice',
      ...scope,
      walletAddress: '0xa',
      message: 'I am one person',
      contact: 'a@example.com',
      source: 'api',
    });
    t.equal(a.status, 'open');
    t.equal(await getAppeal(s.db, 'bob', scope.campaignId, a.id), null, 'another owner does not see it');
    const rev = await insertReview(s.db, review(scope, { appealId: a.id, verdict: 'cleared' }));
    t.equal(await markAppealResolved(s.db, a.id, rev.id), true);
    t.equal(await markAppealResolved(s.db, a.id, rev.id), false, 'a resolved appeal stays resolved');
    const back = await getAppeal(s.db, 'alice', scope.campaignId, a.id);
    t.equal(back?.status, 'resolved');
    t.equal(back?.resolutionReviewId, rev.id);
    t.ok(back?.resolvedAt instanceof Date);
    t.equal(
      (await listAppeals(s.db, { ownerId: 'alice', campaignId: scope.campaignId, status: 'open', limit: 5 })).length,
      0,
    );
    t.equal((await listAppeals(s.db, { ownerId: 'alice', campaignId: scope.campaignId, limit: 5 })).length, 1);
  });
}

async function walletsWithoutDataKept(t: Test, s: Store): Promise<void> {
  await t.test('a run records the wallets it had no transfer data for', async (t) => {
    const scope = await run(s, 'alice');
    await insertWalletsWithoutData(s.db, scope.analysisId, ['0xa', '0xb', '0xa']);
    t.same([...(await walletsWithoutData(s.db, scope.analysisId, ['0xa', '0xc']))], ['0xa']);
  });
}
