/** The storage port: what either adapter (embedded PGlite, PostgreSQL) offers the service. */
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

export type StoreKind = 'embedded' | 'postgres';

export interface Store {
  /** The typed query builder; use `db.transaction().execute(fn)` for atomic work. */
  readonly db: Kysely<Database>;
  /** Which adapter backs this store. */
  readonly kind: StoreKind;
  /** True when several processes may share the store (PostgreSQL): jobs are claimed with SKIP LOCKED leases. */
  readonly multiProcess: boolean;
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
