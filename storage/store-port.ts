/** The storage port: what either adapter (embedded PGlite, PostgreSQL) offers the service. */
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import type { CopyOptions } from './copy-statement.ts';

export type StoreKind = 'embedded' | 'postgres';

/**
 * COPY rows into a table: chunks in PostgreSQL's COPY text format (bytes in UTF-8, or a string, written as UTF-8),
 * ended by `end` (rows copied).
 */
export interface CopyWriter {
  write(chunk: Buffer | string): Promise<void>;
  end(): Promise<number>;
  /** Abandons the COPY (nothing of it is stored) and leaves the session usable. */
  abort(): Promise<void>;
}

/** One connection held for a bulk load: its queries and COPYs share a session, so temporary tables are visible. */
export interface CopySession {
  readonly db: Kysely<Database>;
  /** Starts `COPY table (columns) FROM STDIN` (the embedded store's fastest equivalent: one COPY from a blob). */
  copyInto(table: string, columns: readonly string[], opts?: CopyOptions): Promise<CopyWriter>;
}

export interface Store {
  /** The typed query builder; use `db.transaction().execute(fn)` for atomic work. */
  readonly db: Kysely<Database>;
  /**
   * For the hot read statements (marked `prepared`, see prepared-statement.ts) only: on PostgreSQL a pool of its own
   * whose sessions plan those statements once (generic plans); the embedded store's `db`.
   */
  readonly hotReads: Kysely<Database>;
  /** Which adapter backs this store. */
  readonly kind: StoreKind;
  /** True when several processes may share the store (PostgreSQL): jobs are claimed with SKIP LOCKED leases. */
  readonly multiProcess: boolean;
  /** Runs fn on one connection held for it, with COPY available (bulk imports). */
  withCopySession<T>(fn: (session: CopySession) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from any process on PostgreSQL). `onGap` runs
   * when notifications may have been missed (the listening connection was lost and is back). Resolves with a
   * function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  /** Applies every pending migration; safe to call on every start. */
  migrate(): Promise<void>;
  /** Closes connections (and releases the embedded store's directory lock). */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the embedded store under dataDir is used. */
  databaseUrl?: string | null;
  /** Directory of the embedded store (DATA_DIR/pg). */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing); tests isolate each file in its own schema. */
  schema?: string;
  /** Embedded store held in memory only (tests). */
  inMemory?: boolean;
  /** Maximum pool size for PostgreSQL. */
  poolSize?: number;
}
