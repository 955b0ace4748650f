import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';

const bin = path.resolve(import.meta.dirname, '../../bin/wallet-integrity.js');
const evm = (seed: string): string => '0x' + createHash('sha256').update(seed).digest('hex').slice(0, 40);

/** Runs the CLI from a directory outside the project, as a user would after `npm i -g` or with npx elsewhere. */
function cli(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

t.test('analyze runs the engine on files, without a server or database', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-analyze-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const funder = evm('an-funder');
  const exchange = evm('an-exchange');
  const sybils = Array.from({ length: 10 }, (_, i) => evm(`an-sybil-${i}`));
  const users = Array.from({ length: 5 }, (_, i) => evm(`an-user-${i}`));
  // a ladder of triangles (every edge closes one) over 1100 wallets: one component the backbone pruning keeps,
  // larger than maxComponentNodes, so Louvain runs in the engine's worker threads
  const ladder = Array.from({ length: 1100 }, (_, i) => evm(`an-ladder-${i}`));
  const rows = ['from,to,block_time'];
  sybils.forEach((w, i) =>
    rows.push(`${funder},${w},${1_700_000_000 + i}`, `${w},${sybils[(i + 1) % 10]},${1_700_100_000 + i}`),
  );
  // withdrawals of unrelated users, hours apart
  [...sybils, ...users].forEach((w, i) => rows.push(`${exchange},${w},${1_690_000_000 + i * 7_919}`));
  ladder.forEach((w, i) => {
    if (i + 1 < ladder.length) rows.push(`${w},${ladder[i + 1]},1`);
    if (i + 2 < ladder.length) rows.push(`${w},${ladder[i + 2]},1`);
  });
  fs.writeFileSync(path.join(dir, 'transfers.csv'), rows.join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'labels.csv'), `address,list\n${exchange},exchange\n`);
  fs.writeFileSync(path.join(dir, 'wallets.txt'), [...sybils, ...users, ...ladder].join('\n') + '\n');

  const r = cli(dir, [
    'analyze',
    'wallets.txt',
    '--chain',
    'Ethereum',
    '--transfers',
    'transfers.csv',
    '--labels',
    'labels.csv',
    '--out',
    'decisions.csv',
    '--clusters',
    'clusters.json',
  ]);
  t.equal(r.code, 0, r.err);
  const summary = JSON.parse(r.out.trim().split('\n').at(-1)!);
  t.match(summary, { wallets: 1115, transfers: rows.length - 1, out: 'decisions.csv' });
  t.same(
    summary.transferFields,
    { transfers: rows.length - 1, withBlockTime: rows.length - 1, withAmount: 0, withTxHash: 0, warning: null },
    'what the transfers carry besides who paid whom',
  );
  const decisions = fs.readFileSync(path.join(dir, 'decisions.csv'), 'utf8').trim().split(/\r?\n/);
  t.equal(decisions.length, 1116, 'a header and one row per wallet');
  const action = new Map(
    decisions.slice(1).map((l) => {
      const c = l.split(',');
      return [c[0].toLowerCase(), c[4]];
    }),
  );
  t.ok(
    sybils.every((s) => action.get(s) !== 'approve'),
    'the planted Sybils are flagged',
  );
  t.ok(
    users.every((u) => action.get(u) === 'approve'),
    'wallets linked only through the exchange are approved',
  );
  const clusters = JSON.parse(fs.readFileSync(path.join(dir, 'clusters.json'), 'utf8'));
  const sybilCluster = clusters.find((c: any) => c.members.some((m: string) => m.toLowerCase() === sybils[0]));
  t.same(sybilCluster.members.map((m: string) => m.toLowerCase()).sort(), [...sybils].sort());
  t.ok(clusters.length > 2, 'the ladder was split into several communities by Louvain');

  t.match(cli(dir, ['analyze', 'wallets.txt', '--chain', 'Ethereum']), { code: 2, err: /--transfers is required/ });
  t.match(cli(dir, ['analyze', 'wallets.txt', '--chain', 'Ethereum', '--transfers', 'nope.csv']), {
    code: 2,
    err: /no such file: nope.csv/,
  });
  t.match(
    cli(dir, ['analyze', 'wallets.txt', '--chain', 'Ethereum', '--transfers', 'transfers.csv', '--preset', 'lenient']),
    { code: 2, err: /--preset must be one of/ },
  );
  fs.writeFileSync(path.join(dir, 'bad.txt'), `${sybils[0]}\nnot-an-address\n`);
  t.match(cli(dir, ['analyze', 'bad.txt', '--chain', 'Ethereum', '--transfers', 'transfers.csv']), {
    code: 1,
    err: /invalid_wallets.*not-an-address/,
  });
});

t.test('analyze reads tx_hash: one transaction paying four listed wallets is batch funding', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-analyze-tx-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const funder = evm('tx-cli-funder');
  const farm = Array.from({ length: 4 }, (_, i) => evm(`tx-cli-farm-${i}`));
  const rows = ['from,to,block_time,amount,tx_hash'];
  farm.forEach((w, i) => rows.push(`${funder},${w},1700000000,${[0.1, 0.37, 1.2, 2.5][i]},0x${'cd'.repeat(32)}`));
  fs.writeFileSync(path.join(dir, 'transfers.csv'), rows.join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'wallets.txt'), farm.join('\n') + '\n');
  const args = ['analyze', 'wallets.txt', '--chain', 'Ethereum', '--transfers', 'transfers.csv'];
  const r = cli(dir, [...args, '--out', 'decisions.csv', '--clusters', 'clusters.json']);
  t.equal(r.code, 0, r.err);
  const clusters = JSON.parse(fs.readFileSync(path.join(dir, 'clusters.json'), 'utf8'));
  const batch = clusters.flatMap((c: { evidence: Array<{ kind: string }> }) => c.evidence);
  t.equal(batch.filter((e: { kind: string }) => e.kind === 'batch_funding').length, 1, 'one batch item');
});

t.test('analyze reads wallet lists as exports write them: a header of any case, wallet_address', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-analyze-list-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const wallets = Array.from({ length: 3 }, (_, i) => evm(`list-cli-${i}`));
  fs.writeFileSync(path.join(dir, 'transfers.csv'), `from,to\n${wallets[0]},${wallets[1]}\n`);
  const lists = {
    'one-column.txt': `\ufeffAddress\n${wallets.join('\n')}\n`,
    'export.csv': `Wallet_Address,PolicyAction\n${wallets.map((w) => `${w},approve`).join('\n')}\n`,
  };
  for (const [name, text] of Object.entries(lists)) {
    fs.writeFileSync(path.join(dir, name), text);
    const r = cli(dir, ['analyze', name, '--chain', 'Ethereum', '--transfers', 'transfers.csv', '--out', 'd.csv']);
    t.equal(r.code, 0, `${name}: ${r.err}`);
    t.match(r.out, /^analyzed 3 wallets/m, name);
    t.match(r.err, /warning: 1 of 1 transfers have no block time: .* add block_time/, 'untimed data is named');
  }
  fs.writeFileSync(path.join(dir, 'unknown.csv'), `owner\n${wallets[0]}\n`);
  const bad = cli(dir, ['analyze', 'unknown.csv', '--chain', 'Ethereum', '--transfers', 'transfers.csv']);
  t.equal(bad.code, 1);
  t.match(bad.err, /needs a header row with a wallet, walletAddress or address column .*found: owner/);
});
