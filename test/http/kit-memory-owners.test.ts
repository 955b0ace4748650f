/**
 * Kit memory across owners, through the real app: the poisoning attack of issue 16 (owner B scans copies of owner
 * A's page with a recovery-phrase prompt and an inferno kit marker in a script on other hosts) no longer turns
 * A's own page into `block page.known_kit`; one owner's lessons stay its own until confirmed.
 */
import t, { type Test } from 'tap';
import http from 'node:http';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { eachStore } from '../helpers/each-store.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';

const legit =
  '<html><head><title>Acme Swap</title><script>window.app={routes:["swap","pool"]};init(window.app)</script>' +
  '<script src="/static/app.3f9a1c2d.js"></script></head><body><nav class="top"><a href="/">Home</a></nav>' +
  '<main class="swap"><h1>Swap</h1><p>Fast token swaps.</p><button class="btn">Swap</button></main></body></html>';
const poisoned = legit.replace(
  '<p>Fast token swaps.</p>',
  '<p>Enter your recovery phrase to continue.</p><script>window.__inferno={}</script>',
);

/** One loopback site per host (127.0.0.1-8), each serving `/legit` and `/poisoned`. */
async function startSites(t: Test): Promise<string[]> {
  return Promise.all(
    [1, 2, 3, 4, 5, 6, 7, 8].map(async (n) => {
      const site = http.createServer((req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(req.url === '/legit' ? legit : poisoned);
      });
      await new Promise<void>((resolve) => site.listen(0, `127.0.0.${n}`, resolve));
      t.teardown(() => new Promise((resolve) => site.close(resolve)));
      return `http://127.0.0.${n}:${(site.address() as { port: number }).port}`;
    }),
  );
}

const known = (r: { findings: Array<{ kind: string }> }) => r.findings.find((f) => f.kind === 'page.known_kit');

await eachStore(t, 'kitowners', (t, factory) => {
  t.test('the poisoning attack fails, and lessons are per owner until confirmed', async (t) => {
    const sites = await startSites(t);
    const store = await factory.open();
    const srv: TestServer = await startTestServer({
      store,
      background: false,
      env: { UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1' },
    });
    t.teardown(() => srv.close());
    const keys: Record<string, string> = {};
    for (const owner of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'])
      keys[owner] = await srv.key(owner, 'starter');
    const scan = async (owner: string, url: string) => {
      const r = await srv.req('POST', '/api/v1/screening/scan', {
        key: keys[owner],
        body: { type: 'url', chain: 'evm', value: url },
      });
      t.equal(r.status, 200, `${owner} scans ${url}`);
      return r.body;
    };

    const before = await scan('alice', `${sites[0]}/legit`);
    t.not(before.verdict, 'block', "alice's own page is not blocked to begin with");
    // the attack: bob scans two poisoned copies of alice's page on other hosts; both are blocked and learned
    for (const site of [sites[1], sites[2]]) t.equal((await scan('bob', `${site}/poisoned`)).verdict, 'block');
    const after = await scan('alice', `${sites[0]}/legit`);
    t.equal(known(after), undefined, "alice's page is not a known kit");
    t.equal(after.verdict, before.verdict, "alice's verdict is unchanged by bob's scans");
    t.equal(after.riskScore, before.riskScore);
    t.not(after.metadata.kitFingerprint, null);

    const bobs = await scan('bob', `${sites[3]}/poisoned`);
    t.match(known(bobs), { severity: 'critical' }, 'bob learns from his own scans');
    // bob reports his scan; while the report is open it confirms nothing
    const fb = await srv.req('POST', '/api/screening/feedback', {
      body: { scanId: bobs.scanId, verdict: 'scam_report', reason: 'drainer' },
    });
    t.equal(fb.status, 201);
    t.equal(known(await scan('carol', `${sites[4]}/poisoned`)), undefined, "bob's lessons do not reach carol");
    // confirmation by reviewed feedback: an operator accepts the report
    await adminCommands['feedback.resolve'](store.db, { feedbackId: fb.body.feedbackId, status: 'accepted' });
    t.match(
      known(await scan('dave', `${sites[5]}/poisoned`)),
      { severity: 'high', data: { confirmed: true, otherHosts: 1 } },
      'the confirmed host counts for everyone, the unconfirmed ones do not',
    );
  });

  t.test('several unrelated owners confirm a kit', async (t) => {
    const sites = await startSites(t);
    const store = await factory.open();
    const srv = await startTestServer({ store, background: false, env: { UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS: '1' } });
    t.teardown(() => srv.close());
    const scan = async (owner: string, url: string) =>
      (
        await srv.req('POST', '/api/v1/screening/scan', {
          key: await srv.key(owner, 'starter'),
          body: { type: 'url', chain: 'evm', value: url },
        })
      ).body;
    await scan('o1', `${sites[0]}/poisoned`);
    await scan('o2', `${sites[1]}/poisoned`);
    t.equal(known(await scan('o9', `${sites[3]}/poisoned`)), undefined, 'two other owners are not enough');
    await scan('o3', `${sites[2]}/poisoned`);
    t.match(known(await scan('o9', `${sites[4]}/poisoned`)), { severity: 'critical', data: { confirmed: true } });
  });
});
