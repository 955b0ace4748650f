import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  importLabels,
  importTransfers,
  transferRecords,
  type ImportCounts,
} from '../../src/imports/transfer-import.ts';
import { MAX_LINE_BYTES } from '../../src/imports/record-stream.ts';
import { DomainError } from '../../src/core/domain-error.ts';

const A = '0x' + '1'.repeat(40);
const B = '0x' + '2'.repeat(40);
const C = '0x' + '3'.repeat(40);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-import-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(
  name: string,
  content: string | Buffer,
  chain = 'Ethereum',
): Promise<{ counts: ImportCounts; rows: any[] }> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  const rows: any[] = [];
  const counts = await importTransfers({ file, chain, source: 'test' }, async (batch) => {
    rows.push(...transferRecords(batch, 'test'));
    return batch.length;
  });
  return { counts, rows };
}

const reasons = (c: ImportCounts): string[] => c.rejects.map((r) => `${r.line}: ${r.reason}`);

t.test('a malformed CSV row is reported as rejected and the rows after it are kept', async (t) => {
  const { counts, rows } = await run('quote.csv', `from,to\n${A},${B}\n${A}x"y",${C}\n${B},${C}\n`);
  t.match(counts, { read: 3, kept: 2, rejected: 1 });
  t.match(reasons(counts), [/^3: malformed CSV/]);
  t.same(
    rows.map((r) => r.to),
    [B, C],
  );
  const open = await run('open.csv', `from,to\n${A},${B}\n"${A},${C}\n${B},${C}\n`);
  t.match(open.counts, { kept: 1, rejected: 1 }, 'an unclosed quote is one rejected row, not a crash');
  t.match(reasons(open.counts), [/malformed CSV/]);
});

t.test('quoted records take the full parser: commas, doubled quotes and line breaks inside quotes', async (t) => {
  const csv =
    `from,to,asset\n${A},${B},"USD, bridged"\n${A},${C},"say ""hi"""\n${B},${C},"two\nlines"\n` +
    ` ${C} , ${A} ,eth\n${A}\n"${B}",${A},\n`;
  const { counts, rows } = await run('quoted.csv', csv);
  t.match(counts, { read: 6, kept: 5, rejected: 1 });
  t.same(
    rows.map((r) => r.asset),
    ['USD, bridged', 'say "hi"', 'two\nlines', 'eth', null],
  );
  t.same(
    rows.map((r) => r.from),
    [A, A, B, C, B],
    'unquoted fields are trimmed like quoted ones',
  );
  t.same(reasons(counts), ['7: missing from or to'], 'line numbers count the line break inside quotes');
});

t.test('a line longer than the limit is rejected without being buffered, for CSV and NDJSON', async (t) => {
  const long = 'x'.repeat(MAX_LINE_BYTES + 10);
  const csv = await run('long.csv', `from,to,asset\n${A},${B},${long}\n${B},${A},eth\n`);
  t.match(csv.counts, { read: 2, kept: 1, rejected: 1 });
  t.same(reasons(csv.counts), [`2: line longer than ${MAX_LINE_BYTES} bytes`]);
  t.same(
    csv.rows.map((r) => r.asset),
    ['eth'],
  );
  const nd = await run(
    'long.ndjson',
    JSON.stringify({ from: A, to: B, asset: long }) + '\n' + JSON.stringify({ from: B, to: C }) + '\n',
  );
  t.match(nd.counts, { read: 2, kept: 1, rejected: 1 });
  t.same(reasons(nd.counts), [`1: line longer than ${MAX_LINE_BYTES} bytes`]);
});

t.test('BOM, CRLF, header case and aliases, NDJSON blank lines and keys of any case', async (t) => {
  const bom = await run('bom.csv', `\ufeffFrom,TO\r\n${A},${B}\r\n`);
  t.match(bom.counts, { read: 1, kept: 1, rejected: 0 });
  const alias = await run('alias.csv', `Sender,Receiver,TimeStamp,Value\n${A},${B},1700000000,5\n`);
  t.match(alias.rows, [{ from: A, to: B, blockTime: 1700000000, amount: '5' }]);
  const nd = await run(
    'bom.ndjson',
    '\ufeff' + JSON.stringify({ From: A, To: B, txHash: '0xab' }) + '\n\n' + JSON.stringify({ from: B, to: C }) + '\n',
  );
  t.match(nd.counts, { read: 2, kept: 2, rejected: 0 });
  t.match(nd.rows[0], { from: A, to: B, txHash: '0xab' });
  const gz = await run('t.csv.gz', gzipSync(`from,to\n${A},${C}\n`));
  t.match(gz.counts, { read: 1, kept: 1 });
  t.match((await run('empty.csv', '')).counts, { read: 0, kept: 0, rejected: 0 });
  t.match((await run('header.csv', 'from,to\n')).counts, { read: 0, kept: 0, rejected: 0 });
});

t.test('an unreadable file is a clear invalid_csv error', async (t) => {
  const full = gzipSync(`from,to\n${A},${B}\n`);
  const err = await run('broken.csv.gz', Buffer.concat([full.subarray(0, full.length - 6)])).catch((e) => e);
  t.ok(err instanceof DomainError, String(err));
  t.match(err, { code: 'invalid_csv', message: /cannot be read/ });
});

t.test('labels: header names match case-insensitively', async (t) => {
  const file = path.join(dir, 'labels.csv');
  fs.writeFileSync(file, `Address,Label\n${A},exchange\n`);
  const rows: any[] = [];
  const counts = await importLabels({ file, chain: 'Ethereum', kind: 'infrastructure', source: 'test' }, async (b) => {
    rows.push(...b);
    return b.length;
  });
  t.match(counts, { read: 1, kept: 1 });
  t.match(rows, [{ address: A, list: 'exchange' }]);
});

t.test(
  'explorer and warehouse exports: their column names, grouped and hex amounts, zoneless times as UTC',
  async (t) => {
    const etherscan = await run(
      'etherscan.csv',
      '"Transaction Hash","Blockno","UnixTimestamp","DateTime (UTC)","From","To","TokenValue","TokenSymbol"\n' +
        `"0xaa","1","1706702400","2024-01-31 12:00:00","${A}","${B}","1,250.5","USDC"\n`,
    );
    t.match(etherscan.rows, [
      { from: A, to: B, txHash: '0xaa', blockTime: 1706702400, amount: '1250.5', asset: 'USDC' },
    ]);
    const tz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    t.teardown(() => {
      process.env.TZ = tz;
    });
    const dune = await run(
      'dune.csv',
      `blockchain,tx_hash,block_time,from,to,value\narbitrum,0xbb,2024-01-31 12:00:00.000,${A},${C},0x10\n`,
    );
    t.match(dune.rows, [{ chain: 'arbitrum', txHash: '0xbb', blockTime: 1706702400, amount: '16' }], 'UTC, not local');
    const sol = 'So11111111111111111111111111111111111111112';
    const solA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const solB = '2wmVCSfPxGPjrnMMn7rchp4uaeoTqN39mXFC2zhPdri9';
    const flipside = await run(
      'flipside.csv',
      `BLOCK_TIMESTAMP,TX_ID,TX_FROM,TX_TO,AMOUNT,MINT\n2024-01-31T12:00:00Z,5sig,${solA},${solB},2.5,${sol}\n`,
      'Solana',
    );
    t.match(flipside.rows, [{ from: solA, to: solB, txHash: '5sig', amount: '2.5', asset: sol }]);
    const bad = await run('grouped.csv', `from,to,amount\n${A},${B},"1,25"\n${A},${B},1e3\n`);
    t.same(reasons(bad.counts), ['2: amount is not a number'], 'a comma that is no thousands separator is no number');
  },
);

t.test('a CSV header without a from or to column refuses the file before any row is stored', async (t) => {
  const file = path.join(dir, 'nofrom.csv');
  fs.writeFileSync(file, `wallet,counterparty,amount\n${A},${B},1\n`);
  let batches = 0;
  const err = await importTransfers({ file, chain: 'Ethereum', source: 'test' }, async (b) => {
    batches++;
    return b.length;
  }).catch((e) => e);
  t.ok(err instanceof DomainError, String(err));
  t.match(err, { code: 'invalid_csv', message: /no from column .*no to column .*found: wallet, counterparty, amount/ });
  t.equal(batches, 0);
  const labels = path.join(dir, 'nolabel.csv');
  fs.writeFileSync(labels, `name,list\nx,exchange\n`);
  const labelErr = await importLabels(
    { file: labels, chain: 'Ethereum', kind: 'infrastructure', source: 'test' },
    async (b) => b.length,
  ).catch((e) => e);
  t.match(labelErr, { code: 'invalid_csv', message: /no address column/ });
  const nd = await run('nofrom.ndjson', JSON.stringify({ wallet: A, to: B }) + '\n');
  t.same(reasons(nd.counts), ['1: missing from or to'], 'NDJSON keys vary by record: rows are judged one by one');
});

t.test(
  'labels: a plain list without a header is read as address[,list], Solana addresses keep their case',
  async (t) => {
    const read = async (name: string, text: string, chain: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      const rows: any[] = [];
      const counts = await importLabels({ file, chain, kind: 'infrastructure', source: 'test' }, async (b) => {
        rows.push(...b);
        return b.length;
      });
      return { counts, rows };
    };
    const evmList = await read('plain.txt', `${A}\n${B},exchange\n`, 'Ethereum');
    t.match(evmList.counts, { read: 2, kept: 2, rejected: 0 });
    t.match(evmList.rows, [
      { address: A, list: 'unlabelled' },
      { address: B, list: 'exchange' },
    ]);
    const solA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const solB = '2wmVCSfPxGPjrnMMn7rchp4uaeoTqN39mXFC2zhPdri9';
    const solList = await read('plain-sol.txt', `${solA}\n${solB}\n`, 'Solana');
    t.same(
      solList.rows.map((r) => r.address),
      [solA, solB],
    );
  },
);

t.test('an EVM transaction hash is one id whatever its case; a Solana signature keeps its case', async (t) => {
  const h = '0x' + 'aB'.repeat(32);
  const { rows } = await run('hash-case.csv', `from,to,tx_hash\n${A},${B},${h}\n${A},${B},${h.toLowerCase()}\n`);
  t.same(
    rows.map((r) => r.txHash),
    [h.toLowerCase(), h.toLowerCase()],
    'one transaction, as the engine groups batches by hash',
  );
  t.equal(rows[0].dedupKey, rows[1].dedupKey, 'one row when two exports wrote it in different cases');
  // only `0x` and hex digits are lower-cased; anything else is an id of another kind, kept as written
  const kept = ['0XABCD', '0x', '0xABG1', '0xAB\u00c9', 'ABCDEF', '0x12 ', '0x\u0130A'];
  const other = await run('hash-other.csv', `from,to,tx_hash\n${kept.map((k) => `${A},${B},${k}\n`).join('')}`);
  t.same(
    other.rows.map((r) => r.txHash),
    kept.map((k) => k.trim()),
  );
  const upper = await run('hash-upper.csv', `from,to,tx_hash\n${A},${B},0xABCDEF0123456789\n`);
  t.equal(upper.rows[0].txHash, '0xabcdef0123456789');
  // an upper-case address is not the stored form (the import's shortcut for lower-case hex must not take it)
  const D = '0xabcdef0123456789abcdef0123456789abcdef01';
  const addresses = await run('upper-address.csv', `from,to\n0x${D.slice(2).toUpperCase()},${D}\n`);
  t.same([addresses.rows[0].from, addresses.rows[0].to], [D, D]);
  const sa = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
  const sb = 'GZNnuXbbkJ4WTgaKb3XxCYS6CcqtnYMCWVyP6DV7UQtc';
  const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
  const sol = await run('sig.csv', `from,to,signature\n${sa},${sb},${sig}\n`, 'Solana');
  t.equal(sol.rows[0].txHash, sig);
});
