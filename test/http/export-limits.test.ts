import t from 'tap';
import { startTestServer, waitForRun, type TestServer } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';

/** A completed run over the 10-member planted cluster: the run's path and its cluster's URL-encoded label. */
async function plantedRun(
  srv: TestServer,
  tag: string,
): Promise<{ run: string; label: string; key: string; status: string }> {
  const fx = await plantCluster(srv.store, tag);
  const key = await srv.key(tag, 'none');
  const campaign = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: tag, campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const started = await srv.req('POST', `/api/v2/campaigns/${campaign.id}/analyses`, {
    key,
    body: { wallets: fx.wallets },
  });
  const done = await waitForRun(srv, key, campaign.id, started.body.analysisId);
  const run = `/api/v2/campaigns/${campaign.id}/analyses/${done.analysisId}`;
  const label = encodeURIComponent((await srv.req('GET', `${run}/clusters`, { key })).body.clusters[0].clusterLabel);
  return { run, label, key, status: done.status };
}

t.test('an export past its caps says it is incomplete, in every format (10-member planted cluster)', async (t) => {
  const srv = await startTestServer({ env: { EXPORT_MAX_MEMBERS: '4', EXPORT_MAX_EVIDENCE: '3' } });
  t.teardown(() => srv.close());
  const { run, label, key, status } = await plantedRun(srv, 'caps');
  t.equal(status, 'completed');
  const json = await srv.req('GET', `${run}/clusters/${label}/export?format=json`, { key });
  t.equal(json.status, 200);
  t.equal(json.body.members.length, 4, 'members up to the cap');
  t.equal(json.body.provenance.evidence.length, 3, 'evidence up to the cap');
  t.same(json.body.completeness, {
    membersIncluded: 4,
    evidenceIncluded: 3,
    membersTruncated: true,
    evidenceTruncated: true,
  });
  t.equal(json.headers.get('x-export-truncated'), 'members, evidence');
  const csv = await srv.req('GET', `${run}/clusters/${label}/export?format=csv`, { key });
  t.equal(csv.text.trim().split('\n').length, 1 + 4, 'header and 4 member rows');
  t.equal(csv.headers.get('x-export-truncated'), 'members, evidence', 'the CSV matrix is marked through its header');
  const brief = await srv.req('GET', `${run}/clusters/${label}/export?format=markdown`, { key });
  t.match(brief.text, /first 4 members only/);
  t.match(brief.text, /first 3 evidence items only/);
  t.equal(
    (await srv.req('GET', `${run}/clusters/${label}/members?limit=500`, { key })).body.members.length,
    10,
    'the members resource still serves all of them',
  );
});

t.test('a complete export carries no truncation mark', async (t) => {
  const srv = await startTestServer({});
  t.teardown(() => srv.close());
  const { run, label, key, status } = await plantedRun(srv, 'full');
  t.equal(status, 'completed');
  const json = await srv.req('GET', `${run}/clusters/${label}/export`, { key });
  t.match(json.body.completeness, { membersIncluded: 10, membersTruncated: false, evidenceTruncated: false });
  t.equal(json.headers.get('x-export-truncated'), null);
  t.notMatch((await srv.req('GET', `${run}/clusters/${label}/export?format=md`, { key })).text, /only: read the/);
});
