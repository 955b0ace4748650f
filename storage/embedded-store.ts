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
import { copyStatement } from './copy-statement.ts';

/**
 * The embedded store's COPY: PGlite reads COPY input from one buffer (its `/dev/blob` device reads the
 * `arrayBuffer()` of the `blob` option), so the chunks of one COPY are gathered and joined into one buffer at `end`
 * (the caller bounds how much one COPY holds). Handing PGlite that buffer itself, not a `Blob` of it, keeps one copy
 * of the text instead of three (the chunks, the Blob's own copy and the ArrayBuffer read from it).
 */
function blobCopy(pg: PGlite, table: string, columns: readonly string[]): CopyWriter {
  const statement = `${copyStatement(table, columns)} from '/dev/blob'`;
  let parts: Buffer[] = [];
  return {
    async write(chunk) {
      parts.push(chunk);
    },
    async end() {
      const joined = Buffer.concat(parts);
      parts = [];
      // an ArrayBuffer of exactly the text: a pooled slice would hand PGlite the pool's other bytes too
      const bytes =
        joined.byteOffset === 0 && joined.buffer.byteLength === joined.length ? joined : new Uint8Array(joined);
      const buffer = bytes.buffer as ArrayBuffer;
      // PGlite only calls `arrayBuffer()` on the blob it is given (see above): this is all of a Blob it uses
      const blob = { arrayBuffer: async () => buffer } as unknown as Blob;
      const r = await pg.query(statement, [], { blob });
      return r.affectedRows ?? 0;
    },
    async abort() {
      parts = [];
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
      db.connection().execute((conn) => fn({ db: conn, copyInto: async (t, c) => blobCopy(pg, t, c) })),
    async close() {
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}
