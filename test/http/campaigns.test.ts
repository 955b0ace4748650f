import t from 'tap';
import { eachStore } from '../helpers/each-store.ts';
import { startTestServer } from '../helpers/app.ts';
import { listEvents } from '../../storage/repos/outbox-repo.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';

await eachStore(t, 'campaigns', (t, factory) => {
  t.test('campaign resources end to end', async (t) => {
    const srv = await startTestServer({ store: await factory.open(), background: false });
    t.teardown(() => srv.close());
    const alice = await srv.key('alice', 'none');
    const bob = await srv.key('bob', 'none');
    const valid = { name: 'Spring drop', campaignType: 'airdrop', chain: 'Base' };

    t.test('auth', async (t) => {
      t.match(await srv.req('GET', '/api/v2/campaigns'), { status: 401, body: { code: 'missing_credentials' } });
      t.match(await srv.req('GET', '/api/v2/campaigns', { key: 'wik_aaaaaaaaaaaa_' + 'x'.repeat(43) }), {
        status: 401,
        body: { code: 'invalid_api_key' },
      });
      t.match(
        await srv.req('GET', '/api/v2/campaigns', { key: alice.slice(0, -1) + (alice.endsWith('A') ? 'B' : 'A') }),
        { status: 401, body: { code: 'invalid_api_key' } },
      );
      t.match(await srv.req('GET', '/api/v2/campaigns', { headers: { authorization: 'Basic abc' } }), { status: 401 });
      const temp = await srv.key('carol', 'none');
      t.equal((await srv.req('GET', '/api/v2/campaigns', { key: temp })).status, 200);
      const keys = (await adminCommands['keys.list'](srv.store.db, { owner: 'carol' })) as Array<{ keyId: string }>;
      t.notOk(JSON.stringify(keys).includes(temp.slice('wik_'.length + 13)), 'listing never shows the secret');
      await adminCommands['keys.revoke'](srv.store.db, { keyId: keys[0].keyId });
      t.match(await srv.req('GET', '/api/v2/campaigns', { key: temp }), {
        status: 401,
        body: { code: 'invalid_api_key' },
      });
    });

    t.test('create validates strictly', async (t) => {
      const created = await srv.req('POST', '/api/v2/campaigns', {
        key: alice,
        body: {
          ...valid,
          riskPolicy: 'strict',
          metadata: { a: [1] },
          rewardPoolUsd: 0,
          startsAt: '2026-12-01T00:00:00Z',
        },
      });
      t.equal(created.status, 201);
      t.match(created.body, {
        object: 'campaign',
        apiVersion: 'v2',
        lifecycle: 'draft',
        riskPolicy: 'strict',
        policyVersion: null,
        chain: 'Base',
        metadata: { a: [1] },
      });
      t.match((await srv.req('POST', '/api/v2/campaigns', { key: alice, body: valid })).body, {
        riskPolicy: 'balanced',
      });
      const bad = [
        [{ ...valid, extra: 1 }, /unknown field "extra"/],
        [{ ...valid, chain: 'ethereum' }, /chain: must be one of/],
        [{ ...valid, lifecycle: 'active' }, /lifecycle: must be "draft"/],
        [{ ...valid, name: '' }, /name/],
        [{ ...valid, rewardPoolUsd: -1 }, /rewardPoolUsd/],
        [{ ...valid, riskPolicy: 'yolo' }, /riskPolicy/],
        [{ campaignType: 'a', chain: 'Base' }, /name/],
        [{ ...valid, startsAt: 'tomorrow' }, /startsAt/],
        [{ ...valid, name: 5 }, /name: must be string/],
        [[valid], /must be object/],
        // what the store cannot hold is a 400, not a 500 (jsonb refuses lone surrogates and NUL at any depth)
        [{ ...valid, metadata: { k: 'a\uD800b' } }, /\/metadata\/k: contains an unpaired UTF-16 surrogate/],
        [{ ...valid, name: 'drop \uDC00' }, /\/name: contains an unpaired UTF-16 surrogate/],
        [
          { ...valid, metadata: JSON.parse('{"a":'.repeat(70) + '"x\\u0000"' + '}'.repeat(70)) },
          /nested deeper than 32 levels/,
        ],
        [{ ...valid, startsAt: '0000-01-01T00:00:00Z' }, /\/startsAt: must be a date-time from year 1/],
        [{ ...valid, endsAt: '0001-01-01T00:30:00+01:00' }, /\/endsAt: must be a date-time from year 1/],
      ] as const;
      for (const [body, msg] of bad) {
        const r = await srv.req('POST', '/api/v2/campaigns', { key: alice, body });
        t.equal(r.status, 400, JSON.stringify(body));
        t.equal(r.body.code, 'validation_failed');
        t.match(r.body.error, msg);
      }
      t.match(
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          raw: '{"name": "x",',
          headers: { 'content-type': 'application/json' },
        }),
        { status: 400, body: { code: 'invalid_json' } },
      );
      t.match(
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          raw: '{"__proto__": {"admin": true}, "name": "x", "campaignType": "a", "chain": "Base"}',
          headers: { 'content-type': 'application/json' },
        }),
        { status: 400, body: { code: 'invalid_json', error: /__proto__/ } },
        'a __proto__ key is a client error, not a 500',
      );
      t.match(
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          raw: 'name=x',
          headers: { 'content-type': 'text/plain' },
        }),
        { status: 415, body: { code: 'unsupported_media_type' } },
      );
      const huge = JSON.stringify({ ...valid, notes: 'x'.repeat(17 * 1024 * 1024) });
      t.match(
        await srv.req('POST', '/api/v2/campaigns', {
          key: alice,
          raw: huge,
          headers: { 'content-type': 'application/json' },
        }),
        { status: 413, body: { code: 'payload_too_large' } },
      );
      const hostile = await srv.req('POST', '/api/v2/campaigns', {
        key: alice,
        body: { ...valid, name: "<script>alert(1)</script>\u202e'; drop table campaigns;--", notes: '\u0000nul' },
      });
      t.match(
        hostile,
        { status: 400, body: { code: 'validation_failed', error: /NUL/ } },
        'a NUL byte is refused at the edge',
      );
      const odd = await srv.req('POST', '/api/v2/campaigns', {
        key: alice,
        body: { ...valid, name: "<script>alert(1)</script>\u202e'; drop table campaigns;--" },
      });
      t.equal(odd.status, 201);
      t.equal(
        odd.body.name,
        "<script>alert(1)</script>\u202e'; drop table campaigns;--",
        'hostile text is stored verbatim',
      );
      const emoji = await srv.req('POST', '/api/v2/campaigns', {
        key: alice,
        body: {
          ...valid,
          name: '\u{1F389} drop',
          metadata: { deep: JSON.parse('{"a":'.repeat(20) + '1' + '}'.repeat(20)) },
        },
      });
      t.equal(emoji.status, 201, 'paired surrogates and reasonable nesting are fine');
      t.equal(emoji.body.name, '\u{1F389} drop');
      t.match(await srv.req('GET', '/api/v2/campaigns/x%00y', { key: alice }), { status: 400 });
    });

    t.test('ownership: list and read', async (t) => {
      const mine = (await srv.req('POST', '/api/v2/campaigns', { key: bob, body: { ...valid, name: 'bob only' } }))
        .body;
      const aliceList = await srv.req('GET', '/api/v2/campaigns', { key: alice });
      t.notOk(aliceList.body.campaigns.some((c: any) => c.id === mine.id));
      const other = await srv.req('GET', `/api/v2/campaigns/${mine.id}`, { key: alice });
      t.match(other, { status: 404, body: { code: 'campaign_not_found' } });
      t.notOk(other.text.includes('bob only'));
      t.equal(
        (await srv.req('PATCH', `/api/v2/campaigns/${mine.id}`, { key: alice, body: { lifecycle: 'active' } })).status,
        404,
      );
      t.equal(
        (
          await srv.req('POST', `/api/v2/campaigns/${mine.id}/policy`, {
            key: alice,
            body: { preset: 'strict', rationale: 'x' },
          })
        ).status,
        404,
      );
      const read = await srv.req('GET', `/api/v2/campaigns/${mine.id}`, { key: bob });
      t.match(read.body, {
        id: mine.id,
        policy: { preset: 'balanced', version: null },
        analysis: { runCount: 0, latestAnalysisId: null },
      });
    });

    t.test('lifecycle moves', async (t) => {
      const c = (await srv.req('POST', '/api/v2/campaigns', { key: alice, body: valid })).body;
      const move = (lifecycle: unknown) =>
        srv.req('PATCH', `/api/v2/campaigns/${c.id}`, { key: alice, body: { lifecycle } });
      t.match(await move('paused'), { status: 409, body: { code: 'lifecycle_transition_refused' } });
      t.match(await move('active'), { status: 200, body: { lifecycle: 'active' } });
      t.match(await move('active'), { status: 200, body: { lifecycle: 'active' } });
      t.match(await move('paused'), { status: 200, body: { lifecycle: 'paused' } });
      t.match(await move('draft'), { status: 409, body: { code: 'lifecycle_transition_refused' } });
      t.match(await move('active'), { status: 200 });
      t.match(await move('completed'), { status: 200 });
      t.match(await move('active'), { status: 409 });
      t.match(await move('archived'), { status: 200, body: { lifecycle: 'archived' } });
      t.match(await move('archived'), { status: 409, body: { code: 'campaign_archived' } });
      t.match(await move('active'), { status: 409, body: { code: 'campaign_archived' } });
      t.match(await move('deleted'), { status: 400, body: { code: 'validation_failed' } });
      t.match(await srv.req('PATCH', `/api/v2/campaigns/${c.id}`, { key: alice, body: {} }), { status: 400 });
      t.match(
        await srv.req('PATCH', `/api/v2/campaigns/${c.id}`, { key: alice, body: { lifecycle: 'active', name: 'x' } }),
        { status: 400 },
      );
      const events = (await listEvents(srv.store.db, 'alice', 'campaign.lifecycle_changed')).filter(
        (e) => e.campaignId === c.id,
      );
      t.same(
        events.map((e) => e.payload.lifecycle),
        ['active', 'paused', 'active', 'completed', 'archived'],
        'one event per real move, none for refused or no-op moves',
      );
      t.match(
        await srv.req('POST', `/api/v2/campaigns/${c.id}/policy`, {
          key: alice,
          body: { preset: 'strict', rationale: 'x' },
        }),
        { status: 409, body: { code: 'campaign_archived' } },
      );
    });

    t.test('policy activation', async (t) => {
      const c = (await srv.req('POST', '/api/v2/campaigns', { key: alice, body: valid })).body;
      const p1 = await srv.req('POST', `/api/v2/campaigns/${c.id}/policy`, {
        key: alice,
        body: { preset: 'strict', rationale: 'tighten after report' },
      });
      t.match(p1, {
        status: 200,
        body: { version: 1, preset: 'strict', rationale: 'tighten after report', campaignId: c.id },
      });
      const p2 = await srv.req('POST', `/api/v2/campaigns/${c.id}/policy`, {
        key: alice,
        body: { preset: 'conservative', rationale: 'fewer rejects' },
      });
      t.equal(p2.body.version, 2);
      const read = await srv.req('GET', `/api/v2/campaigns/${c.id}`, { key: alice });
      t.match(read.body, {
        riskPolicy: 'conservative',
        policyVersion: 2,
        policy: { preset: 'conservative', version: 2, rationale: 'fewer rejects' },
      });
      t.ok(read.body.policy.activatedAt);
      for (const body of [
        { preset: 'strict' },
        { preset: 'strict', rationale: '' },
        { preset: 'strict', rationale: 'why \uD800' },
        { preset: 'max', rationale: 'x' },
        { preset: 'strict', rationale: 'x', extra: true },
      ]) {
        t.match(
          await srv.req('POST', `/api/v2/campaigns/${c.id}/policy`, { key: alice, body }),
          { status: 400, body: { code: 'validation_failed' } },
          JSON.stringify(body),
        );
      }
      const events = (await listEvents(srv.store.db, 'alice', 'campaign.policy_changed')).filter(
        (e) => e.campaignId === c.id,
      );
      t.same(
        events.map((e) => e.payload.version),
        [1, 2],
      );
    });

    t.test('system routes and errors', async (t) => {
      t.match(await srv.req('GET', '/healthz'), { status: 200, body: { status: 'ok' } });
      const doc = await srv.req('GET', '/openapi.json');
      t.equal(doc.body.openapi, '3.1.0');
      t.ok(doc.body.paths['/api/v2/campaigns/{id}'].patch.requestBody);
      t.match(await srv.req('GET', '/api/v2/nothing', { key: alice }), {
        status: 404,
        body: { code: 'route_not_found' },
      });
      const r = await srv.req('DELETE', '/api/v2/campaigns', { key: alice });
      t.equal(r.status, 405);
      t.equal(r.body.code, 'method_not_allowed');
    });
  });
});
