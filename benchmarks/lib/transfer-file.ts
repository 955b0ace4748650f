/**
 * A generated transfer CSV for the import benchmark, shaped like explorer exports: from,to,tx_hash,block_time,
 * amount,asset with lower-case addresses drawn from a pool, about 1 row in 50 repeated (re-exported rows the
 * import must store once), 1 in 1000 with a bad address (reported, not stored) and 1 in 500 with a quoted asset
 * name holding a comma (the full CSV parser's path). Deterministic for a seed.
 */
import fs from 'node:fs';
import { seededRng } from '../../engine/rng.ts';
import { nodeAddress } from './synthetic-chain.ts';

const POOL = 200_000;

export function writeTransferFile(file: string, rows: number, seed: number): void {
  const rnd = seededRng(seed);
  const fd = fs.openSync(file, 'w');
  try {
    let out = 'from,to,tx_hash,block_time,amount,asset\n';
    let previous = '';
    for (let i = 0; i < rows; i++) {
      let line: string;
      if (previous && rnd() < 0.02) line = previous;
      else {
        const from = nodeAddress(Math.floor(rnd() * POOL));
        const to = rnd() < 0.001 ? '0xnot-an-address' : nodeAddress(Math.floor(rnd() * POOL));
        const tx = `0x${i.toString(16).padStart(64, '0')}`;
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
