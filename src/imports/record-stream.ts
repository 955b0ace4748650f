/**
 * Streams records from CSV, CSV.gz or NDJSON files (by extension, or gzip magic bytes) in batches, reporting bytes
 * read for progress. CSV needs a header row (header names match case-insensitively); NDJSON is one JSON object per
 * line. The common unquoted CSV line is split by a fast splitter; a record that contains a quote is read by a
 * splitter for plain quoted fields, and by the full CSV parser (csv-parse) where it is anything else, so quoting
 * keeps csv-parse's RFC 4180 semantics (test/cli/quoted-records.test.ts compares the two). A malformed row (bad
 * quoting, a line longer than MAX_LINE_BYTES, invalid JSON) is yielded as an error with its line so the caller
 * reports it; a file that cannot be read at all throws an `invalid_csv` DomainError. Memory holds one input chunk
 * and one batch.
 */
import fs from 'node:fs';
import { createGunzip } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import { DomainError } from '../core/domain-error.ts';

/**
 * One batch of records in file order. `fields[i]` holds the values of record i by column index (see
 * `RecordSource.columns`; a missing value is undefined), or null when the record was rejected, with the reason in
 * `errors[i]`. `lines[i]` is the physical line the record starts on (the header is line 1).
 */
export interface RecordBatch {
  lines: number[];
  fields: Array<Array<string | undefined> | null>;
  errors: Array<string | undefined>;
}

export interface RecordSource {
  /** Column name (lower-case) -> index into a record's fields; complete once the first batch arrives (CSV) or
   * growing as new keys appear (NDJSON). */
  columns: Map<string, number>;
  /** CSV columns are known from the header; NDJSON keys only as records bring them. */
  format: 'csv' | 'ndjson';
  batches: AsyncIterable<RecordBatch>;
  totalBytes: number;
  bytesRead: () => number;
}

/** Longest physical line read; a longer one is rejected (its bytes are skipped, never buffered). */
export const MAX_LINE_BYTES = 1 << 20;
/** Longest quoted CSV record (it may span lines); past it the file cannot be resynchronised and the import stops. */
export const MAX_RECORD_BYTES = 4 * MAX_LINE_BYTES;

function isGzip(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(2);
    fs.readSync(fd, b, 0, 2, 0);
    return b[0] === 0x1f && b[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

const unreadable = (err: unknown): DomainError =>
  err instanceof DomainError
    ? err
    : new DomainError('invalid_csv', `the file cannot be read: ${(err as Error).message}`);

/** Receives the physical lines of a file in order: `line` is its number, `text` without the line break. */
interface LineSink {
  line(text: string, line: number): void;
  tooLong(line: number): void;
  /**
   * Offered each line of a chunk as bytes first (from `start` to the chunk's next newline), when present: returns
   * the index of that newline when it took the line, or -1, and the line is then decoded and passed to `line`.
   */
  bytes?(buf: Buffer, start: number): number;
}

/**
 * Cuts byte chunks into lines: complete lines are decoded in one piece per chunk (a multi-byte character never
 * straddles a cut because cuts are at newlines); a partial line is carried over, and one that grows past
 * MAX_LINE_BYTES is dropped and skipped up to its newline.
 */
class LineSplitter {
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private skipping = false;
  private lineNo = 0;
  private first = true;
  constructor(private readonly sink: LineSink) {}

  push(chunk: Buffer): void {
    let start = 0;
    if (this.skipping) {
      const nl = chunk.indexOf(10);
      if (nl === -1) return;
      this.skipping = false;
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(10);
    if (last < start) {
      this.hold(chunk.subarray(start));
      return;
    }
    if (this.sink.bytes) {
      // the carried line and the first (the header, maybe after a BOM) as text; the others offered as bytes
      if (this.carryBytes || this.first) {
        const nl = chunk.indexOf(10, start);
        this.lines(this.text(chunk, start, nl));
        start = nl + 1;
      }
      this.byteLines(chunk, start, last);
    } else this.lines(this.text(chunk, start, last));
    if (last + 1 < chunk.length) this.hold(chunk.subarray(last + 1));
  }

  /** The carried bytes and the chunk's from `start` to `end`, decoded; the carry is emptied. */
  private text(chunk: Buffer, start: number, end: number): string {
    if (!this.carryBytes) return chunk.toString('utf8', start, end);
    this.carry.push(chunk.subarray(start, end));
    const text = Buffer.concat(this.carry).toString('utf8');
    this.carry = [];
    this.carryBytes = 0;
    return text;
  }

  /** The lines from `start` up to the newline at `last`, each offered to the sink's `bytes` first. */
  private byteLines(chunk: Buffer, start: number, last: number): void {
    const sink = this.sink as Required<LineSink>;
    let pos = start;
    while (pos <= last) {
      let nl = sink.bytes(chunk, pos);
      if (nl === -1) {
        nl = chunk.indexOf(10, pos);
        this.lines(chunk.toString('utf8', pos, nl));
      } else this.lineNo++;
      pos = nl + 1;
    }
  }

  end(): void {
    if (this.skipping || !this.carryBytes) return;
    const text = Buffer.concat(this.carry).toString('utf8');
    this.carry = [];
    this.carryBytes = 0;
    this.lines(text);
  }

  private hold(part: Buffer): void {
    if (this.carryBytes + part.length > MAX_LINE_BYTES) {
      this.carry = [];
      this.carryBytes = 0;
      this.skipping = true;
      this.sink.tooLong(++this.lineNo);
      return;
    }
    this.carry.push(part);
    this.carryBytes += part.length;
  }

  /** Complete lines joined by \n (the text after the last newline is not included). */
  private lines(text: string): void {
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let pos = 0;
    const n = text.length;
    for (;;) {
      let nl = text.indexOf('\n', pos);
      if (nl === -1) nl = n;
      let end = nl;
      if (end > pos && text.charCodeAt(end - 1) === 13) end--;
      this.lineNo++;
      // a line of a chunk is bounded by the chunk, except for the carried line: checked in characters here
      if (end - pos > MAX_LINE_BYTES) this.sink.tooLong(this.lineNo);
      else this.sink.line(text.slice(pos, end), this.lineNo);
      if (nl >= n) return;
      pos = nl + 1;
    }
  }
}

const isBlank = (s: string): boolean => s.length === 0 || s.trim().length === 0;

/** Fields of an unquoted CSV line, trimmed like csv-parse's `trim` option. */
function splitUnquoted(text: string): string[] {
  const out = text.split(',');
  for (let i = 0; i < out.length; i++) {
    const f = out[i];
    const last = f.length - 1;
    if (last >= 0 && (f.charCodeAt(0) <= 32 || f.charCodeAt(last) <= 32)) out[i] = f.trim();
  }
  return out;
}

/** Space or tab: what a field may be padded with on the simple path (see simpleQuoted). */
const isPad = (c: number): boolean => c === 32 || c === 9;

function trimPads(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPad(s.charCodeAt(a))) a++;
  while (b > a && isPad(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** An unquoted field the simple path takes as it is: no quote or line break, no other space at its ends. */
const PLAIN_FIELD = /^(?:[^"\r\n\s](?:[^"\r\n]*[^"\r\n\s])?)?$/;

/**
 * Fields of a record whose quoted fields are plain RFC 4180 (`"…"` with `""` for a quote, padded by spaces or tabs
 * at most) and whose other fields hold no quote, or null for anything else. The full parser costs about 0.1 ms a
 * call (it is set up afresh for each record), which was a tenth of the import's CPU in this process for a file
 * with one quoted row in 500; the records it would read differently or reject go to it (parseQuoted).
 */
function simpleQuoted(text: string): string[] | null {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    let j = i;
    while (j < n && isPad(text.charCodeAt(j))) j++;
    if (j < n && text.charCodeAt(j) === 34) {
      let value = '';
      let from = j + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) return null;
        value += text.slice(from, q);
        if (text.charCodeAt(q + 1) !== 34) {
          j = q + 1;
          break;
        }
        value += '"';
        from = q + 2;
      }
      while (j < n && isPad(text.charCodeAt(j))) j++;
      if (j < n && text.charCodeAt(j) !== 44) return null;
      out.push(value);
    } else {
      j = text.indexOf(',', i);
      if (j === -1) j = n;
      const field = text.slice(i, j);
      const trimmed = trimPads(field);
      // a quote, a line break (a record separator to the full parser) or other space at its ends: the full parser
      if (!PLAIN_FIELD.test(trimmed)) return null;
      out.push(trimmed);
    }
    if (j >= n) return out;
    i = j + 1;
  }
}

/** Fields of a record that contains quotes, as the full CSV parser reads them; throws its error when malformed. */
export function parseQuoted(text: string): string[] {
  const simple = simpleQuoted(text);
  if (simple) return simple;
  const rows = parseCsv(text, { relax_column_count: true, trim: true, skip_empty_lines: true }) as string[][];
  if (rows.length !== 1) throw new Error(`one record expected, ${rows.length} found`);
  return rows[0];
}

const malformed = (err: unknown): string =>
  `malformed CSV: ${String((err as Error)?.message ?? err)
    .replace(/^[^:]*: /, '')
    .replace(/ at line \d+/, '')
    .slice(0, 200)}`;

/** Counts double quotes: an odd count leaves a quoted field open at the end of the text. */
function quotes(text: string): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) n++;
  return n;
}

/** Where the sinks put records, in file order: a batch, or a reader of rows as bytes (see RowBytes). */
interface RecordOut {
  add(line: number, fields: Array<string | undefined>): void;
  reject(line: number, error: string): void;
  /** Records held since the last batch was taken. */
  size(): number;
}

/**
 * A reader that takes the common CSV record from its bytes, without decoding the line or splitting it into
 * strings (see streamRows); every other record reaches it as fields through `add` or `reject`, in file order.
 */
export interface RowBytes {
  /**
   * The record of the line from `start` up to the next newline (`buf` holds one): the index of that newline when
   * it took the record, or -1, taking nothing, when the record needs the parser (it then comes to `add`).
   */
  take(buf: Buffer, start: number): number;
  add(line: number, fields: Array<string | undefined>): void;
  reject(line: number, error: string): void;
  /** Records taken, added or rejected since the stream last yielded (it yields past BATCH_RECORDS). */
  size(): number;
}

class BatchBuilder implements RecordOut {
  batch: RecordBatch = { lines: [], fields: [], errors: [] };
  size(): number {
    return this.batch.lines.length;
  }
  add(line: number, fields: Array<string | undefined>): void {
    this.batch.lines.push(line);
    this.batch.fields.push(fields);
    this.batch.errors.push(undefined);
  }
  reject(line: number, error: string): void {
    this.batch.lines.push(line);
    this.batch.fields.push(null);
    this.batch.errors.push(error);
  }
  take(): RecordBatch | null {
    if (!this.batch.lines.length) return null;
    const b = this.batch;
    this.batch = { lines: [], fields: [], errors: [] };
    return b;
  }
}

/**
 * Given the first line's fields, the column names to read the file with when that line is already data (a plain
 * list without a header), or null when it is the header.
 */
export type HeaderlessNames = (fields: string[]) => string[] | null;

/** CSV lines -> records: the first non-blank line is the header; quoted records may span lines. */
function csvSink(
  out: RecordOut,
  columns: Map<string, number>,
  headerless?: HeaderlessNames,
  rows?: RowBytes,
): LineSink & { finish(): void } {
  let header = false;
  let open: { line: number; parts: string[]; quotes: number; length: number } | null = null;
  const record = (text: string, line: number): void => {
    let fields: string[];
    if (text.indexOf('"') === -1) fields = splitUnquoted(text);
    else {
      try {
        fields = parseQuoted(text);
      } catch (err) {
        if (header) out.reject(line, malformed(err));
        else throw new DomainError('invalid_csv', `the header line is ${malformed(err)}`);
        return;
      }
    }
    if (header) {
      out.add(line, fields);
      return;
    }
    header = true;
    const names = headerless?.(fields.map((c) => c.trim()));
    (names ?? fields).forEach((c, i) => {
      const name = c.trim().toLowerCase();
      if (!columns.has(name)) columns.set(name, i);
    });
    if (names) out.add(line, fields);
  };
  return {
    // records after the header, outside a quoted record, may be taken as bytes
    bytes: rows && ((buf, start) => (header && !open ? rows.take(buf, start) : -1)),
    line(text, line) {
      if (open) {
        open.parts.push(text);
        open.length += text.length + 1;
        if (open.length > MAX_RECORD_BYTES)
          throw new DomainError(
            'invalid_csv',
            `line ${open.line}: a record is longer than ${MAX_RECORD_BYTES} bytes; import stopped`,
          );
        open.quotes += quotes(text);
        if (open.quotes % 2 === 0) {
          const o = open;
          open = null;
          record(o.parts.join('\n'), o.line);
        }
        return;
      }
      if (isBlank(text)) return;
      if (text.indexOf('"') !== -1) {
        const q = quotes(text);
        if (q % 2 === 1) {
          open = { line, parts: [text], quotes: q, length: text.length };
          return;
        }
      }
      record(text, line);
    },
    tooLong(line) {
      if (open) {
        // the open quoted record cannot continue across a dropped line: it is malformed
        out.reject(open.line, 'malformed CSV: a quoted field runs into a line that is too long');
        open = null;
      }
      out.reject(line, `line longer than ${MAX_LINE_BYTES} bytes`);
    },
    finish() {
      if (open) out.reject(open.line, 'malformed CSV: quote not closed at the end of the file');
      open = null;
    },
  };
}

/** NDJSON lines -> records; keys match case-insensitively and get a column index the first time they appear. */
function ndjsonSink(out: RecordOut, columns: Map<string, number>): LineSink & { finish(): void } {
  return {
    line(text, line) {
      if (isBlank(text)) return;
      let obj: unknown;
      try {
        obj = JSON.parse(text);
      } catch {
        out.reject(line, 'invalid JSON');
        return;
      }
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
        out.reject(line, 'not a JSON object');
        return;
      }
      const fields: Array<string | undefined> = [];
      for (const k in obj) {
        const name = k.toLowerCase();
        let i = columns.get(name);
        if (i === undefined) {
          i = columns.size;
          columns.set(name, i);
        }
        if (fields[i] !== undefined && fields[i] !== '') continue;
        const v = (obj as Record<string, unknown>)[k];
        fields[i] = v === null || v === undefined ? '' : String(v);
      }
      out.add(line, fields);
    },
    tooLong(line) {
      out.reject(line, `line longer than ${MAX_LINE_BYTES} bytes`);
    },
    finish() {},
  };
}

/**
 * Records per yielded batch (a batch takes whole input chunks, so it may hold a chunk's lines more). Small enough
 * that what a batch allocates on its way to the store (its lines and fields, the normalised columns, the content
 * keys and the COPY text: about 3 KB a row, from the number of scavenges of a 2M-row import) stays a fraction of
 * V8's young generation (16 MB a semi-space): a batch of 8,192 rows outlived the scavenges it spanned, and copying
 * and promoting it took a third of the import's CPU in this process (docs/data-import.md, "Batches and the garbage
 * collector").
 */
const BATCH_RECORDS = 2048;

/** `headerless`: how to read a CSV whose first line is data (see HeaderlessNames); NDJSON needs none. */
export function openRecords(file: string, headerless?: HeaderlessNames): RecordSource {
  const out = new BatchBuilder();
  const stream = recordStream(file, out, headerless);
  async function* batches(): AsyncGenerator<RecordBatch> {
    for await (const _ of stream.pulses) yield out.take()!;
    const last = out.take();
    if (last) yield last;
  }
  return { ...stream, batches: batches() };
}

/** What streamRows returns: RecordSource's members, and a pulse each time the reader holds a batch's worth. */
export interface RowSource extends Omit<RecordSource, 'batches'> {
  pulses: AsyncIterable<void>;
}

/**
 * A CSV file's records into `rows`: the common ones as bytes (RowBytes.take), the others as fields. The stream
 * pulses when `rows` holds BATCH_RECORDS records or more, and once at the end, so the reader can hand them on.
 * NDJSON records all come as fields.
 */
export function streamRows(file: string, rows: RowBytes): RowSource {
  return recordStream(file, rows, undefined, rows);
}

function recordStream(file: string, out: RecordOut, headerless?: HeaderlessNames, rows?: RowBytes): RowSource {
  const totalBytes = fs.statSync(file).size;
  let read = 0;
  const columns = new Map<string, number>();
  const ndjson = /\.(ndjson|jsonl)(\.gz)?$/i.test(file);
  async function* pulses(): AsyncGenerator<void> {
    const raw = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    raw.on('data', (chunk) => {
      read += chunk.length;
    });
    const input = isGzip(file) ? raw.pipe(createGunzip({ chunkSize: 256 * 1024 })) : raw;
    if (input !== raw) raw.on('error', (err) => input.destroy(err));
    const sink = ndjson ? ndjsonSink(out, columns) : csvSink(out, columns, headerless, rows);
    const splitter = new LineSplitter(sink);
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        splitter.push(chunk);
        if (out.size() >= BATCH_RECORDS) yield;
      }
      splitter.end();
      sink.finish();
    } catch (err) {
      raw.destroy();
      throw unreadable(err);
    }
    if (out.size()) yield;
  }
  return { columns, format: ndjson ? 'ndjson' : 'csv', pulses: pulses(), totalBytes, bytesRead: () => read };
}
