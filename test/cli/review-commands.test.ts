import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { main } from '../../src/cli/main.ts';
import { openStore } from '../../storage/store.ts';
import { listEvents } from '../../storage/repos/outbox-repo.ts';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/wallet-integrity.js');
const env = (dataDir: string) => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });

/** The installed binary, once: the rest runs main() in this process (same code, no process start per command). */
const spawned = (dataDir: string, args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env(dataDir) },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

async function cliIn(dataDir: string, args: string[]) {
  Object.assign(process.env, env(dataDir));
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (s) => {
      out += `${s}\n`;
      return true;
    },
    err: (s) => {
      err += `${s}\n`;
      return true;
    },
  });
  return { code, out, err };
}

t.test('reviews and appeals from the CLI on the embedded store', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-rev-cli-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const srv = await startTestServer({ store: await openStore({ dataDir: path.join(dir, 'pg') }) });
  const fx = await plantCluster(srv.store, 'cli');
  const key = await srv.key('acme', 'none');
  const c = (
    await srv.req('POST', '/api/v2/campaigns', { key, body: { name: 'c', campaignType: 'airdrop', chain: 'Ethereum' } })
  ).body;
  const started = await srv.req('POST', `/api/v2/campaigns/${c.id}/analyses`, { key, body: { wallets: fx.wallets } });
  const done = await waitForRun(srv, key, c.id, started.body.analysisId);
  const run = `/api/v2/campaigns/${c.id}/analyses/${done.analysisId}`;
  const label = (await srv.req('GET', `${run}/clusters`, { key })).body.clusters[0].clusterLabel;
  await srv.close();

  const scope = ['--owner', 'acme', '--campaign', c.id];
  t.match(await cliIn(dir, ['reviews', 'add', ...scope, '--verdict', 'cleared', '--reviewer', 'a']), {
    code: 2,
    err: /exactly one of --cluster or --wallet/,
  });
  t.match(await cliIn(dir, ['reviews', 'add', ...scope, '--cluster', label, '--verdict', 'sure', '--reviewer', 'a']), {
    code: 2,
    err: /--verdict must be one of/,
  });
  t.match(
    await cliIn(dir, [
      'reviews',
      'add',
      ...scope,
      '--cluster',
      label,
      '--verdict',
      'cleared',
      '--reviewer',
      'a',
      '--evidence',
      'x:1',
    ]),
    {
      code: 2,
      err: /--evidence must be/,
    },
  );
  const add = spawned(dir, [
    'reviews',
    'add',
    ...scope,
    '--cluster',
    label,
    '--verdict',
    'confirmed_sybil',
    '--reviewer',
    'ana',
    '--note',
    'same funder',
    '--evidence',
    'funding:1',
  ]);
  t.equal(add.code, 0, add.err);
  t.match(add.out, /^rev_\w+\t\S+\tcluster .+\tconfirmed_sybil\tana\t"same funder"/);
  t.match(
    await cliIn(dir, ['reviews', 'add', ...scope, '--cluster', 'nope', '--verdict', 'cleared', '--reviewer', 'a']),
    {
      code: 1,
      err: /cluster_not_found/,
    },
  );
  t.match(
    await cliIn(dir, [
      'reviews',
      'add',
      '--owner',
      'other',
      '--campaign',
      c.id,
      '--cluster',
      label,
      '--verdict',
      'cleared',
      '--reviewer',
      'a',
    ]),
    {
      code: 1,
      err: /campaign_not_found/,
    },
    "another owner's campaign is not found",
  );
  const list = await cliIn(dir, ['reviews', 'list', ...scope, '--json']);
  t.equal(JSON.parse(list.out)[0].evidence[0].lane, 'funding');

  const appeal = await cliIn(dir, [
    'appeals',
    'add',
    ...scope,
    '--wallet',
    fx.sybils[0],
    '--message',
    'one person',
    '--contact',
    'x@y.z',
  ]);
  t.equal(appeal.code, 0, appeal.err);
  const appealId = appeal.out.split(' ')[0];
  t.match(
    (await cliIn(dir, ['appeals', 'list', ...scope, '--status', 'open'])).out,
    new RegExp(`${appealId}\\t\\S+\\topen\\t\\S+\\toperator`),
  );
  const resolved = await cliIn(dir, [
    'appeals',
    'resolve',
    appealId,
    ...scope,
    '--verdict',
    'cleared',
    '--reviewer',
    'bo',
  ]);
  t.match(resolved, { code: 0, out: /resolved by review rev_\w+ \(cleared\)/ });
  t.match(await cliIn(dir, ['appeals', 'resolve', appealId, ...scope, '--verdict', 'cleared', '--reviewer', 'bo']), {
    code: 1,
    err: /appeal_already_resolved/,
  });
  t.equal((await cliIn(dir, ['appeals', 'list', ...scope, '--status', 'open'])).out.trim(), 'no appeals');

  const store = await openStore({ dataDir: path.join(dir, 'pg') });
  t.teardown(() => store.close());
  t.equal((await listEvents(store.db, 'acme', 'review.recorded')).length, 2, 'CLI reviews go through the outbox');
  t.equal((await listEvents(store.db, 'acme', 'appeal.resolved')).length, 1);
});
