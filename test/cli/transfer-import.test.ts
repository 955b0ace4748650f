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
