import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { importTransfers, type ImportCounts } from '../../src/imports/transfer-import.ts';
import { importTransferText, TransferText } from '../../src/imports/transfer-text.ts';
import { recordChecks } from '../../src/imports/transfer-import.ts';
import { copyText } from '../../storage/repos/transfer-bulk-load.ts';

const A = '0x' + 'a1'.repeat(20);
const B = '0x' + '0f'.repeat(20);
const C = '0x' + 'c3d4'.repeat(10);
const HASH = '0x' + 'ab'.repeat(32);
const SOURCE = 'test\tsource\\';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-text-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A load's key memory (LoadTransfers' `fresh`) as a plain set. */
function keyMemory(): (key: string) => boolean {
  const seen = new Set<string>();
  return (key) => !seen.has(key) && !!seen.add(key);
}

/** The text and counts of a file read as readTransfers, transferDedupKey and copyText do it (the reference). */
async function reference(file: string, chain: string): Promise<{ text: string; counts: ImportCounts }> {
  const fresh = keyMemory();
  let text = '';
  const counts = await importTransfers({ file, chain, source: SOURCE }, async (b) => {
    const keep = b.dedupKey.map(fresh);
    text += copyText(b, SOURCE, (i) => keep[i]);
    return 0;
  });
  return { text, counts };
}

/** The same file through importTransferText, with the rows its batches counted. */
async function asText(file: string, chain: string): Promise<{ text: string; counts: ImportCounts; rows: number }> {
  const fresh = keyMemory();
  const parts: Buffer[] = [];
  let rows = 0;
  const counts = await importTransferText(
    { file, chain, source: SOURCE },
    {
      fresh,
      async writeText(text, n) {
        parts.push(text);
        rows += n;
        return 0;
      },
    },
  );
  return { text: Buffer.concat(parts).toString('utf8'), counts, rows };
}

async function same(t: Test, name: string, content: string | Buffer, chain = 'Ethereum'): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  const want = await reference(file, chain);
  const got = await asText(file, chain);
  t.same(got.counts, want.counts, `${name}: the same counts and rejected lines`);
  t.equal(got.text, want.text, `${name}: the same COPY text and keys, byte for byte`);
  t.equal(got.rows, want.counts.kept, `${name}: every kept row counted for the load`);
  return got.text;
}

const rows = (lines: string[]): string => `${lines.join('\n')}\n`;

t.test('common rows, as bytes, give the text and keys of the parser', async (t) => {
  const text = await same(
    t,
    'plain.csv',
    rows([
      'from,to,tx_hash,block_time,amount,asset',
      `${A},${B},${HASH},1700000000,12.5,ETH`,
      `${A},${B},${HASH},1700000000,12.5,ETH`,
      `${B},${C},${HASH.toUpperCase().replace('0X', '0x')},0,-1.5e-3,USD Coin`,
      `${B},${C},0x${'aB'.repeat(32)},99999999999,7E+2,a|b`,
      `${C},${A},,,,`,
      `${C},${A}`,
    ]),
  );
  t.equal(text.split('\n').length - 1, 4, 'a repeated row is written once (and one that differs by empty values)');
  t.match(text, `${B}\t${C}\t${HASH}\t0\t-1.5e-3\tUSD Coin\t`, 'an upper-case hash is stored in lower case');
  t.match(text, `${C}\t${A}\t\\N\t\\N\t\\N\t\\N\t`, 'missing values are nulls');
});

t.test('rows the bytes cannot take go to the parser in file order, with their lines', async (t) => {
  await same(
    t,
    'mixed.csv',
    rows([
      '\ufeffTo,FROM,Hash,timeStamp,Value,Symbol,extra',
      `${B},${A},0XABCD,1700000000.5,"1,250.5",ETH,x`,
      `${B},${A.toUpperCase().replace('0X', '0x')},0x,1700000000000,0x1f,ETH,"q"`,
      `${B},${A},0xABG1,2024-01-31 12:00:00,1,"USD, bridged"`,
      `${B},0xnot-an-address,${HASH},1,1,ETH`,
      ` ${B} , ${A} ,${HASH},0123,1.,eth`,
      `${B},${A},${HASH},1,abc,eth`,
      `${B},${A},${HASH},0123,1,eth`,
      `${B},${A},${HASH},1,1,a\\b`,
      `${B},${A},${HASH},1,1,a\tb`,
      `${B},${A},${HASH},1,1,\u00dcnicode`,
      '',
      '   ',
      `${B},${A},0x12 3,1,1,"two`,
      `lines"`,
      `${B},${A},${HASH},1,1,"open`,
    ]).replaceAll('\n', '\r\n'),
  );
});

t.test('a chain column: plain names as bytes, others through storedChainName and the family check', async (t) => {
  await same(
    t,
    'chains.csv',
    rows([
      'chain,kind,from,to',
      `xdai,erc20,${A},${B}`,
      `BNB Chain,erc20,${A},${B}`,
      `solana,erc20,${A},${B}`,
      `,erc20,${A},${B}`,
      `arbitrum-one,,${A},${B}`,
    ]),
  );
  await same(t, 'chain-name.csv', rows(['from,to', `${A},${B}`]), 'Arbitrum One');
  const sa = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
  const sb = 'GZNnuXbbkJ4WTgaKb3XxCYS6CcqtnYMCWVyP6DV7UQtc';
  await same(t, 'solana.csv', rows(['from,to,signature', `${sa},${sb},5VERv8NM`, `${A},${B},x`]), 'Solana');
});

t.test('lines across input chunks, a gzip file, NDJSON and long lines', async (t) => {
  const lines = ['from,to,tx_hash,block_time,amount,asset'];
  for (let i = 0; i < 6000; i++) {
    const asset = i % 97 === 0 ? '"quoted, asset"' : i % 89 === 0 ? 'x'.repeat(5000) : `T${i % 7}`;
    lines.push(
      `${i % 3 ? A : B},${i % 5 ? C : B},0x${i.toString(16).padStart(64, 'E')},${1_700_000_000 + i},${i}.5,${asset}`,
    );
  }
  const csv = rows(lines);
  t.ok(csv.length > 3 * 256 * 1024, 'longer than three input chunks');
  await same(t, 'chunks.csv', csv);
  await same(t, 'chunks.csv.gz', gzipSync(csv));
  await same(
    t,
    'rows.ndjson',
    rows([JSON.stringify({ from: A, to: B, amount: '1' }), '{bad', JSON.stringify({ FROM: B, To: C, hash: HASH })]),
  );
  await same(t, 'wide.csv', rows([`from,to${',x'.repeat(300)}`, `${A},${B}${',1'.repeat(300)}`]));
});

t.test('a header without from or to refuses the file', async (t) => {
  const file = path.join(dir, 'no-to.csv');
  fs.writeFileSync(file, rows(['from,asset', `${A},ETH`]));
  await t.rejects(asText(file, 'Ethereum'), { code: 'invalid_csv', message: /no to column/ });
});

t.test('the common row is taken from its bytes; any other is left to the parser', async (t) => {
  const rowsOf = (chain = 'Ethereum'): TransferText => {
    const r = new TransferText(recordChecks(chain), SOURCE, { fresh: () => true, writeText: async () => 0 });
    r.columns = new Map(['from', 'to', 'tx_hash', 'block_time', 'amount', 'asset'].map((c, i) => [c, i]));
    return r;
  };
  const take = (line: string, r = rowsOf()): number => r.take(Buffer.from(`${line}\n`), 0);
  const common = `${A},${B},${HASH},1700000000,12.5,ETH`;
  t.equal(take(common), common.length, 'taken: the index of its newline');
  const upper = `${A},${B},${HASH.toUpperCase().replace('0X', '0x')},1,2,USD Coin`;
  t.equal(take(upper), upper.length, 'taken: an upper-case hash, a space inside a value');
  t.equal(take(common, rowsOf('Solana')), -1, 'not for a family other than EVM');
  for (const line of [
    `${A},${B},${HASH},1700000000,12.5,"ETH"`,
    `${A.toUpperCase().replace('0X', '0x')},${B},${HASH},1,1,ETH`,
    ` ${A},${B},${HASH},1,1,ETH`,
    `${A},${B},${HASH},1.5,1,ETH`,
    `${A},${B},${HASH},01,1,ETH`,
    `${A},${B},${HASH},1700000000000,1,ETH`,
    `${A},${B},${HASH},1,1.,ETH`,
    `${A},${B},${HASH},1,1,\u00c9TH`,
    `${A},${B},${HASH},1,1,E\\TH`,
    `${A}`,
  ])
    t.equal(take(line), -1, `left to the parser: …${line.slice(-30)}`);
});
