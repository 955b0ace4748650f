/**
 * A generated transfer CSV for the import benchmark, shaped like explorer exports: from,to,tx_hash,block_time,
 * amount,asset with lower-case addresses drawn from a pool, about 1 row in 50 repeated (re-exported rows the
 * import must store once), 1 in 1000 with a bad address (reported, not stored) and 1 in 500 with a quoted asset
 * name holding a comma (the full CSV parser's path). Deterministic for a seed.
 *
 * Hashes (`--hashes` of bench:import): `random` (the default) gives each of the pool's wallets 40 hex digits (from
 * a seeded generator of their own) and each row a 64-digit transaction hash (the SHA-256 of the seed and the row's
 * number), so that they look like real ones, which are hashes: digits and letters at random, no shared prefix.
 * `legacy` is the generator of the sessions before 2026-11-25: synthetic-chain.ts's node addresses (`0xaaaa…` and a
 * counter: 35 leading characters shared) and the row's number as its hash (`0x000…`), kept to compare with the
 * figures measured on it. Both made the import look cheaper or dearer than on real data: a shared prefix makes
 * PostgreSQL's abbreviated sort keys useless (the address indexes cost about 60% more to build), and digits all
 * alike make this process's hex checks predictable (docs/benchmarks.md, bench:import, "Issue 17, eleventh pass").
 * Both styles draw the rows from the same sequence: the same lines are repeated or rejected in either file, only the
 * addresses and hashes differ.
 */
import fs from 'node:fs';
import { hash } from 'node:crypto';
import { seededRng } from '../../engine/rng.ts';
import { nodeAddress } from './synthetic-chain.ts';

const POOL = 200_000;

export type HashStyle = 'random' | 'legacy';
export const HASH_STYLES: readonly HashStyle[] = ['random', 'legacy'];

/** The pool's addresses (see the file's comment). */
function addressPool(style: HashStyle, seed: number): string[] {
  if (style === 'legacy') return Array.from({ length: POOL }, (_, i) => nodeAddress(i));
  // a generator apart from the rows' own, so that the rows are drawn as in a legacy file
  const rnd = seededRng((seed ^ 0x5eed_add5) >>> 0);
  const word = (): string =>
    Math.floor(rnd() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return Array.from({ length: POOL }, () => `0x${word()}${word()}${word()}${word()}${word()}`);
}

export function writeTransferFile(file: string, rows: number, seed: number, style: HashStyle = 'random'): void {
  const rnd = seededRng(seed);
  const pool = addressPool(style, seed);
  const fd = fs.openSync(file, 'w');
  try {
    let out = 'from,to,tx_hash,block_time,amount,asset\n';
    let previous = '';
    for (let i = 0; i < rows; i++) {
      let line: string;
      if (previous && rnd() < 0.02) line = previous;
      else {
        const from = pool[Math.floor(rnd() * POOL)];
        const to = rnd() < 0.001 ? '0xnot-an-address' : pool[Math.floor(rnd() * POOL)];
        // a real hash of the seed and the row's number: as random-looking as a transaction's, and quick to make
        const tx =
          style === 'legacy' ? `0x${i.toString(16).padStart(64, '0')}` : `0x${hash('sha256', `${seed}:${i}`, 'hex')}`;
        const time = 1_700_000_000 + Math.floor(rnd() * 2_592_000);
        const amount = (rnd() * 1000).toFixed(6);
        const asset = rnd() < 0.002 ? '"USD Coin, bridged"' : rnd() < 0.5 ? 'ETH' : 'USDC';
        line = `${from},${to},${tx},${time},${amount},${asset}\n`;
      }
      previous = line;
      out += line;
      if (out.length > 1 << 20) {
        fs.writeSync(fd, out);
        out = '';
      }
    }
    fs.writeSync(fd, out);
  } finally {
    fs.closeSync(fd);
  }
}
