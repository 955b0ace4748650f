/**
 * Contract tests of the pages the database writes as JSON text (storage/repos/page-text-repo.ts): on every adapter
 * they parse to what the views give for the rows the plain page queries read, and they carry the facts the cursor
 * needs. The PostgreSQL adapter runs them as named prepared statements, so each is run twice.
 */
import type { Test } from 'tap';
import { sql } from 'kysely';
import type { StoreFactory } from '../helpers/stores.ts';
import { claimNextAnalysis, storeResults } from '../../storage/repos/analyses-repo.ts';
import {
  evidencePage,
  listClusters,
  listDecisions,
  listMembers,
  scanEvidence,
} from '../../storage/repos/results-repo.ts';
import {
  catalogTextPage,
  catalogItemText,
  decisionItemText,
  decisionsTextPage,
  memberItemText,
  membersTextPage,
} from '../../storage/repos/page-text-repo.ts';
import { up as addStoredItems } from '../../storage/migrations/2026-11-28-0013-stored-page-items.ts';
import { resolveReadScopeWithPage, resolveReadScopeWithTextPage } from '../../storage/repos/scope-repo.ts';
import { insertReview } from '../../storage/repos/reviews-repo.ts';
import { camelRow } from '../../storage/camel-row.ts';
import { catalogRow, displayWalletAddresses, memberItem } from '../../src/results/cluster-views.ts';
import { decisionRowView } from '../../src/results/decision-package.ts';
import { newId } from '../../src/core/ids.ts';
import { storedRun } from './stored-run.ts';

const CHAIN = 'Ethereum';
/** Text that JSON must escape: quotes, a backslash, control characters, a separator, non-ASCII. */
const HOSTILE = 'say "hi"\\ \n\t\u0001 \u2028 ü 🙂 ", "';
const address = (i: number) => `0x${'ab'.repeat(19)}${i.toString(16).padStart(2, '0')}`;

const cluster = (ordinal: number, label: string) => ({
  ordinal,
  label,
  size: 2,
  riskScore: 40 + ordinal,
  groupingBasis: ordinal === 1 ? HOSTILE : 'funding',
  support: { confidence: 0.5 },
  archetype: {},
  summary: {},
});

const results = {
  clusters: [cluster(1, 'cl_one'), cluster(2, 'a/b c?#%ü')],
  evidence: [1, 2, 3].map((ordinal) => ({
    clusterOrdinal: 1,
    lane: 'funding',
    ordinal,
    kind: 'common_funder',
    confidence: ordinal / 3,
    riskBearing: ordinal !== 2,
    addresses: [address(ordinal)],
    data: { note: HOSTILE, n: ordinal },
  })),
  decisions: Array.from({ length: 5 }, (_, i) => ({
    ordinal: i + 1,
    walletAddress: address(i),
    clusterOrdinal: i < 4 ? 1 + (i % 2) : null,
    clusterLabel: i < 4 ? ['cl_one', 'a/b c?#%ü'][i % 2] : null,
    riskScore: 10 * i,
    storedStatus: i < 4 ? 'flagged' : 'clear',
    recommendedAction: i < 4 ? 'reject' : 'approve',
    policyAction: i === 1 ? 'hold' : null,
    reasons: i === 0 ? [HOSTILE, 'second'] : [],
    input: {},
  })),
  summary: { clusters: 2 },
  progress: { phase: 'completed' },
};

const items = (text: string): unknown[] => JSON.parse(`[${text}]`);

export function textPagesContract(t: Test, factory: StoreFactory): void {
  t.test(`${factory.name}: text pages parse to the views of the rows, with the cursor's facts`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const { campaignId, analysisId } = await storedRun(s, { walletCount: 5 });
    const owner = (await claimNextAnalysis(s.db, 'w', 30))!.leaseOwner!;
    t.ok(await s.db.transaction().execute((tx) => storeResults(tx, analysisId, owner, results)));
    const ids = { ownerId: 'o', campaignId, analysisId };

    for (const round of [1, 2]) {
      const d = await resolveReadScopeWithTextPage(s.db, ids, decisionsTextPage(1, 3), 2);
      const expected = (await listDecisions(s.db, analysisId, 1, 2)).map((r) => decisionRowView(CHAIN, r));
      t.same(items(displayWalletAddresses(CHAIN, d.page.text)), expected, `decisions after 1, limit 2 (${round})`);
      t.match(d.page, { count: 3, last: 3, plain: true }, 'limit + 1 rows found: there is a next page');
      t.equal(d.page.bytes, Buffer.byteLength(d.page.text), "the text's UTF-8 length, a non-ASCII label and all");
      t.equal(d.run?.id, analysisId);
    }
    const tail = await resolveReadScopeWithTextPage(s.db, ids, decisionsTextPage(3, 11), 10);
    t.match(tail.page, { count: 2, last: 5, plain: true }, 'the last page');
    t.equal(items(tail.page.text).length, 2);

    const catalog = await resolveReadScopeWithTextPage(s.db, ids, catalogTextPage(0, 2), 1);
    const first = (await listClusters(s.db, analysisId, 0, 1)).map((c) => catalogRow(campaignId, analysisId, c));
    t.same(items(catalog.page.text), first, 'a catalog row, its hostile grouping basis escaped as JSON');
    t.equal(catalog.page.plain, false, 'a label that a link must escape sends the page to the general path');
    t.equal((await resolveReadScopeWithTextPage(s.db, ids, catalogTextPage(0, 1), 1)).page.plain, true);

    const labelled = { ...ids, clusterLabel: 'cl_one' };
    const members = await resolveReadScopeWithTextPage(s.db, labelled, membersTextPage(0, 11), 10);
    const rows = await listMembers(s.db, analysisId, 1, 0, 10);
    t.same(
      items(displayWalletAddresses(CHAIN, members.page.text)),
      rows.map((r) => memberItem(CHAIN, r, null)),
    );
    t.equal(members.page.plain, true, 'no review speaks for these members');
    t.equal(members.cluster?.label, 'cl_one');
    await insertReview(s.db, {
      id: newId('rev'),
      ownerId: 'o',
      campaignId,
      analysisId,
      subject: 'wallet',
      clusterLabel: null,
      walletAddress: address(2),
      verdict: 'confirmed',
      reviewer: 'r',
      note: '',
      evidence: [],
      appealId: null,
    });
    const reviewed = await resolveReadScopeWithTextPage(s.db, labelled, membersTextPage(0, 11), 10);
    t.equal(reviewed.page.plain, false, "a member's review sends the page to the general path");
    const other = { ...ids, clusterLabel: 'a/b c?#%ü' };
    t.equal((await resolveReadScopeWithTextPage(s.db, other, membersTextPage(0, 11), 10)).page.plain, true);

    const evidence = await resolveReadScopeWithPage(
      s.db,
      'o',
      campaignId,
      analysisId,
      'cl_one',
      evidencePage('funding')(1, 5),
    );
    t.same(evidence.page.map(camelRow), await scanEvidence(s.db, analysisId, 1, 'funding', 1, 5), 'evidence rows');

    const stranger = await resolveReadScopeWithTextPage(s.db, { ...ids, ownerId: 'x' }, decisionsTextPage(0, 11), 10);
    t.same([stranger.campaign, stranger.page.text, stranger.page.count], [null, '', 0], "another owner's page");
  });

  t.test(`${factory.name}: the stored page items are the texts computed from their rows`, async (t) => {
    const s = await factory.open();
    t.teardown(() => s.close());
    const { analysisId } = await storedRun(s, { walletCount: 5 });
    const owner = (await claimNextAnalysis(s.db, 'w', 30))!.leaseOwner!;
    t.ok(await s.db.transaction().execute((tx) => storeResults(tx, analysisId, owner, results)));
    // the computed forms are what the page statements built at every read before the items were stored
    const items = async () => ({
      decisions: (
        await sql<Record<string, string>>`select d.decision_item, d.member_item,
          ${sql.raw(decisionItemText('d'))} as decision, ${sql.raw(memberItemText('d', 'a'))} as member
          from decisions d join analyses a on a.id = d.analysis_id where d.analysis_id = ${analysisId}
          order by d.ordinal`.execute(s.db)
      ).rows,
      clusters: (
        await sql<Record<string, string>>`select k.catalog_item, ${sql.raw(catalogItemText('k', 'a'))} as catalog
          from clusters k join analyses a on a.id = k.analysis_id where k.analysis_id = ${analysisId}
          order by k.ordinal`.execute(s.db)
      ).rows,
    });
    const stored = await items();
    t.same([stored.decisions.length, stored.clusters.length], [5, 2]);
    for (const r of stored.decisions) {
      t.equal(r.decision_item, r.decision, 'the decisions page item, stored with the run: byte-equal to its form');
      t.equal(r.member_item, r.member, 'the members page item likewise');
    }
    for (const r of stored.clusters) t.equal(r.catalog_item, r.catalog, 'the catalog page item likewise');
    await sql`alter table decisions drop column decision_item, drop column member_item`.execute(s.db);
    await sql`alter table clusters drop column catalog_item`.execute(s.db);
    await addStoredItems(s.db);
    t.same(await items(), stored, 'rows stored before the columns get the same texts from the migration');
  });
}
