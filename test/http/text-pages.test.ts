import t from 'tap';
import { createHash } from 'node:crypto';
import { startTestServer, waitForRun, type TestServer } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';
import { listClusters, listDecisions, listMembers, scanEvidence } from '../../storage/repos/results-repo.ts';
import { catalogRow, evidenceItem, memberItem } from '../../src/results/cluster-views.ts';
import { decisionRowView } from '../../src/results/decision-package.ts';

/** A completed run of the planted cluster (20 wallets) through the API. */
async function completedRun(srv: TestServer, tag: string) {
  const fx = await plantCluster(srv.store, tag);
  const key = await srv.key(tag);
  const body = { name: tag, campaignType: 'airdrop', chain: 'Ethereum' };
  const campaign = (await srv.req('POST', '/api/v2/campaigns', { key, body })).body;
  const wallets = fx.wallets.map((w) => ({ address: w }));
  const started = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, { key, body: { wallets } });
  const done = await waitForRun(srv, key, campaign.id, started.body.analysisId);
  const path = `/api/v2/campaigns/${campaign.id}/analyses/${done.analysisId}`;
  return { key, campaignId: campaign.id as string, analysisId: done.analysisId as string, path };
}

/** Every page of a list, `limit` items at a time: the bodies and the items in order. */
async function allPages(srv: TestServer, key: string, url: string, items: string) {
  const bodies: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const r = await srv.req('GET', `${url}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${r.text}`);
    bodies.push(r.body);
    cursor = r.body.pagination.nextCursor;
  } while (cursor !== null);
  return { bodies, items: bodies.flatMap((b) => b[items]) };
}

t.test('uncached pages written by the database equal the views of the stored rows, page by page', async (t) => {
  const srv = await startTestServer({ env: { READ_CACHE_MB: '0' } });
  t.teardown(() => srv.close());
  const { key, campaignId, analysisId, path } = await completedRun(srv, 'tp');
  const db = srv.store.db;
  const chain = 'Ethereum';

  const decisions = await allPages(srv, key, `${path}/decisions?limit=7`, 'decisions');
  const stored = await listDecisions(db, analysisId, 0, 1000);
  t.same(
    decisions.items,
    stored.map((d) => decisionRowView(chain, d)),
    'every decision, EIP-55 addresses',
  );
  t.ok(
    decisions.items.some((d: any) => /[A-F]/.test(d.walletAddress)),
    'checksummed addresses are shown',
  );
  t.equal(decisions.bodies.length, Math.ceil(stored.length / 7));
  const first = decisions.bodies[0];
  t.same(
    Object.keys(first),
    [
      'object',
      'apiVersion',
      'campaignId',
      'analysisId',
      'analysisStatus',
      'riskPolicy',
      'policyVersion',
      'decisions',
      'pagination',
      'boundaries',
    ],
    'members in the order of the general path',
  );
  t.match(first, { object: 'decision_list', campaignId, analysisId, analysisStatus: 'completed' });
  t.match(first.pagination, { limit: 7, returned: 7, hasMore: true, nextCursor: String });
  t.match(decisions.bodies.at(-1).pagination, { hasMore: false, nextCursor: null });

  const catalog = await allPages(srv, key, `${path}/clusters?limit=1`, 'clusters');
  const clusters = await listClusters(db, analysisId, 0, 1000);
  t.same(
    catalog.items,
    clusters.map((c) => catalogRow(campaignId, analysisId, c)),
    'every catalog row',
  );
  t.equal(catalog.bodies[0].storedClusterCount, clusters.length);

  const label = clusters[0].label;
  const L = encodeURIComponent(label);
  const members = await allPages(srv, key, `${path}/clusters/${L}/members?limit=3`, 'members');
  const rows = await listMembers(db, analysisId, clusters[0].ordinal, 0, 1000);
  t.same(
    members.items,
    rows.map((m) => memberItem(chain, m, null)),
    'every member, no team review',
  );
  t.match(members.bodies[0], { clusterLabel: label, storedTotalMembers: clusters[0].size });

  const evidence = await allPages(srv, key, `${path}/clusters/${L}/evidence?lane=funding&limit=1`, 'evidence');
  const scanned = await scanEvidence(db, analysisId, clusters[0].ordinal, 'funding', 0, 1000);
  t.ok(scanned.length > 1, 'more than one page of funding evidence');
  t.same(
    evidence.items,
    scanned.map((e) => evidenceItem(chain, e)),
    'every evidence item of the lane',
  );
  t.match(evidence.bodies[0].pagination, { returned: 1, scannedRows: 2, scanLimitReached: false });
  const graph = await srv.req(
    'GET',
    `${path}/clusters/${L}/evidence?lane=graph&cursor=${evidence.bodies[0].pagination.nextCursor}`,
    { key },
  );
  t.equal(graph.body.code, 'invalid_cursor', 'a funding cursor is refused on the graph lane');

  // a page that a review speaks for takes the general path; the cursors of both paths continue each other's pages
  const page1 = await srv.req('GET', `${path}/clusters/${L}/members?limit=3`, { key });
  const review = await srv.req('POST', `/api/v2/campaigns/${campaignId}/reviews`, {
    key,
    body: { clusterLabel: label, verdict: 'confirmed_sybil', reviewer: 'ana', note: 'n', evidence: [] },
  });
  t.equal(review.status, 201, review.text);
  const next = encodeURIComponent(page1.body.pagination.nextCursor);
  const page2 = await srv.req('GET', `${path}/clusters/${L}/members?limit=3&cursor=${next}`, { key });
  t.same(
    page2.body.members.map((m: any) => m.walletAddress),
    members.items.slice(3, 6).map((m: any) => m.walletAddress),
    'the next page after a text-path cursor',
  );
  t.match(page2.body.members[0].teamReview, { subject: 'cluster', verdict: 'confirmed_sybil' });
});

t.test('the read cache keeps a page written by the database as it was sent', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const { key, path } = await completedRun(srv, 'tc');
  const miss = await srv.req('GET', `${path}/decisions?limit=5`, { key });
  const hit = await srv.req('GET', `${path}/decisions?limit=5`, { key });
  t.same([miss.headers.get('x-read-cache'), hit.headers.get('x-read-cache')], ['miss', 'hit']);
  t.equal(hit.text, miss.text);
  t.equal(hit.headers.get('content-type'), 'application/json; charset=utf-8');
  t.equal(hit.headers.get('etag'), miss.headers.get('etag'));
  const again = await srv.req('GET', `${path}/decisions?limit=5`, {
    key,
    headers: { 'if-none-match': miss.headers.get('etag')! },
  });
  t.equal(again.status, 304);
});

t.test('an uncached page is sent as the bytes its ETag and Content-Length describe', async (t) => {
  const srv = await startTestServer({ env: { READ_CACHE_MB: '0' } });
  t.teardown(() => srv.close());
  const { key, path } = await completedRun(srv, 'tb');
  for (const url of [`${path}/decisions?limit=6`, `${path}/clusters?limit=3`]) {
    const r = await srv.req('GET', url, { key });
    const bytes = Buffer.from(r.text);
    t.equal(r.headers.get('content-length'), String(bytes.length), `${url}: length`);
    t.equal(r.headers.get('etag'), `"${createHash('sha1').update(bytes).digest('base64url')}"`, `${url}: ETag`);
    t.equal(r.headers.get('x-read-cache'), 'miss');
  }
});
