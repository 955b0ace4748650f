// parseQuoted reads a quoted CSV record as the full parser (csv-parse) does: the same fields, or the same refusal,
// for random records built from the characters that matter to quoting and trimming.
import t from 'tap';
import { parse } from 'csv-parse/sync';
import { parseQuoted } from '../../src/imports/record-stream.ts';
import { seededRng } from '../../engine/rng.ts';

const PIECES = ['a', 'bc', ' ', '\t', ',', '"', '""', '\n', '\r', 'ü', '\u00a0', '0x1f'];

const full = (text: string): string[] | string => {
  try {
    const rows = parse(text, { relax_column_count: true, trim: true, skip_empty_lines: true }) as string[][];
    return rows.length === 1 ? rows[0] : `${rows.length} records`;
  } catch (err) {
    return (err as Error).message;
  }
};
const ours = (text: string): string[] | string => {
  try {
    return parseQuoted(text);
  } catch (err) {
    return (err as Error).message;
  }
};

t.test('quoted records read as the full parser reads them', async (t) => {
  const rnd = seededRng(17);
  const texts = ['a, "b c" ,d', '"a""b",c', '" x ",y', '"a"\t,b', 'a,"b\nc",d', '"a",', ',"a"', '"",x'];
  while (texts.length < 20_000) {
    let s = '';
    const n = 1 + Math.floor(rnd() * 10);
    for (let i = 0; i < n; i++) s += PIECES[Math.floor(rnd() * PIECES.length)];
    // well-formed quoted fields among the noise, as exports write them
    if (rnd() < 0.5) s = `${s.replaceAll('"', '')},"${s.replaceAll('"', '""')}", x`;
    if (s.includes('"') && s.trim()) texts.push(s);
  }
  let differ = 0;
  for (const text of texts) {
    const a = full(text);
    const b = ours(text);
    const expected = typeof a === 'string' ? 'an error' : a;
    const got = typeof b === 'string' ? 'an error' : b;
    if (JSON.stringify(expected) !== JSON.stringify(got) && differ++ < 5) t.same(got, expected, JSON.stringify(text));
  }
  t.equal(differ, 0, `${texts.length} records read alike`);
});
