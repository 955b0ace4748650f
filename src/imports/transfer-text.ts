/**
 * `transfers import` into a store from a CSV: the common record (unquoted, ASCII, lower-case EVM addresses,
 * unix seconds, plain decimals) goes from the file's bytes to its content key and its COPY text without a string
 * per field; every other record is split, validated and written as readTransfers, transferDedupKey and copyText do
 * it (addRecord), in file order. The text and keys are the same byte for byte
 * (test/cli/transfer-text.test.ts compares them); docs/data-import.md ("Records as bytes") says why.
 */
import { hash } from 'node:crypto';
import { copySafe, copyTail, copyText, type TransferLoad } from '../../storage/repos/transfer-bulk-load.ts';
import { streamRows, type RowBytes } from './record-stream.ts';
import { plainNumber, put, putChain, putEvm, putHash, putNull, putPlain, putSeconds } from './value-bytes.ts';
import {
  addRecord,
  dedupKeys,
  emptyTransfers,
  importCounts,
  recordChecks,
  transferColumns,
  type ImportCounts,
  type ImportOptions,
  type RecordChecks,
} from './transfer-import.ts';

/** The fields of a transfer in the order of its content key and its COPY text. */
const FIELDS = ['chain', 'from', 'to', 'tx_hash', 'block_time', 'amount', 'asset'] as const;
/** Records with more fields, or lines longer than this, take the parser (see take). */
const MAX_FIELDS = 256;
const MAX_LINE = 4096;
/** Bytes of COPY text a batch starts with (it grows when a batch's chunks hold more). */
const TEXT_BYTES = 1 << 20;
const TAB = 9;
const PIPE = 124;
const NL = 10;

/**
 * The rows of one import as COPY text, batch by batch (see RowBytes): what take reads from bytes and what add
 * validates, each counted, keyed and written if the load has not staged its key.
 */
export class TransferText implements RowBytes {
  readonly counts: ImportCounts;
  readonly rejectRow: (line: number, reason: string) => void;
  columns: Map<string, number> | null = null;
  format: 'csv' | 'ndjson' = 'csv';
  private at: Record<string, number[]> | null = null;
  /** Per field of FIELDS, its columns in alias order (empty: none in the file). */
  private cols: number[][] = [];
  private text = Buffer.allocUnsafe(TEXT_BYTES);
  private pos = 0;
  /** Records since the last batch, and those of them kept (valid). */
  private records = 0;
  private kept = 0;
  private readonly starts = new Int32Array(MAX_FIELDS);
  private readonly ends = new Int32Array(MAX_FIELDS);
  /** The content key's input of a row (see transferDedupKey), and views of it by length. */
  private readonly input = Buffer.alloc(2 * MAX_LINE + 64);
  private readonly keyViews: Buffer[] = [];
  private readonly tail: Buffer;
  /** The stored name of `--chain` as bytes; null when the common path cannot write it as it is. */
  private readonly defaultChain: Buffer | null;

  constructor(
    private readonly checks: RecordChecks,
    private readonly source: string,
    private readonly load: Pick<TransferLoad, 'fresh' | 'writeText'>,
  ) {
    ({ counts: this.counts, reject: this.rejectRow } = importCounts());
    this.tail = Buffer.from(copyTail(source));
    const chain = checks.defaultChain;
    const plainAscii = /^[\x20-\x7e]{1,256}$/.test(chain) && copySafe(chain);
    this.defaultChain = checks.family === 'evm' && plainAscii ? Buffer.from(chain, 'latin1') : null;
  }

  size(): number {
    return this.records;
  }

  /**
   * The columns of each field, once the header is read (it throws for a CSV without from or to); NDJSON's grow
   * with the keys its records bring.
   */
  private columnsAt(): Record<string, number[]> {
    if (!this.at || this.format === 'ndjson') {
      this.at = transferColumns({ columns: this.columns!, format: this.format });
      this.cols = FIELDS.map((f) => this.at![f]);
    }
    return this.at;
  }

  /** The first non-empty column of field k among the record's `n` fields, -1 for none. */
  private pick(k: number, n: number): number {
    const cols = this.cols[k];
    for (let j = 0; j < cols.length; j++) {
      const c = cols[j];
      if (c < n && this.ends[c] > this.starts[c]) return c;
    }
    return -1;
  }

  /** Splits the line at commas into starts/ends: its field count, or -1 for a quote or too many fields. */
  private split(buf: Buffer, start: number): number {
    const starts = this.starts;
    const ends = this.ends;
    let f = 0;
    starts[0] = start;
    let p = start;
    for (;;) {
      const c = buf[p];
      // most bytes (digits, letters) are past the comma and the quote
      if (c > 44) {
        p++;
        continue;
      }
      if (c === NL) {
        this.nl = p;
        break;
      }
      if (c === 44) {
        ends[f] = p;
        if (++f === MAX_FIELDS) return -1;
        starts[f] = p + 1;
      } else if (c === 34) return -1;
      p++;
    }
    ends[f] = p > start && buf[p - 1] === 13 ? p - 1 : p;
    return f + 1;
  }

  /** Per field of FIELDS, the column take found it in (-1: none). */
  private readonly at7 = new Int32Array(FIELDS.length);
  /** The newline split found. */
  private nl = 0;

  take(buf: Buffer, start: number): number {
    if (this.defaultChain === null) return -1;
    this.columnsAt();
    const n = this.split(buf, start);
    if (n === -1 || this.nl - start > MAX_LINE || this.ends[n - 1] === start) return -1;
    const starts = this.starts;
    const ends = this.ends;
    const at = this.at7;
    for (let k = 0; k < FIELDS.length; k++) {
      const c = this.pick(k, n);
      at[k] = c;
      // a field with space at its ends is trimmed by the parser: not here
      if (c !== -1 && (buf[starts[c]] <= 32 || buf[ends[c] - 1] <= 32)) return -1;
    }
    const input = this.keyInput(buf);
    if (input === -1) return -1;
    this.counts.read++;
    this.counts.kept++;
    this.records++;
    this.kept++;
    const key = hash('sha1', this.keyView(input), 'base64url');
    if (this.load.fresh(key)) this.write(input, key);
    return this.nl;
  }

  /** Offsets in keyInput of the separator after each field but the last (see keyInput). */
  private readonly seps = new Int32Array(FIELDS.length - 1);

  /**
   * The content key's input of the row (see transferDedupKey) into `input`, its values checked on the way: its
   * length, or -1 when a value is not one addRecord keeps as it is or COPY writes without escape.
   */
  private keyInput(buf: Buffer): number {
    const a = this.at7;
    const s = this.starts;
    const e = this.ends;
    const out = this.input;
    const seps = this.seps;
    const chain = a[0];
    const from = a[1];
    const to = a[2];
    if (from === -1 || to === -1) return -1;
    const dc = this.defaultChain!;
    let o = chain === -1 ? put(dc, 0, dc.length, out, 0) : putChain(buf, s[chain], e[chain], out, 0);
    if (o === -1) return -1;
    seps[0] = o;
    out[o++] = PIPE;
    o = putEvm(buf, s[from], e[from], out, o);
    if (o === -1) return -1;
    seps[1] = o;
    out[o++] = PIPE;
    o = putEvm(buf, s[to], e[to], out, o);
    if (o === -1) return -1;
    seps[2] = o;
    out[o++] = PIPE;
    const tx = a[3];
    if (tx !== -1 && (o = putHash(buf, s[tx], e[tx], out, o)) === -1) return -1;
    seps[3] = o;
    out[o++] = PIPE;
    const time = a[4];
    if (time !== -1 && (o = putSeconds(buf, s[time], e[time], out, o)) === -1) return -1;
    seps[4] = o;
    out[o++] = PIPE;
    const amount = a[5];
    if (amount !== -1) {
      if (!plainNumber(buf, s[amount], e[amount])) return -1;
      o = put(buf, s[amount], e[amount], out, o);
    }
    seps[5] = o;
    out[o++] = PIPE;
    const asset = a[6];
    if (asset !== -1 && (o = putPlain(buf, s[asset], e[asset], out, o)) === -1) return -1;
    return o;
  }

  /** keyInput's first `length` bytes, as a view kept for that length (one view a length, not one a row). */
  private keyView(length: number): Buffer {
    let view = this.keyViews[length];
    if (view === undefined) {
      view = this.input.subarray(0, length);
      this.keyViews[length] = view;
    }
    return view;
  }

  /** Room for `bytes` more bytes of text. */
  private ensure(bytes: number): void {
    if (this.pos + bytes <= this.text.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * this.text.length, this.pos + bytes));
    this.text.copy(grown, 0, 0, this.pos);
    this.text = grown;
  }

  /**
   * The row's COPY text (see copyText) from its key's input of `length` bytes: the same values with a tab for
   * each separator (at `seps`: a value may hold a `|`) and `\N` for each missing value, then the tail and the key.
   * With no value missing, the input is copied in one piece and its separators replaced.
   */
  private write(length: number, key: string): void {
    this.ensure(length + 16 + this.tail.length + key.length);
    const out = this.text;
    const seps = this.seps;
    const last = seps.length - 1;
    let o = this.pos;
    let missing = length === seps[last] + 1;
    for (let f = 1; f <= last; f++) if (seps[f] === seps[f - 1] + 1) missing = true;
    if (!missing) {
      out.set(this.keyView(length), o);
      for (let f = 0; f <= last; f++) out[o + seps[f]] = TAB;
      o += length;
    } else {
      let from = 0;
      for (let f = 0; f <= last + 1; f++) {
        const end = f <= last ? seps[f] : length;
        o = end === from ? putNull(out, o) : put(this.input, from, end, out, o);
        if (f <= last) out[o++] = TAB;
        from = end + 1;
      }
    }
    o = put(this.tail, 0, this.tail.length, out, o);
    for (let i = 0; i < key.length; i++) out[o++] = key.charCodeAt(i);
    out[o++] = NL;
    this.pos = o;
  }

  add(line: number, fields: Array<string | undefined>): void {
    this.records++;
    this.counts.read++;
    const one = emptyTransfers();
    const reason = addRecord(this.checks, this.columnsAt(), fields, one);
    if (reason !== null) {
      this.rejectRow(line, reason);
      return;
    }
    this.counts.kept++;
    this.kept++;
    const keyed = dedupKeys(one);
    if (!this.load.fresh(keyed.dedupKey[0])) return;
    const text = copyText(keyed, this.source);
    this.ensure(Buffer.byteLength(text));
    this.pos += this.text.write(text, this.pos, 'utf8');
  }

  reject(line: number, error: string): void {
    this.records++;
    this.counts.read++;
    this.columnsAt();
    this.rejectRow(line, error);
  }

  /** Hands the batch's text to the load (a copy: the buffer is reused) and counts what it stored. */
  async flush(): Promise<void> {
    if (!this.records) return;
    const text = Buffer.from(this.text.subarray(0, this.pos));
    const kept = this.kept;
    this.pos = 0;
    this.records = 0;
    this.kept = 0;
    this.counts.inserted += await this.load.writeText(text, kept);
  }
}

/**
 * Reads a transfer CSV (or NDJSON, all through the parser) into `load` as COPY text, batch by batch; counts as
 * readTransfers does, `inserted` from what the load reports.
 */
export async function importTransferText(
  opts: ImportOptions,
  load: Pick<TransferLoad, 'fresh' | 'writeText'>,
): Promise<ImportCounts> {
  const rows = new TransferText(recordChecks(opts.chain), opts.source, load);
  const src = streamRows(opts.file, rows);
  rows.columns = src.columns;
  rows.format = src.format;
  for await (const _ of src.pulses) {
    await rows.flush();
    opts.onProgress?.(src.bytesRead(), src.totalBytes, rows.counts);
  }
  opts.onProgress?.(src.totalBytes, src.totalBytes, rows.counts);
  return rows.counts;
}
