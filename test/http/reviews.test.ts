import t from 'tap';
import { startTestServer, waitForRun, type TestServer } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';
import { listEvents } from '../../storage/repos/outbox-repo.ts';

async function plantedCampaign(srv: TestServer, tag: string) {
  const fx = await plantCluster(srv.store, tag);
  const key = await srv.key(tag, 'none');
  const campaign = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: tag, campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const wallets = fx.wallets.map((w, i) => ({ address: w, campaignPoints: 100 + i }));
  const started = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, { key, body: { wallets } });
  const done = await waitForRun(srv, key, campaign.id, started.body.analysisId);
  const cid = campaign.id as string;
  const run = `/api/v2/campaigns/${cid}/analyses/${done.analysisId}`;
  const label = (await srv.req('GET', `${run}/clusters`, { key })).body.clusters[0].clusterLabel as string;
  return { fx, key, cid, run, label, analysisId: done.analysisId as string };
}

t.test('reviews are kept apart from stored state and decide finalAction', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const { fx, key, cid, run, label } = await plantedCampaign(srv, 'rv');
  const L = encodeURIComponent(label);
  const before = {
    decisions: (await srv.req('GET', `${run}/decisions?limit=500`, { key })).text,
    catalog: (await srv.req('GET', `${run}/clusters`, { key })).text,
    evidence: (await srv.req('GET', `${run}/clusters/${L}/evidence`, { key })).text,
    members: await srv.req('GET', `${run}/clusters/${L}/members`, { key }),
    pkg: (await srv.req('GET', `/api/v2/campaigns/${cid}/decisions`, { key })).body,
  };
  t.equal(before.members.body.members[0].teamReview, null, 'no review yet');
  t.equal(
    before.pkg.finalAction.counts.approve + before.pkg.finalAction.counts.reject,
    20 - before.pkg.finalAction.counts.manual_review,
  );
  const funding = JSON.parse(before.evidence).evidence;
  t.ok(funding.length > 0, 'the planted cluster has funding evidence');

  const rec = await srv.req('POST', `/api/v2/campaigns/${cid}/reviews`, {
    key,
    body: {
      clusterLabel: label,
      verdict: 'confirmed_sybil',
      reviewer: 'ana',
      note: 'one funder',
      evidence: [{ lane: 'funding', ordinal: 1 }],
    },
  });
  t.equal(rec.status, 201, JSON.stringify(rec.body));
  t.match(rec.body, { object: 'review', subject: 'cluster', verdict: 'confirmed_sybil', reviewer: 'ana' });
  t.equal(rec.body.evidence[0].kind, funding[0].kind, 'the evidence relied on is named with its stored kind');

  t.equal(
    (await srv.req('GET', `${run}/decisions?limit=500`, { key })).text,
    before.decisions,
    'run decisions byte-stable',
  );
  t.equal((await srv.req('GET', `${run}/clusters`, { key })).text, before.catalog, 'catalog byte-stable');
  t.equal(
    (await srv.req('GET', `${run}/clusters/${L}/evidence`, { key })).text,
    before.evidence,
    'evidence byte-stable',
  );
  const members = await srv.req('GET', `${run}/clusters/${L}/members`, { key });
  t.match(members.body.members[0].teamReview, { verdict: 'confirmed_sybil', subject: 'cluster', reviewer: 'ana' });
  t.not(members.headers.get('etag'), before.members.headers.get('etag'), 'a cached page does not hide the review');
  const stripped = (b: any) =>
    JSON.stringify({ ...b, members: b.members.map((m: any) => ({ ...m, teamReview: null })) });
  t.equal(stripped(members.body), stripped(before.members.body), 'members differ only in teamReview');

  const sybil = fx.sybils[0];
  const wallet = await srv.req('POST', `/api/v2/campaigns/${cid}/reviews`, {
    key,
    body: { walletAddress: sybil.toUpperCase().replace('0X', '0x'), verdict: 'cleared', reviewer: 'bo' },
  });
  t.equal(wallet.status, 201, 'an all-caps EVM address is accepted and normalised');

  const pkg = (await srv.req('GET', `/api/v2/campaigns/${cid}/decisions`, { key })).body;
  t.same(pkg.storedWalletState, before.pkg.storedWalletState, 'stored wallet state unchanged');
  t.same(pkg.executionRecommendation, before.pkg.executionRecommendation, 'recommendation unchanged');
  const final = new Map(pkg.finalAction.wallets.map((w: any) => [w.walletAddress.toLowerCase(), w]));
  t.match(final.get(sybil), { finalAction: 'approve', decidedBy: 'review' }, 'the later wallet review wins');
  t.match(final.get(fx.sybils[1]), { finalAction: 'reject', decidedBy: 'review' }, 'the cluster review covers members');
  t.match(final.get(fx.independents[0]), { decidedBy: 'stored_recommendation' });
  t.equal(pkg.reviewerOutcome.reviewedWallets, fx.sybils.length);
  const csv = (await srv.req('GET', `/api/v2/campaigns/${cid}/decisions?format=csv`, { key })).text.split('\r\n');
  t.match(csv[0], /,reviewVerdict,reviewSubject,reviewer,reviewedAt,reviewNote,finalAction$/);
  t.match(
    csv.find((l) => l.toLowerCase().startsWith(fx.sybils[1])),
    /,confirmed_sybil,cluster,ana,[^,]+,one funder,reject$/,
  );

  const exp = (await srv.req('GET', `${run}/clusters/${L}/export`, { key })).body;
  t.match(exp.latestClusterReview, { verdict: 'confirmed_sybil', reviewer: 'ana', finalActionForMembers: 'reject' });
  const md = (await srv.req('GET', `${run}/clusters/${L}/export?format=md`, { key })).text;
  t.match(md, /Verdict: confirmed\\_sybil/);

  const history = await srv.req('GET', `/api/v2/campaigns/${cid}/reviews?limit=1`, { key });
  t.equal(history.body.reviews[0].reviewer, 'bo', 'newest first');
  const next = await srv.req(
    'GET',
    `/api/v2/campaigns/${cid}/reviews?limit=1&cursor=${history.body.pagination.nextCursor}`,
    { key },
  );
  t.equal(next.body.reviews[0].reviewer, 'ana', 'every review is kept');
  const events = await listEvents(srv.store.db, 'rv', 'review.recorded');
  t.equal(events.length, 2, 'one review.recorded event per review');
});

t.test('appeals: recorded, shown in the queue with reasons and evidence, resolved once by a review', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const { fx, key, cid } = await plantedCampaign(srv, 'ap');
  const queue0 = (await srv.req('GET', `/api/v2/campaigns/${cid}/review-queue`, { key })).body;
  t.ok(queue0.wallets.length > 0, 'flagged wallets await review');
  const risks = queue0.wallets.map((w: any) => w.riskScore);
  t.same(
    risks,
    [...risks].sort((a: number, b: number) => b - a),
    'highest risk first',
  );
  const created = await srv.req('POST', `/api/v2/campaigns/${cid}/appeals`, {
    key,
    body: { walletAddress: fx.sybils[2], message: 'I am one person', contact: 'me@example.com' },
  });
  t.equal(created.status, 201, JSON.stringify(created.body));
  t.match(created.body, { status: 'open', source: 'api' });
  const queue = (await srv.req('GET', `/api/v2/campaigns/${cid}/review-queue`, { key })).body;
  t.equal(queue.appeals.length, 1);
  t.ok(queue.appeals[0].wallet.reasons.length > 0, 'the reasons it was flagged are next to the appeal');
  t.ok(queue.appeals[0].evidence.length > 0, "and its cluster's evidence");
  const path = `/api/v2/campaigns/${cid}/appeals/${created.body.appealId}/resolve`;
  const resolved = await srv.req('POST', path, { key, body: { verdict: 'cleared', reviewer: 'cy', note: 'KYCd' } });
  t.equal(resolved.status, 200, JSON.stringify(resolved.body));
  t.match(resolved.body.appeal, { status: 'resolved', resolutionReviewId: resolved.body.review.reviewId });
  t.match(resolved.body.review, { subject: 'wallet', verdict: 'cleared', appealId: created.body.appealId });
  const again = await srv.req('POST', path, { key, body: { verdict: 'cleared', reviewer: 'cy' } });
  t.same([again.status, again.body.code], [409, 'appeal_already_resolved']);
  t.equal((await listEvents(srv.store.db, 'ap', 'appeal.resolved')).length, 1);
  const open = await srv.req('GET', `/api/v2/campaigns/${cid}/appeals?status=open`, { key });
  t.equal(open.body.appeals.length, 0);
  const reviewed = (await srv.req('GET', `/api/v2/campaigns/${cid}/review-queue?status=reviewed&reviewer=cy`, { key }))
    .body;
  t.same(
    reviewed.wallets.map((w: any) => w.walletAddress.toLowerCase()),
    [fx.sybils[2]],
    'the reviewer filter finds the resolved wallet',
  );
});

t.test('hostile input is a 4xx {error, code}, another owner sees 404', async (t) => {
  const srv = await startTestServer();
  t.teardown(() => srv.close());
  const { key, cid, label, fx } = await plantedCampaign(srv, 'hx');
  const other = await srv.key('mallory', 'none');
  const post = (body: unknown, k = key, p = 'reviews') =>
    srv.req('POST', `/api/v2/campaigns/${cid}/${p}`, { key: k, body });
  const cases: Array<[string, unknown, number, string]> = [
    ['bad verdict', { clusterLabel: label, verdict: 'maybe', reviewer: 'a' }, 400, 'validation_failed'],
    [
      'both subjects',
      { clusterLabel: label, walletAddress: fx.sybils[0], verdict: 'cleared', reviewer: 'a' },
      400,
      'validation_failed',
    ],
    ['no subject', { verdict: 'cleared', reviewer: 'a' }, 400, 'validation_failed'],
    ['extra field', { clusterLabel: label, verdict: 'cleared', reviewer: 'a', score: 0 }, 400, 'validation_failed'],
    ['empty reviewer', { clusterLabel: label, verdict: 'cleared', reviewer: '' }, 400, 'validation_failed'],
    [
      'huge note',
      { clusterLabel: label, verdict: 'cleared', reviewer: 'a', note: 'x'.repeat(4001) },
      400,
      'validation_failed',
    ],
    [
      'unknown evidence',
      { clusterLabel: label, verdict: 'cleared', reviewer: 'a', evidence: [{ lane: 'graph', ordinal: 99999 }] },
      400,
      'review_evidence_not_found',
    ],
    ['bad address', { walletAddress: '0x123', verdict: 'cleared', reviewer: 'a' }, 400, 'invalid_wallets'],
    [
      'wallet not in run',
      { walletAddress: `0x${'ab'.repeat(20)}`, verdict: 'cleared', reviewer: 'a' },
      404,
      'wallet_not_in_run',
    ],
    ['unknown cluster', { clusterLabel: 'nope', verdict: 'cleared', reviewer: 'a' }, 404, 'cluster_not_found'],
    [
      'unknown run',
      { analysisId: 'anl_x', clusterLabel: label, verdict: 'cleared', reviewer: 'a' },
      404,
      'analysis_not_found',
    ],
    [
      'NUL in note',
      { clusterLabel: label, verdict: 'cleared', reviewer: 'a', note: 'a\u0000b' },
      400,
      'validation_failed',
    ],
  ];
  for (const [name, body, status, code] of cases) {
    const r = await post(body);
    t.same([r.status, r.body?.code], [status, code], name);
    t.type(r.body?.error, 'string', `${name}: error message`);
  }
  const notJson = await srv.req('POST', `/api/v2/campaigns/${cid}/reviews`, {
    key,
    raw: 'verdict=cleared',
    headers: { 'content-type': 'text/plain' },
  });
  t.equal(notJson.status, 400, 'a wrong content type is 400 (issue 16: the spec lists 400)');
  const broken = await srv.req('POST', `/api/v2/campaigns/${cid}/reviews`, {
    key,
    raw: '{"verdict":',
    headers: { 'content-type': 'application/json' },
  });
  t.same([broken.status, broken.body.code], [400, 'invalid_json']);
  const foreign = await post({ clusterLabel: label, verdict: 'cleared', reviewer: 'm' }, other);
  t.same([foreign.status, foreign.body.code], [404, 'campaign_not_found'], "another owner's campaign is 404");
  const appeal = await post({ walletAddress: fx.sybils[0], message: 'm', contact: 'c' }, key, 'appeals');
  t.equal(appeal.status, 201);
  const stolen = await srv.req('POST', `/api/v2/campaigns/${cid}/appeals/${appeal.body.appealId}/resolve`, {
    key: other,
    body: { verdict: 'cleared', reviewer: 'm' },
  });
  t.equal(stolen.status, 404, "another owner cannot resolve an owner's appeal");
  const missing = await srv.req('POST', `/api/v2/campaigns/${cid}/appeals/apl_nope/resolve`, {
    key,
    body: { verdict: 'cleared', reviewer: 'a' },
  });
  t.same([missing.status, missing.body.code], [404, 'appeal_not_found']);
  for (const q of ['status=weird', 'limit=0', 'limit=501', 'reviewerr=a'])
    t.equal((await srv.req('GET', `/api/v2/campaigns/${cid}/review-queue?${q}`, { key })).status, 400, q);
  t.equal((await srv.req('GET', `/api/v2/campaigns/${cid}/reviews`, { key: other })).status, 404);
  t.equal(
    (await srv.req('GET', `/api/v2/campaigns/${cid}/reviews?cursor=abc.def`, { key })).body.code,
    'invalid_cursor',
  );
  const empty = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'e', campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const none = await srv.req('POST', `/api/v2/campaigns/${empty.id}/appeals`, {
    key,
    body: { walletAddress: fx.sybils[0], message: 'm', contact: 'c' },
  });
  t.same([none.status, none.body.code], [409, 'no_completed_run']);
  t.equal((await listEvents(srv.store.db, 'hx', 'review.recorded')).length, 0, 'refused input recorded nothing');
});
