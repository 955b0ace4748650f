import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const bin = path.resolve(import.meta.dirname, '../../bin/wallet-integrity.js');

function cli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const lastLine = (s: string): string => s.trim().split('\n').at(-1)!;

t.test('CLI on the embedded store without a server', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-cli-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  t.equal(cli(dir, []).code, 2, 'no command is a usage error');
  t.equal(cli(dir, ['--help']).code, 0);
  t.equal(cli(dir, ['keys', 'create', '--help']).code, 0);
  t.match(cli(dir, ['keys', 'create', '--owner', 'a']), { code: 2, err: /--plan is required/ });
  t.match(cli(dir, ['keys', 'create', '--owner', 'a', '--plan', 'gold']), { code: 2, err: /--plan must be one of/ });
  t.match(cli(dir, ['keys', 'list', '--owner', 'a', '--bogus']), { code: 2, err: /Unknown option/ });
  t.match(cli(dir, ['frobnicate']), { code: 2, err: /unknown command/ });
  t.match(cli(dir, ['plans', 'activate', '--owner', 'a', '--plan', 'starter', '--days', 'x']), { code: 2 });
  t.match(
    cli(dir, ['plans', 'activate', '--owner', 'a', '--plan', 'starter', '--days', '0']),
    { code: 2, err: /--days must be/ },
    'an out-of-range flag is a usage error',
  );
  t.match(cli(dir, ['plans', 'activate', '--owner', 'a', '--plan', 'starter', '--days', '9999']), {
    code: 2,
    err: /--days must be/,
  });
  t.match(cli(dir, ['keys', 'create', '--owner', '', '--plan', 'growth']), { code: 2, err: /--owner must be/ });
  t.match(cli(dir, ['keys', 'list', '--owner', ' ']), { code: 2, err: /--owner must be/ });
  t.match(cli(dir, ['keys', 'list', '--help']), { code: 0, out: /--json/ }, 'help names every option');
  const created = cli(dir, ['keys', 'create', '--owner', 'acme', '--plan', 'starter']);
  t.equal(created.code, 0, created.err);
  const key = lastLine(created.out);
  t.match(key, /^wik_[a-z2-9]{12}_[A-Za-z0-9_-]{43}$/, 'the key alone on the last line');
  const listed = cli(dir, ['keys', 'list', '--owner', 'acme']);
  t.equal(listed.code, 0);
  t.notOk(listed.out.includes(key.slice('wik_'.length + 13)), 'list never shows the secret');
  const keyId = listed.out.split('\t')[0];
  t.match(cli(dir, ['keys', 'revoke', keyId]), { code: 0, out: /revoked/ });
  t.match(cli(dir, ['keys', 'revoke', 'key_nope']), { code: 1, err: /key_not_found/ });
  t.match(cli(dir, ['plans', 'activate', '--owner', 'acme', '--plan', 'growth', '--days', '7']), {
    code: 0,
    out: /growth active until/,
  });
  t.match(cli(dir, ['feedback', 'list']), { code: 0, out: /no open feedback/ }, 'the review queue starts empty');
  t.match(cli(dir, ['feedback', 'resolve', 'fbk_x', '--status', 'maybe']), {
    code: 2,
    err: /--status must be accepted or rejected/,
  });
  for (const limit of ['0', '1001', 'ten'])
    t.match(
      cli(dir, ['feedback', 'list', '--limit', limit]),
      { code: 2, err: /--limit must be a whole number from 1 to 1000/ },
      `--limit ${limit} is a usage error`,
    );

  const csv = path.join(dir, 't.csv');
  fs.writeFileSync(
    csv,
    'from,to,block_time,amount\n' +
      '0x' +
      '1'.repeat(40) +
      ',0x' +
      '2'.repeat(40) +
      ',1700000000,5\n' +
      '0x' +
      'A'.repeat(40) +
      ',0x' +
      '3'.repeat(40) +
      ',2023-11-14T22:13:20Z,1.5\n' +
      'nothex,0x' +
      '3'.repeat(40) +
      ',,\n' +
      '0x' +
      '1'.repeat(40) +
      ',,,\n' +
      '0x' +
      '4'.repeat(40) +
      ',0x' +
      '5'.repeat(40) +
      ',yesterday,\n',
  );
  const imp = cli(dir, ['transfers', 'import', csv, '--chain', 'Ethereum']);
  t.equal(imp.code, 0, imp.err);
  t.same(JSON.parse(lastLine(imp.out)), { read: 5, kept: 2, inserted: 2, rejected: 3 });
  t.match(imp.err, /rejected line 4: from: not 0x/);
  t.match(imp.err, /missing from or to/);
  t.match(imp.err, /block_time/);
  const again = cli(dir, ['transfers', 'import', csv, '--chain', 'Ethereum']);
  t.same(
    JSON.parse(lastLine(again.out)),
    { read: 5, kept: 2, inserted: 0, rejected: 3 },
    're-importing adds nothing twice',
  );
  t.match(cli(dir, ['transfers', 'import', csv, '--chain', 'Mars']), { code: 2 });
  t.match(cli(dir, ['transfers', 'import', path.join(dir, 'missing.csv'), '--chain', 'Base']), {
    code: 2,
    err: /no such file/,
  });
  const malformed = path.join(dir, 'm.csv');
  fs.writeFileSync(
    malformed,
    'From,To\n0x' +
      '6'.repeat(40) +
      'x"y",0x' +
      '7'.repeat(40) +
      '\n0x' +
      '6'.repeat(40) +
      ',0x' +
      '7'.repeat(40) +
      '\n',
  );
  const mal = cli(dir, ['transfers', 'import', malformed, '--chain', 'Base']);
  t.equal(mal.code, 0, mal.err);
  t.same(
    JSON.parse(lastLine(mal.out)),
    { read: 2, kept: 1, inserted: 1, rejected: 1 },
    'a malformed row is counted and the import goes on',
  );
  t.match(mal.err, /rejected line 2: malformed CSV/);
  const nd = path.join(dir, 's.ndjson');
  fs.writeFileSync(
    nd,
    JSON.stringify({
      from: 'So11111111111111111111111111111111111111112',
      to: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
      chain: 'solana',
    }) + '\n{bad json\n',
  );
  t.same(JSON.parse(lastLine(cli(dir, ['transfers', 'import', nd, '--chain', 'Solana']).out)), {
    read: 2,
    kept: 1,
    inserted: 1,
    rejected: 1,
  });
  const labels = path.join(dir, 'l.csv');
  fs.writeFileSync(labels, 'address,list\n0x' + '9'.repeat(40) + ',exchange\nbad,exchange\n');
  t.same(JSON.parse(lastLine(cli(dir, ['labels', 'import', labels, '--chain', 'Ethereum']).out)), {
    read: 2,
    kept: 1,
    inserted: 1,
    rejected: 1,
  });
});

t.test('CLI routes through the running server that owns the embedded store', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-cli-srv-'));
  const server = spawn(process.execPath, [bin, 'serve'], {
    env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  t.teardown(async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  let info: { port: number } | null = null;
  // a fresh data directory: initdb (a child process), the migrations and the screening lists before the server
  // listens; up to a minute on a loaded 2-core machine
  for (let i = 0; i < 600 && !info; i++) {
    try {
      info = JSON.parse(fs.readFileSync(path.join(dir, 'server.json'), 'utf8'));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  t.ok(info, 'the server published DATA_DIR/server.json');
  t.equal(fs.statSync(path.join(dir, 'server.json')).mode & 0o777, 0o600, 'readable by its owner only');
  const created = cli(dir, ['keys', 'create', '--owner', 'live', '--plan', 'growth']);
  t.equal(created.code, 0, created.err);
  const key = lastLine(created.out);
  const res = await fetch(`http://127.0.0.1:${info!.port}/api/v2/campaigns`, {
    headers: { authorization: `Bearer ${key}` },
  });
  t.equal(res.status, 200, 'the key made through the server works at once');
  const forged = await fetch(`http://127.0.0.1:${info!.port}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': 'nope' },
    body: '{"command":"keys.create","args":{"owner":"x","plan":"growth"}}',
  });
  t.equal(forged.status, 404, 'the admin route needs the token');
  const admin = (command: string) =>
    fetch(`http://127.0.0.1:${info!.port}/internal/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': (info as any).adminToken },
      body: JSON.stringify({ command, args: {} }),
    });
  for (const inherited of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    const r = await admin(inherited);
    t.equal(r.status, 400, `an inherited name (${inherited}) is no admin command`);
  }
  server.kill('SIGTERM');
  t.equal(await exited, 0, 'SIGTERM shuts down cleanly');
  t.notOk(fs.existsSync(path.join(dir, 'server.json')), 'server.json removed on shutdown');
});
