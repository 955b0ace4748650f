import t from 'tap';
import { eachStore } from '../helpers/each-store.ts';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { sol } from '../helpers/chain-servers.ts';
import { insertLabels, insertTransfers, type TransferRecord } from '../../storage/repos/transfers-repo.ts';

await eachStore(t, 'solana_runs', (t, factory) => {
  t.test('a Solana campaign: base58 wallets clustered end to end, infrastructure neutralised', async (t) => {
    const srv = await startTestServer({ store: await factory.open() });
    t.teardown(() => srv.close());
    const key = await srv.key('sol-owner', 'none');
    const funder = sol('sol-funder');
    const hub = sol('sol-exchange');
    const sybils = Array.from({ length: 9 }, (_, i) => sol(`sol-sybil-${i}`));
    const users = Array.from({ length: 6 }, (_, i) => sol(`sol-user-${i}`));
    const rows: TransferRecord[] = [];
    const add = (from: string, to: string, time: number, amount = '1'): void => {
      rows.push({
        chain: 'solana',
        from,
        to,
        txHash: null,
        blockTime: time,
        amount,
        asset: 'SOL',
        source: 'test',
        dedupKey: `${from}>${to}>${time}`,
      });
    };
    sybils.forEach((w, i) => add(funder, w, 1_700_000_000 + i));
    sybils.forEach((w, i) => add(w, sybils[(i + 1) % sybils.length], 1_700_100_000 + i));
    // withdrawals of unrelated users: hours apart, different amounts
    [...sybils, ...users].forEach((w, i) => add(hub, w, 1_690_000_000 + i * 7_919, (1 + i * 0.37).toFixed(2)));
    await insertTransfers(srv.store.db, rows);
    await insertLabels(srv.store.db, [
      { chain: 'solana', address: hub, list: 'exchange', kind: 'infrastructure', source: 'test' },
    ]);

    const campaign = (
      await srv.req('POST', '/api/v2/campaigns', {
        key,
        body: { name: 'sol drop', campaignType: 'airdrop', chain: 'Solana' },
      })
    ).body;
    const base = `/api/v2/campaigns/${campaign.id}`;
    t.match(
      await srv.req('POST', `${base}/analyses`, { key, body: { wallets: [sybils[0].toLowerCase()] } }),
      { status: 400, body: { code: 'invalid_wallets' } },
      'base58 is case-sensitive: a lower-cased address is another (invalid) one',
    );
    // another valid address that differs from a wallet only in the case of its last character
    const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const caseTwin = (a: string): string | null => {
      const c = a[a.length - 1];
      const o = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
      return o !== c && B58.includes(o) ? a.slice(0, -1) + o : null;
    };
    const twinSeed = Array.from({ length: 200 }, (_, i) => sol(`twin-${i}`)).find((a) => caseTwin(a) !== null)!;
    t.match(
      await srv.req('POST', `${base}/analyses`, {
        key,
        body: { wallets: [{ wallet: twinSeed, address: caseTwin(twinSeed)! }] },
      }),
      { status: 400, body: { code: 'invalid_wallets', invalid: [{ reason: /different addresses/ }] } },
      'wallet and address that differ only in case name two Solana addresses',
    );
    t.match(
      await srv.req('POST', `${base}/analyses`, { key, body: { wallets: [caseTwin(twinSeed)!] } }),
      { status: 202 },
      'the twin is itself a valid address',
    );
    const started = await srv.req('POST', `${base}/analyses`, { key, body: { wallets: [...sybils, ...users] } });
    t.equal(started.status, 202);
    const done = await waitForRun(srv, key, campaign.id, started.body.analysisId);
    t.equal(done.status, 'completed', JSON.stringify(done.error));
    const run = `${base}/analyses/${done.analysisId}`;
    const catalog = await srv.req('GET', `${run}/clusters`, { key });
    t.equal(catalog.body.clusters.length, 1);
    const label = encodeURIComponent(catalog.body.clusters[0].clusterLabel);
    const members = await srv.req('GET', `${run}/clusters/${label}/members?limit=500`, { key });
    t.same(
      members.body.members.map((m: any) => m.walletAddress).sort(),
      [...sybils].sort(),
      'members are the Sybils, addresses unchanged',
    );
    t.ok(members.body.members.every((m: any) => m.chain === 'Solana' && m.storedRecommendedAction !== 'approve'));
    const funding = await srv.req('GET', `${run}/clusters/${label}/evidence?lane=funding&limit=200`, { key });
    t.ok(
      funding.body.evidence.some((e: any) => e.kind === 'common_funder' && e.riskBearing && e.addresses[0] === funder),
      'the shared funder is risk-bearing funding evidence',
    );
    t.ok(
      funding.body.evidence.filter((e: any) => e.addresses[0] === hub).every((e: any) => e.riskBearing === false),
      'the exchange is neutralised',
    );
    const decisions = await srv.req('GET', `${run}/decisions?limit=500`, { key });
    for (const u of users)
      t.match(
        decisions.body.decisions.find((d: any) => d.walletAddress === u),
        { clusterLabel: null, executionRecommendation: { storedRecommendedAction: 'approve' } },
      );
    const csv = await srv.req('GET', `${base}/decisions?format=csv`, { key });
    t.ok(
      sybils.every((s) => csv.text.includes(s)),
      'the decision package keeps base58 addresses',
    );
  });
});
