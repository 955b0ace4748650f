/**
 * bench:import's generated transfer file: its addresses and transaction hashes look like real ones (hex digits at
 * random, no shared prefix) by default, the legacy file is still there to compare with, and both hold the same rows
 * apart from the addresses and hashes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import type { Test } from 'tap';
import { writeTransferFile } from '../../benchmarks/lib/transfer-file.ts';

const ROWS = 20_000;
const ADDRESS = /^0x[0-9a-f]{40}$/;
const TX_HASH = /^0x[0-9a-f]{64}$/;

function generated(t: Test, style: 'random' | 'legacy', seed = 17): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-transfer-file-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, `${style}.csv`);
  writeTransferFile(file, ROWS, seed, style);
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n');
}

/** The length of the prefix that every string shares. */
function sharedPrefix(values: string[]): number {
  let n = 0;
  while (values.every((v) => v[n] === values[0][n])) n++;
  return n;
}

t.test('random addresses and hashes share no prefix beyond 0x and spread over the first hex digits', async (t) => {
  const lines = generated(t, 'random');
  const addresses = new Set(
    lines.slice(1).flatMap((l) =>
      l
        .split(',')
        .slice(0, 2)
        .filter((a) => ADDRESS.test(a)),
    ),
  );
  t.ok(addresses.size > 20_000, `${addresses.size} distinct addresses`);
  t.equal(sharedPrefix([...addresses]), 2, 'only 0x in common');
  // real addresses and hashes are hashes: every first two hex digits occur
  t.equal(new Set([...addresses].map((a) => a.slice(2, 4))).size, 256);
  const hashes = new Set(lines.slice(1).map((l) => l.split(',')[2]));
  t.ok([...hashes].every((h) => TX_HASH.test(h)));
  t.equal(sharedPrefix([...hashes]), 2);
  t.equal(new Set([...hashes].map((h) => h.slice(2, 4))).size, 256);
});

t.test('the legacy file is the old one (a shared prefix of 35 characters, the row number as hash)', async (t) => {
  const lines = generated(t, 'legacy');
  const addresses = lines.slice(1).flatMap((l) =>
    l
      .split(',')
      .slice(0, 2)
      .filter((a) => ADDRESS.test(a)),
  );
  t.ok(sharedPrefix(addresses) >= 35);
  t.equal(lines[1].split(',')[2], `0x${'0'.repeat(64)}`);
});

t.test('both files hold the same rows, repeats and bad addresses; only addresses and hashes differ', async (t) => {
  const random = generated(t, 'random');
  const prefixed = generated(t, 'legacy');
  t.equal(random.length, ROWS + 1);
  t.equal(random.length, prefixed.length);
  const shape = (l: string): string =>
    l
      .split(',')
      .map((f) => (ADDRESS.test(f) ? 'A' : TX_HASH.test(f) ? 'H' : f))
      .join(',');
  t.same(random.map(shape), prefixed.map(shape));
  // one address maps to one address: a repeated row is repeated in both files
  const pairs = new Map<string, string>();
  let mismatches = 0;
  for (let i = 1; i < random.length; i++) {
    const r = random[i].split(',');
    const p = prefixed[i].split(',');
    for (const j of [0, 1, 2]) {
      if (!ADDRESS.test(r[j]) && !TX_HASH.test(r[j])) continue;
      const seen = pairs.get(p[j]);
      if (seen !== undefined && seen !== r[j]) mismatches++;
      pairs.set(p[j], r[j]);
    }
  }
  t.equal(mismatches, 0);
  t.same(generated(t, 'random'), random, 'deterministic for a seed');
  t.not(generated(t, 'random', 18)[1], random[1], 'another seed, other rows');
});
