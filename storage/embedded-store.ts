/**
 * Embedded adapter: PostgreSQL in WebAssembly (PGlite) on disk under DATA_DIR. One process owns the directory:
 * a lock file records the owner's pid; a second process gets `store_locked` (the CLI then routes through the
 * running server, see docs/cli.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { migrateToLatest } from './migrate.ts';
import type { CopyWriter, Store, StoreOptions } from './store-port.ts';
import { copyStatement, type CopyOptions } from './copy-statement.ts';

/** The ES2024 resizable ArrayBuffer (Node 20 has it; the ES2022 library types this project compiles with do not). */
interface ResizableBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
  readonly maxByteLength: number;
}
const ResizableBuffer = ArrayBuffer as unknown as new (length: number, o: { maxByteLength: number }) => ResizableBuffer;

/**
 * Address space a COPY's buffer reserves: only the pages written use memory. A segment of the bulk load is about
 * 10 MB of text; past this bound a COPY gathers its chunks and joins them (see blobCopy).
 */
const COPY_RESERVE = 1 << 30;
const encoder = new TextEncoder();

/**
 * The embedded store's COPY: PGlite reads COPY input from one ArrayBuffer (its `/dev/blob` device reads the
 * `arrayBuffer()` of the `blob` option, from its first to its last byte). Each chunk is copied at once into one
 * resizable buffer that grows to exactly the text written (no join, no second copy, and the chunk can be collected
 * right away); after the COPY the buffer is shrunk to nothing, which gives its pages back at once instead of when
 * the garbage collector finds it. PGlite gets that buffer itself: it copies it into its memory a byte at a time
 * through a view, which V8 runs about 2.5 times slower over a resizable buffer (about 3 ms more per MB of text, a
 * few percent of a COPY), and a fixed-length copy would be one more buffer of the segment's size to collect.
 */
export function blobCopy(
  pg: PGlite,
  table: string,
  columns: readonly string[],
  reserve = COPY_RESERVE,
  opts: CopyOptions = {},
): CopyWriter {
  const statement = copyStatement(table, columns, "'/dev/blob'", opts);
  let text: ResizableBuffer | null = new ResizableBuffer(0, { maxByteLength: reserve });
  // only past the reserve: the chunks gathered and joined at the end
  let parts: Buffer[] | null = null;
  const release = (): void => {
    text?.resize(0);
    text = null;
    parts = null;
  };
  return {
    async write(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (text && text.byteLength + bytes <= reserve) {
        const at = text.byteLength;
        text.resize(at + bytes);
        // a string straight into the buffer: no Buffer of it to wait for the garbage collector
        if (typeof chunk === 'string') encoder.encodeInto(chunk, new Uint8Array(text, at));
        else new Uint8Array(text, at).set(chunk);
        return;
      }
      if (text) {
        const first = Buffer.from(text.slice(0));
        release();
        parts = [first];
      }
      parts?.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    },
    async end() {
      // from gathered parts: an ArrayBuffer of exactly the text, a pooled Buffer's would hand PGlite the pool's other
      // bytes too
      const buffer = text ?? new Uint8Array(Buffer.concat(parts ?? [])).buffer;
      // PGlite only calls `arrayBuffer()` on the blob it is given (see above): this is all of a Blob it uses
      const blob = { arrayBuffer: async () => buffer } as unknown as Blob;
      try {
        const r = await pg.query(statement, [], { blob });
        return r.affectedRows ?? 0;
      } finally {
        release();
      }
    },
    async abort() {
      release();
    },
  };
}
import { StorageError } from './storage-error.ts';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, 'owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {}
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && pidAlive(pid)) {
        throw new StorageError('store_locked', `the embedded store at ${dir} is owned by process ${pid}`, { pid });
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new StorageError('store_locked', `could not lock the embedded store at ${dir}`);
}

/** Creates the database directory in a child process when it holds none yet (see pglite-initdb.mjs). */
async function initialiseDirectory(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [script, dir], (err, _stdout, stderr) => {
      if (!err) return resolve();
      reject(new StorageError('store_unavailable', `could not create the embedded store at ${dir}: ${stderr || err}`));
    });
  });
}

/**
 * PostgreSQL's buffer cache inside PGlite's WebAssembly memory, which never shrinks once grown and which the
 * process's peak memory counts in full. The module starts with 128 MB of memory (its build's minimum); at
 * PostgreSQL's default of 128 MB of buffers the memory grows to 189-226 MB, with 32 MB it stays within those first
 * 128 MB (PGlite opened with each and the same rows written and indexed, 2026-11-24). A page not in the cache is read
 * through the file system, which the operating system caches: a miss costs a copy, not a disk read. See
 * docs/configuration.md.
 */
const SHARED_BUFFERS = '32MB';
const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

export async function openEmbeddedStore(opts: StoreOptions): Promise<Store> {
  let release = (): void => {};
  let pg: PGlite;
  if (opts.inMemory) {
    pg = new PGlite({ startParams });
  } else {
    const dir = path.resolve(opts.dataDir ?? './data/pg');
    fs.mkdirSync(dir, { recursive: true });
    release = takeLock(path.dirname(dir));
    try {
      await initialiseDirectory(dir);
      pg = new PGlite(dir, { startParams });
    } catch (err) {
      release();
      throw err;
    }
  }
  await pg.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  return {
    db,
    hotReads: db,
    kind: 'embedded',
    multiProcess: false,
    migrate: () => migrateToLatest(db),
    // one process owns the embedded store: a notification never crosses processes, so none can be missed
    async listen(channel, onNotify) {
      const stop = await pg.listen(channel, onNotify);
      return stop;
    },
    // the held Kysely connection keeps PGlite's mutex, so the direct COPY queries cannot interleave with others
    withCopySession: (fn) =>
      db
        .connection()
        .execute((conn) => fn({ db: conn, copyInto: async (t, c, o) => blobCopy(pg, t, c, COPY_RESERVE, o) })),
    async close() {
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}
