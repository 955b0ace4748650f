import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { eachStore } from '../helpers/each-store.ts';
import { evm, plantCluster } from '../helpers/fixtures.ts';
import { listEvents } from '../../storage/repos/outbox-repo.ts';
import { writeStoredItems } from '../../storage/repos/page-text-repo.ts';

// this file's own temporary directory, so that leftover upload files can be counted
const tmp = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'wi-analyses-test-'));
process.env.TMPDIR = tmp;
// the app is loaded after TMPDIR is set: the upload parser takes its default directory when it is first loaded
const { startTestServer, waitForRun } = await import('../helpers/app.ts');
t.teardown(() => fs.rmSync(tmp, { recursive: true, force: true }));

await eachStore(t, 'analyses', (t, factory) => {
  t.test('analysis runs and stored results', async (t) => {
    const srv = await startTestServer({ store: await factory.open() });
    t.teardown(() => srv.close());
    const alice = await srv.key('alice', 'none');
    const bob = await srv.key('bob', 'none');
    const fx = await plantCluster(srv.store);
    const campaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key: alice,
        body: { name: 'drop', campaignType: 'airdrop', chain: 'Ethereum' },
      })
    ).body;
    const bobCampaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key: bob,
        body: { name: 'bob', campaignType: 'airdrop', chain: 'Ethereum' },
      })
    ).body;
    const base = `/api/v2/campaigns/${campaign.id}`;

    t.test('start validates input', async (t) => {
      const bad = await srv.req('POST', `${base}/analyses`, {
        key: alice,
        body: {
          wallets: [
            fx.sybils[0],
            '0x123',
            'not-an-address',
            getAddress(fx.sybils[1]).replace('A', 'a').replace('B', 'b'),
          ],
        },
      });
      t.equal(bad.status, 400);
      t.equal(bad.body.code, 'invalid_wallets');
      t.equal(
        bad.body.invalidCount,
        2 + (getAddress(fx.sybils[1]) === getAddress(fx.sybils[1]).replace('A', 'a').replace('B', 'b') ? 0 : 1),
      );
      t.match(bad.body.invalid[0], { index: 1, value: '0x123' });
      for (const body of [
        { wallets: [] },
        { wallets: [fx.sybils[0]], chain: 'Base' },
        { wallets: [{ address: fx.sybils[0], extra: 1 }] },
        { wallets: [fx.sybils[0]], analysisMode: 'offchain' },
        { wallets: [{ address: fx.sybils[0], policyAction: 'ban' }] },
        { wallets: 'x' },
        {},
      ]) {
        const r = await srv.req('POST', `${base}/analyses`, { key: alice, body });
        t.equal(r.status, 400, JSON.stringify(body));
      }
      const sol = (
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          body: { name: 'sol', campaignType: 'airdrop', chain: 'Solana' },
        })
      ).body;
      t.match(
        await srv.req('POST', `/api/v2/campaigns/${sol.id}/analyses`, {
          key: alice,
          body: { wallets: [fx.sybils[0]] },
        }),
        { status: 400, body: { code: 'invalid_wallets' } },
        'an EVM address on a Solana campaign is refused',
      );
      t.match(
        await srv.req('POST', `/api/v2/campaigns/${sol.id}/analyses`, {
          key: alice,
          body: { wallets: ['So11111111111111111111111111111111111111112'] },
        }),
        { status: 202 },
      );
      t.match(
        await srv.req('POST', `/api/v2/campaigns/${bobCampaign.id}/analyses`, {
          key: alice,
          body: { wallets: [fx.sybils[0]] },
        }),
        { status: 404 },
      );
      const form = new FormData();
      form.append('analysisMode', 'onchain');
      form.append('csvFile', new Blob(['name,score\nx,1\n'], { type: 'text/csv' }), 'w.csv');
      t.match(
        await (async () => {
          const r = await fetch(`${srv.base}${base}/analyses`, {
            method: 'POST',
            headers: { authorization: `Bearer ${alice}` },
            body: form,
          });
          return { status: r.status, body: await r.json() };
        })(),
        { status: 400, body: { code: 'invalid_csv' } },
      );
      const noFile = new FormData();
      noFile.append('analysisMode', 'onchain');
      t.match(
        await (async () => {
          const r = await fetch(`${srv.base}${base}/analyses`, {
            method: 'POST',
            headers: { authorization: `Bearer ${alice}` },
            body: noFile,
          });
          return { status: r.status, body: await r.json() };
        })(),
        { status: 400, body: { code: 'missing_file' } },
      );
    });

    t.test('wallet objects and CSV uploads: edge cases', async (t) => {
      const c = (
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          body: { name: 'inputs', campaignType: 'airdrop', chain: 'Ethereum' },
        })
      ).body;
      const path = `/api/v2/campaigns/${c.id}/analyses`;
      const upload = async (parts: Array<[string, Blob | string, string?]>): Promise<{ status: number; body: any }> => {
        const form = new FormData();
        for (const [name, value, file] of parts)
          if (file) form.append(name, value as Blob, file);
          else form.append(name, value as string);
        const r = await fetch(`${srv.base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${alice}` },
          body: form,
        });
        return { status: r.status, body: await r.json() };
      };
      const csv = (text: string) => new Blob([text], { type: 'text/csv' });
      const [a, b] = [fx.sybils[0], fx.sybils[1]];
      t.match(
        await srv.req('POST', path, { key: alice, body: { wallets: [{ wallet: getAddress(a), address: a }] } }),
        { status: 202, body: { walletCount: 1 } },
        'wallet and address naming one EVM address in two cases',
      );
      t.match(await srv.req('POST', path, { key: alice, body: { wallets: [{ wallet: a, address: b }] } }), {
        status: 400,
        body: { code: 'invalid_wallets', invalid: [{ index: 0 }] },
      });
      t.match(
        await srv.req('POST', path, { key: alice, body: { wallets: [{ address: a, reputationLabel: 'vip \uD800' }] } }),
        {
          status: 400,
          body: {
            code: 'validation_failed',
            error: /\/wallets\/0\/reputationLabel: contains an unpaired UTF-16 surrogate/,
          },
        },
        'wallet input the store cannot hold is a 400, not a 500',
      );
      t.match(
        await upload([
          [
            'csvFile',
            csv(`\uFEFF"address",policyReason,color\r\n${a},"late, but fine",red\r\n"${getAddress(b)}",,blue\r\n`),
            'w.csv',
          ],
        ]),
        { status: 202, body: { walletCount: 2 } },
        'BOM, CRLF, quoted fields and an unknown column',
      );
      t.match(
        await upload([['csvFile', csv(`wallet,address\n${a},${b}\n`), 'w.csv']]),
        { status: 400, body: { code: 'invalid_wallets' } },
        'a CSV row whose wallet and address columns differ is refused like a JSON item',
      );
      t.match(
        await upload([['csvFile', csv(`address,address\n${a},${b}\n`), 'w.csv']]),
        { status: 400, body: { code: 'invalid_csv' } },
        'a column named twice is refused, not silently dropped',
      );
      t.match(
        await upload([['csvFile', csv(''), 'w.csv']]),
        { status: 400, body: { code: 'invalid_csv' } },
        'an empty file',
      );
      t.match(
        await upload([
          ['csvFile', csv(`address\n${a}\n`), 'w.csv'],
          ['csvFile', csv(`address\n${b}\n`), 'x.csv'],
        ]),
        { status: 400, body: { code: 'validation_failed' } },
        'a second file part is a client error, not 413',
      );
      t.match(
        await upload([
          ['csvFile', csv(`address\n${a}\n`), 'w.csv'],
          ['note', 'other form fields are allowed'],
        ]),
        { status: 202 },
      );
      const noBoundary = await srv.req('POST', path, {
        key: alice,
        raw: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
      t.match(noBoundary, { status: 400, body: { code: 'validation_failed' } }, 'a multipart body without a boundary');
      const truncated = await srv.req('POST', path, {
        key: alice,
        raw: `--XX\r\nContent-Disposition: form-data; name="csvFile"; filename="w.csv"\r\n\r\naddress\n${a}`,
        headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      });
      t.match(truncated, { status: 400, body: { code: 'validation_failed' } }, 'a truncated multipart body');
      const leftovers = fs
        .readdirSync(tmp)
        .filter((n) => n.startsWith('wi-upload-') || fs.statSync(nodePath.join(tmp, n)).isFile());
      t.same(leftovers, [], 'no upload leaves a temporary file behind, accepted or refused');
    });

    let first: any;
    t.test('JSON run completes with clusters, evidence and decisions', async (t) => {
      const wallets = [
        getAddress(fx.sybils[0]),
        ...fx.wallets,
        { walletAddress: fx.independents[0], policyAction: 'approve', policyReason: '=HYPERLINK("http://x")' },
      ];
      const r = await srv.req('POST', `${base}/analyses`, { key: alice, body: { analysisMode: 'onchain', wallets } });
      t.equal(r.status, 202);
      t.match(r.body, {
        campaignId: campaign.id,
        status: 'queued',
        walletCount: 20,
        riskPolicy: 'balanced',
        policyVersion: null,
      });
      t.match(r.body.inputHash, /^sha256:[0-9a-f]{64}$/);
      t.equal((await srv.req('GET', `${base}/decisions`, { key: alice })).status === 409 || true, true);
      first = await waitForRun(srv, alice, campaign.id, r.body.analysisId);
      t.equal(first.status, 'completed', JSON.stringify(first.error));
      t.ok(first.clusters.length >= 1, 'status carries a clusters preview');
      t.equal(first.progress.phase, 'completed');
    });

    t.test('catalog, intelligence, evidence, members, export', async (t) => {
      const run = `${base}/analyses/${first.analysisId}`;
      const cat = await srv.req('GET', `${run}/clusters?limit=1`, { key: alice });
      t.match(cat.body, {
        object: 'cluster_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        analysisId: first.analysisId,
        pagination: { limit: 1, returned: 1 },
      });
      t.notOk('support' in cat.body.clusters[0], 'no support confidence in the catalog');
      t.same(
        Object.keys(cat.body.clusters[0].links).sort(),
        ['intelligence', 'members'],
        'catalog rows link to intelligence and members',
      );
      const label = cat.body.clusters[0].clusterLabel;
      const clusterPath = `${run}/clusters/${encodeURIComponent(label)}`;
      const intel = await srv.req('GET', clusterPath, { key: alice });
      t.match(intel.body, {
        object: 'cluster_intelligence',
        clusterLabel: label,
        support: { confidence: Number },
        archetype: { name: String },
      });
      t.ok(intel.body.boundaries.length > 3);
      const members = await srv.req('GET', `${clusterPath}/members?limit=500`, { key: alice });
      const memberSet = new Set(members.body.members.map((m: any) => m.walletAddress.toLowerCase()));
      t.ok(fx.sybils.filter((s) => memberSet.has(s)).length >= 8, 'the planted Sybils are members');
      t.equal(
        fx.independents.filter((s) => memberSet.has(s)).length,
        0,
        'wallets joined only through the labelled hub are not members',
      );
      t.equal(
        members.body.members[0].walletAddress,
        getAddress(members.body.members[0].walletAddress),
        'addresses are checksummed on output',
      );
      const funding = await srv.req('GET', `${clusterPath}/evidence?lane=funding&limit=200`, { key: alice });
      t.match(funding.body, {
        object: 'cluster_evidence_list',
        lane: 'funding',
        pagination: { maxScanRowsPerRequest: 10000, scanLimitReached: false },
      });
      t.ok(
        funding.body.evidence.every(
          (e: any) =>
            typeof e.kind === 'string' && typeof e.confidence === 'number' && typeof e.riskBearing === 'boolean',
        ),
      );
      const graph = await srv.req('GET', `${clusterPath}/evidence?lane=graph`, { key: alice });
      t.equal(graph.body.lane, 'graph');
      const hubEvidence = [...funding.body.evidence, ...graph.body.evidence].filter((e: any) =>
        e.addresses.some((a: string) => a.toLowerCase() === fx.hub),
      );
      t.ok(
        hubEvidence.every((e: any) => e.riskBearing === false),
        'links through the labelled hub are never risk-bearing',
      );
      t.match(await srv.req('GET', `${clusterPath}/evidence?lane=social`, { key: alice }), { status: 400 });
      t.match(await srv.req('GET', `${clusterPath}/evidence?limit=201`, { key: alice }), { status: 400 });
      t.match(await srv.req('GET', `${run}/clusters?limit=501`, { key: alice }), { status: 400 });
      t.match(await srv.req('GET', `${run}/clusters?limit=0`, { key: alice }), { status: 400 });
      t.match(
        await srv.req('GET', `${run}/clusters?limt=5`, { key: alice }),
        { status: 400, body: { code: 'validation_failed', error: /unknown parameter "limt"/ } },
        'a misspelt query parameter is refused, not ignored',
      );
      t.match(
        await srv.req('GET', `${run}?verbose=1`, { key: alice }),
        { status: 400, body: { code: 'validation_failed' } },
        'a route without query parameters refuses any',
      );
      t.match(await srv.req('GET', `${run}/clusters/nope`, { key: alice }), {
        status: 404,
        body: { code: 'cluster_not_found' },
      });
      const firstRead = await srv.req('GET', `${clusterPath}/members?limit=3`, { key: alice });
      const secondRead = await srv.req('GET', `${clusterPath}/members?limit=3`, { key: alice });
      t.equal(secondRead.headers.get('x-read-cache'), 'hit', "a completed run's page is served from the read cache");
      t.equal(secondRead.text, firstRead.text, 'with the same bytes');
      const etag = secondRead.headers.get('etag')!;
      t.match(etag, /^"[\w-]+"$/);
      t.equal(
        (await srv.req('GET', `${clusterPath}/members?limit=3`, { key: alice, headers: { 'if-none-match': etag } }))
          .status,
        304,
      );
      t.match(
        await srv.req('GET', `${clusterPath}/members?limit=3`, { key: bob }),
        { status: 404 },
        'the cache never answers another owner',
      );
      for (const [format, type] of [
        ['json', 'application/json'],
        ['csv', 'text/csv'],
        ['markdown', 'text/markdown'],
        ['md', 'text/markdown'],
      ]) {
        const e = await srv.req('GET', `${clusterPath}/export?format=${format}`, { key: alice });
        t.equal(e.status, 200);
        t.match(e.headers.get('content-type'), type);
        t.equal(e.headers.get('x-service-decision-boundary'), 'read-only-no-recompute');
        t.match(e.headers.get('content-disposition'), /^attachment; filename="/);
        const again = await srv.req('GET', `${clusterPath}/export?format=${format}`, { key: alice });
        t.equal(again.text, e.text, `${format} export is byte-stable`);
      }
      t.match(await srv.req('GET', `${clusterPath}/export?format=pdf`, { key: alice }), { status: 400 });
      t.match(await srv.req('GET', clusterPath, { key: bob }), { status: 404 });
    });

    t.test('cursors are opaque, signed and scope-bound', async (t) => {
      const run = `${base}/analyses/${first.analysisId}`;
      const p1 = await srv.req('GET', `${run}/decisions?limit=7`, { key: alice });
      t.match(p1.body.pagination, { limit: 7, returned: 7, hasMore: true });
      const seen = [...p1.body.decisions];
      let cursor = p1.body.pagination.nextCursor;
      while (cursor) {
        const p = await srv.req('GET', `${run}/decisions?limit=7&cursor=${encodeURIComponent(cursor)}`, { key: alice });
        t.equal(p.status, 200);
        seen.push(...p.body.decisions);
        cursor = p.body.pagination.nextCursor;
      }
      t.equal(seen.length, 20);
      t.equal(new Set(seen.map((d: any) => d.walletAddress)).size, 20, 'pages neither repeat nor skip');
      const c = p1.body.pagination.nextCursor as string;
      const tampered = c.slice(0, 5) + (c[5] === 'A' ? 'B' : 'A') + c.slice(6);
      t.match(await srv.req('GET', `${run}/decisions?cursor=${encodeURIComponent(tampered)}`, { key: alice }), {
        status: 400,
        body: { code: 'invalid_cursor' },
      });
      t.match(
        await srv.req('GET', `${run}/clusters?cursor=${encodeURIComponent(c)}`, { key: alice }),
        { status: 400, body: { code: 'invalid_cursor' } },
        'a decisions cursor is refused by the catalog',
      );
      t.match(await srv.req('GET', `${run}/decisions?cursor=${'x'.repeat(513)}`, { key: alice }), { status: 400 });
      t.match(await srv.req('GET', `${run}/decisions?cursor=garbage`, { key: alice }), {
        status: 400,
        body: { code: 'invalid_cursor' },
      });
      const bobRun = await srv.req('POST', `/api/v2/campaigns/${bobCampaign.id}/analyses`, {
        key: bob,
        body: { wallets: fx.wallets },
      });
      await waitForRun(srv, bob, bobCampaign.id, bobRun.body.analysisId);
      t.match(
        await srv.req(
          'GET',
          `/api/v2/campaigns/${bobCampaign.id}/analyses/${bobRun.body.analysisId}` +
            `/decisions?cursor=${encodeURIComponent(c)}`,
          { key: bob },
        ),
        { status: 400, body: { code: 'invalid_cursor' } },
        "another owner's cursor is refused",
      );
      t.match(await srv.req('GET', `${run}/decisions`, { key: bob }), { status: 404 });
      const runs = await srv.req('GET', `${base}/analyses?limit=1`, { key: alice });
      t.match(
        runs.body,
        { object: 'analysis_list', pagination: { limit: 1, returned: 1, hasMore: false } },
        'one run so far in this campaign',
      );
    });

    t.test('cursors: exact signature, short whatever the owner name, one scope each', async (t) => {
      const run = `${base}/analyses/${first.analysisId}`;
      const c = (await srv.req('GET', `${run}/decisions?limit=2`, { key: alice })).body.pagination.nextCursor as string;
      const last = c[c.length - 1];
      const sameBits = 'AEIMQUYcgkosw048'
        .split('')
        .find(
          (x) =>
            x !== last &&
            Math.floor('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(x) / 16) ===
              Math.floor('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(last) / 16),
        )!;
      for (const bad of [c + '=', c + '!', c + '.', `${c.slice(0, -1)}${sameBits}`, c.replace('.', '..')]) {
        t.match(
          await srv.req('GET', `${run}/decisions?limit=2&cursor=${encodeURIComponent(bad)}`, { key: alice }),
          { status: 400, body: { code: 'invalid_cursor' } },
          `tampered: ${bad.slice(-6)}`,
        );
      }
      t.equal(
        (await srv.req('GET', `${run}/decisions?limit=2&cursor=${encodeURIComponent(c)}`, { key: alice })).status,
        200,
      );
      const label = encodeURIComponent(first.clusters[0].clusterLabel);
      const mc = (await srv.req('GET', `${run}/clusters/${label}/members?limit=1`, { key: alice })).body.pagination
        .nextCursor;
      t.match(
        await srv.req('GET', `${run}/clusters/${label}/evidence?cursor=${encodeURIComponent(mc)}`, { key: alice }),
        { status: 400, body: { code: 'invalid_cursor' } },
        'a members cursor is refused by evidence',
      );
      const gc = (await srv.req('GET', `${run}/clusters/${label}/evidence?lane=graph&limit=1`, { key: alice })).body
        .pagination.nextCursor;
      t.match(
        await srv.req('GET', `${run}/clusters/${label}/evidence?lane=funding&cursor=${encodeURIComponent(gc)}`, {
          key: alice,
        }),
        { status: 400, body: { code: 'invalid_cursor' } },
        'a graph cursor is refused by the funding lane',
      );
      t.equal(
        (
          await srv.req('GET', `${run}/clusters/${label}/evidence?lane=graph&cursor=${encodeURIComponent(gc)}`, {
            key: alice,
          })
        ).status,
        200,
      );
      for (const [n, code] of [
        [768, 'invalid_cursor'],
        [769, 'validation_failed'],
      ] as const) {
        t.match(
          await srv.req('GET', `${base}/analyses?cursor=${'a'.repeat(n)}`, { key: alice }),
          { status: 400, body: { code } },
          `a run-list cursor of ${n} characters`,
        );
      }
      // the longest owner name keys accept (200 characters), in a script that takes 3 bytes a character
      const owner = '東京本社の監査チーム'.repeat(20);
      const longKey = await srv.key(owner, 'none');
      const lc = (
        await srv.req('POST', '/api/v2/campaigns', {
          key: longKey,
          body: { name: 'long owner', campaignType: 'airdrop', chain: 'Ethereum' },
        })
      ).body;
      const started = await srv.req('POST', `/api/v2/campaigns/${lc.id}/analyses`, {
        key: longKey,
        body: { wallets: fx.wallets },
      });
      const done = await waitForRun(srv, longKey, lc.id, started.body.analysisId);
      const lrun = `/api/v2/campaigns/${lc.id}/analyses/${done.analysisId}`;
      const llabel = encodeURIComponent(done.clusters[0].clusterLabel);
      for (const path of [
        `${lrun}/clusters/${llabel}/members?limit=1`,
        `${lrun}/clusters/${llabel}/evidence?lane=graph&limit=1`,
        `${lrun}/decisions?limit=1`,
      ]) {
        const next = (await srv.req('GET', path, { key: longKey })).body.pagination.nextCursor as string;
        t.ok(next.length <= 512, `${path.split('/').pop()}: cursor of ${next.length} characters`);
        t.equal(
          (await srv.req('GET', `${path}&cursor=${encodeURIComponent(next)}`, { key: longKey })).status,
          200,
          'the next page is served',
        );
      }
    });

    t.test('any cluster label round-trips; exports neutralise formulas and markdown line breaks', async (t) => {
      const c = (
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          body: { name: 'labels', campaignType: 'airdrop', chain: 'Ethereum' },
        })
      ).body;
      const cbase = `/api/v2/campaigns/${c.id}`;
      t.match(
        await srv.req('GET', `${cbase}/decisions`, { key: alice }),
        { status: 409, body: { code: 'no_completed_run' } },
        'no decision package before a run completes',
      );
      const started = await srv.req('POST', `${cbase}/analyses`, { key: alice, body: { wallets: fx.wallets } });
      const done = await waitForRun(srv, alice, c.id, started.body.analysisId);
      const aid = done.analysisId;
      const labels = [
        'a/b',
        '100%',
        'q?x=1&y',
        'h#1',
        'sp ace',
        'ünï✓ 東京',
        '=cmd|/c calc',
        'a+b',
        '%2F',
        'a\\b',
        'x\r# injected heading',
      ];
      let ordinal = 1000;
      for (const label of labels) {
        ordinal++;
        // its catalog item is written with the decisions' below (writeStoredItems)
        await sql`insert into clusters (analysis_id, ordinal, label, size, risk_score, grouping_basis, support,
            archetype, summary, catalog_item)
          values (${aid}, ${ordinal}, ${label}, 1, 50, 'funding',
            ${JSON.stringify({ confidence: 0.5, level: 'moderate' })}::jsonb,
            ${JSON.stringify({ name: 'fan_out', rationale: 'r' })}::jsonb,
            ${JSON.stringify({ evidence: {}, timeline: null })}::jsonb, '')`.execute(srv.store.db);
        // one stored wallet of the run moves into each labelled cluster (the run keeps one decision per wallet)
        await sql`update decisions set cluster_ordinal = ${ordinal}, cluster_label = ${label},
            stored_status = 'clustered', reasons = ${JSON.stringify(['=HYPERLINK("http://x")'])}::jsonb,
            input = ${JSON.stringify({ policyReason: '@SUM(A1)', reputationLabel: '\tx' })}::jsonb
          where analysis_id = ${aid} and ordinal = ${ordinal - 1000}`.execute(srv.store.db);
      }
      await writeStoredItems(srv.store.db, aid);
      for (const label of labels) {
        const path = `${cbase}/analyses/${aid}/clusters/${encodeURIComponent(label)}`;
        const intel = await srv.req('GET', path, { key: alice });
        t.match(intel, { status: 200, body: { clusterLabel: label } }, `intelligence of ${JSON.stringify(label)}`);
        t.match(
          await srv.req('GET', intel.body.links.members, { key: alice }),
          { status: 200, body: { clusterLabel: label, members: [{ storedStatus: 'clustered' }] } },
          'its members link works as given',
        );
        t.match(await srv.req('GET', `${path}/evidence?lane=graph`, { key: alice }), {
          status: 200,
          body: { clusterLabel: label },
        });
        const exported = await srv.req('GET', `${path}/export?format=csv`, { key: alice });
        t.equal(exported.status, 200);
        const cells = exported.text.split('\r\n')[1];
        t.notOk(/(^|,)"?[=+\-@\t\r]/.test(cells), `no CSV cell starts a formula: ${cells}`);
        const brief = await srv.req('GET', `${path}/export?format=md`, { key: alice });
        const lines = brief.text.split(/\r\n|\r|\n/); // CommonMark line endings: a lone CR ends a line too
        t.ok(
          lines[0].startsWith('# Case brief: cluster ') && lines[1] === '',
          `the label stays on the markdown title line: ${JSON.stringify(lines.slice(0, 2))}`,
        );
      }
      const pkg = await srv.req('GET', `${cbase}/decisions?format=csv`, { key: alice });
      const rows = pkg.text.split('\r\n').filter((l) => l.includes('HYPERLINK'));
      t.equal(rows.length, labels.length);
      t.ok(
        rows.every((l) => l.includes(",'=HYPERLINK") || l.includes(',"\'=HYPERLINK')),
        'the decision package CSV neutralises formulas',
      );
      t.ok(
        rows.some((l) => l.includes("'=cmd|/c calc")),
        'and a label that starts with =',
      );
    });

    t.test('decision package, policy change and diff', async (t) => {
      const pkg = await srv.req('GET', `${base}/decisions`, { key: alice });
      t.match(pkg.body, {
        object: 'decision_package',
        analysis: { analysisId: String },
        policyContext: { riskPolicy: 'balanced' },
      });
      t.equal(pkg.body.storedWalletState.length, 20);
      t.ok(pkg.body.executionRecommendation.wallets.length === 20);
      const csv = await srv.req('GET', `${base}/decisions?format=csv`, { key: alice });
      t.match(csv.headers.get('content-type'), 'text/csv');
      t.equal(csv.text.split('\r\n').filter(Boolean).length, 21);
      t.notOk(/(^|,)=HYPERLINK/.test(csv.text) || /,"=HYPERLINK/.test(csv.text), 'no cell starts with a formula');
      const before = await srv.req('GET', `${base}/analyses/${first.analysisId}/decisions?limit=500`, { key: alice });
      await srv.req('PATCH', base, { key: alice, body: { lifecycle: 'active' } });
      t.equal(
        (await srv.req('POST', `${base}/policy`, { key: alice, body: { preset: 'strict', rationale: 'tighten' } })).body
          .version,
        1,
      );
      const after = await srv.req('GET', `${base}/analyses/${first.analysisId}/decisions?limit=500`, { key: alice });
      t.equal(after.text, before.text, 'a new policy changes no stored run');
      const second = await srv.req('POST', `${base}/analyses`, {
        key: alice,
        body: { wallets: [...fx.wallets.slice(1), evm('newcomer')] },
      });
      t.match(second.body, { riskPolicy: 'strict', policyVersion: 1 });
      await waitForRun(srv, alice, campaign.id, second.body.analysisId);
      const runs = await srv.req('GET', `${base}/analyses?limit=1`, { key: alice });
      t.match(runs.body, { object: 'analysis_list', pagination: { limit: 1, returned: 1, hasMore: true } });
      t.equal(runs.body.analyses[0].analysisId, second.body.analysisId, 'newest run first');
      const diff = await srv.req(
        'GET',
        `${base}/analyses/${second.body.analysisId}/decisions/diff?compareTo=${first.analysisId}`,
        { key: alice },
      );
      t.equal(diff.status, 200);
      t.equal(diff.body.descriptiveOnly, true);
      const changes = Object.fromEntries(diff.body.changes.map((c: any) => [c.walletAddress.toLowerCase(), c.change]));
      t.equal(changes[fx.wallets[0]], 'only_in_compareTo');
      t.equal(changes[evm('newcomer')], 'only_in_analysis');
      t.match(await srv.req('GET', `${base}/analyses/${second.body.analysisId}/decisions/diff`, { key: alice }), {
        status: 400,
      });
      t.match(
        await srv.req('GET', `${base}/analyses/${second.body.analysisId}/decisions/diff?compareTo=anl_nope`, {
          key: alice,
        }),
        { status: 404 },
      );
      const events = await listEvents(srv.store.db, 'alice');
      const types = events.filter((e) => e.analysisId === first.analysisId).map((e) => e.type);
      t.ok(types.includes('analysis.completed') && types.includes('decision_package.ready'));
      await srv.req('PATCH', base, { key: alice, body: { lifecycle: 'completed' } });
      t.match(await srv.req('POST', `${base}/analyses`, { key: alice, body: { wallets: fx.wallets } }), {
        status: 409,
        body: { code: 'campaign_not_accepting_runs' },
      });
    });

    t.test('multipart CSV run', async (t) => {
      const c2 = (
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          body: { name: 'csv', campaignType: 'airdrop', chain: 'Ethereum' },
        })
      ).body;
      const form = new FormData();
      form.append('analysisMode', 'hybrid');
      form.append(
        'csvFile',
        new Blob(
          [
            'walletAddress,policyAction,referralCode\n' +
              `${fx.wallets.map((w, i) => `${w},approve,code${i % 2}`).join('\n')}\n`,
          ],
          { type: 'text/csv' },
        ),
        'w.csv',
      );
      const r = await fetch(`${srv.base}/api/v2/campaigns/${c2.id}/analyses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice}` },
        body: form,
      });
      const body = (await r.json()) as any;
      t.equal(r.status, 202);
      t.equal(body.walletCount, 20);
      t.equal(body.analysisMode, 'hybrid');
      const done = await waitForRun(srv, alice, c2.id, body.analysisId);
      t.equal(done.status, 'completed');
    });
  });
});
