/**
 * Streams records from CSV, CSV.gz or NDJSON files (by extension, or gzip magic bytes), reporting bytes read
 * for progress. CSV needs a header row (header names match case-insensitively); NDJSON is one JSON object per
 * line. A malformed row (bad quoting, a line longer than MAX_LINE_BYTES, invalid JSON) is yielded as an error
 * with its line so the caller reports it; a file that cannot be read at all throws an `invalid_csv` DomainError.
 */
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import readline from 'node:readline';
import { parse } from 'csv-parse';
import { DomainError } from '../core/domain-error.ts';

export interface RecordSource {
  records: AsyncIterable<{ line: number; record: Record<string, string> | null; error?: string }>;
  totalBytes: number;
  bytesRead: () => number;
}

/** Longest physical line read; a longer one is rejected (its bytes are skipped, never buffered). */
export const MAX_LINE_BYTES = 1 << 20;

type LineReject = { line: number; error: string };

/**
 * Blanks every physical line longer than `max` bytes (keeping its newline, so line numbers stay right) and
 * records it, so a huge line neither fills memory nor derails the parser behind it. Holds at most one partial
 * line of up to `max` bytes.
 */
class LineLengthGuard extends Transform {
  readonly rejects: LineReject[] = [];
  private line = 1;
  private pending: Buffer[] = [];
  private length = 0;
  private skipping = false;
  constructor(private readonly max: number) {
    super();
  }
  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    // fast path (nearly every chunk): no line of the chunk runs over the limit, so its complete lines pass through
    // as one slice and only the trailing partial line is held
    if (!this.skipping) {
      let nl = chunk.indexOf(10);
      if (nl === -1 && this.length + chunk.length <= this.max) {
        this.pending.push(chunk);
        this.length += chunk.length;
        done();
        return;
      }
      if (nl !== -1 && this.length + nl <= this.max) {
        let last = nl;
        let lines = 1;
        let ok = true;
        while ((nl = chunk.indexOf(10, last + 1)) !== -1) {
          if (nl - last - 1 > this.max) {
            ok = false;
            break;
          }
          last = nl;
          lines++;
        }
        if (ok && chunk.length - last - 1 <= this.max) {
          const out = this.pending.length
            ? Buffer.concat([...this.pending, chunk.subarray(0, last + 1)])
            : chunk.subarray(0, last + 1);
          this.pending = last + 1 < chunk.length ? [chunk.subarray(last + 1)] : [];
          this.length = chunk.length - last - 1;
          this.line += lines;
          done(null, out);
          return;
        }
      }
    }
    const out: Buffer[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const part = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      if (!this.skipping && this.length + part.length > this.max) {
        this.skipping = true;
        this.pending = [];
        this.rejects.push({ line: this.line, error: `line longer than ${this.max} bytes` });
      }
      this.length += part.length;
      if (!this.skipping && part.length) this.pending.push(part);
      if (nl === -1) break;
      out.push(...this.pending, chunk.subarray(nl, nl + 1));
      this.pending = [];
      this.line++;
      this.length = 0;
      this.skipping = false;
      start = nl + 1;
    }
    done(null, Buffer.concat(out));
  }
  _flush(done: TransformCallback): void {
    done(null, Buffer.concat(this.pending));
  }
}

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

export function openRecords(file: string): RecordSource {
  const totalBytes = fs.statSync(file).size;
  const raw = fs.createReadStream(file);
  let read = 0;
  raw.on('data', (chunk) => {
    read += chunk.length;
  });
  const guard = new LineLengthGuard(MAX_LINE_BYTES);
  const unzipped = isGzip(file) ? raw.pipe(createGunzip()) : raw;
  // stream errors (unreadable file, corrupt gzip) reach the parser, which ends the iteration with them
  raw.on('error', (err) => guard.destroy(err));
  if (unzipped !== raw) unzipped.on('error', (err: Error) => guard.destroy(err));
  const input = unzipped.pipe(guard);
  const ndjson = /\.(ndjson|jsonl)(\.gz)?$/i.test(file);
  /** Lines the guard rejected before `line` (all of them when line is Infinity), in order. */
  function* guardRejects(line: number) {
    while (guard.rejects.length && guard.rejects[0].line < line) {
      const r = guard.rejects.shift()!;
      yield { line: r.line, record: null, error: r.error };
    }
  }
  async function* csvRecords() {
    const skipped: LineReject[] = [];
    const parser = input.pipe(
      parse({
        columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
        bom: true,
        skip_empty_lines: true,
        relax_column_count: true,
        trim: true,
        info: true,
        max_record_size: 4 * MAX_LINE_BYTES,
        skip_records_with_error: true,
        on_skip: (err: any) => {
          // a record longer than max_record_size (quoted lines) cannot be resynchronised: stop with a clear error
          if (err?.code === 'CSV_MAX_RECORD_SIZE') {
            parser.destroy(
              new DomainError(
                'invalid_csv',
                `line ${err.lines}: a record is longer than ${4 * MAX_LINE_BYTES} bytes; import stopped`,
              ),
            );
            return;
          }
          const line = Number(err?.lines ?? 0);
          if (skipped.at(-1)?.line !== line)
            skipped.push({
              line,
              error: `malformed CSV: ${String(err?.message ?? err)
                .replace(/^[^:]*: /, '')
                .slice(0, 200)}`,
            });
        },
      } as any),
    );
    input.on('error', (err) => parser.destroy(err));
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: Record<string, string>;
        info: { lines: number };
      }>) {
        yield* guardRejects(info.lines);
        while (skipped.length && skipped[0].line < info.lines) {
          const s = skipped.shift()!;
          yield* guardRejects(s.line);
          yield { line: s.line, record: null, error: s.error };
        }
        yield { line: info.lines, record };
      }
    } catch (err) {
      throw unreadable(err);
    }
    for (const s of skipped) {
      yield* guardRejects(s.line);
      yield { line: s.line, record: null, error: s.error };
    }
    yield* guardRejects(Infinity);
  }
  async function* ndjsonRecords() {
    const rl = readline.createInterface({ input, crlfDelay: Infinity });
    let line = 0;
    try {
      for await (const raw of rl) {
        line++;
        yield* guardRejects(line + 1);
        const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
        if (!text.trim()) continue;
        try {
          const obj = JSON.parse(text);
          if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
            yield { line, record: null, error: 'not a JSON object' };
            continue;
          }
          const rec: Record<string, string> = {};
          for (const [k, v] of Object.entries(obj))
            rec[k.toLowerCase()] = v === null || v === undefined ? '' : String(v);
          yield { line, record: rec };
        } catch {
          yield { line, record: null, error: 'invalid JSON' };
        }
      }
    } catch (err) {
      throw unreadable(err);
    }
    yield* guardRejects(Infinity);
  }
  return { records: ndjson ? ndjsonRecords() : csvRecords(), totalBytes, bytesRead: () => read };
}
