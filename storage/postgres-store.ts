/** PostgreSQL adapter over pg, optionally confined to one schema (tests isolate each file in its own). */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { copyStatement, type CopyOptions } from './copy-statement.ts';
import { prepareMarkedStatements } from './prepared-statement.ts';
import type { CopySession, CopyWriter, Store, StoreOptions } from './store-port.ts';

/** COPY FROM STDIN on a held client: chunks stream to the server while the caller prepares the next ones. */
async function copyInto(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  opts?: CopyOptions,
): Promise<CopyWriter> {
  const stream = client.query(copyFrom(copyStatement(table, columns, 'stdin', opts)));
  let failure: Error | null = null;
  stream.on('error', (err) => {
    failure = err;
  });
  return {
    async write(chunk) {
      if (failure) throw failure;
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async end() {
      stream.end();
      await finished(stream);
      return stream.rowCount;
    },
    async abort() {
      if (stream.destroyed) return;
      // destroy sends CopyFail; 'close' comes once the server has answered, so the connection can be used again
      const closed = once(stream, 'close');
      stream.destroy(new Error('import abandoned'));
      await closed.catch(() => {});
    },
  };
}

/** Retry delay of a lost LISTEN connection. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (outside the pool). When it is lost it is opened again every RELISTEN_MS, and
 * `onGap` runs once it is back, since notifications sent in between were missed.
 */
async function listenOn(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error('channel must be a lower-case SQL identifier');
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    const lost = (): void => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (!stopped) timer = setTimeout(retry, RELISTEN_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`listen ${channel}`);
    client = c;
  };
  const retry = (): void => {
    timer = null;
    connect().then(onGap, () => {
      if (!stopped) timer = setTimeout(retry, RELISTEN_MS);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** A Kysely over one held client (its release is the session's, not Kysely's). */
function sessionOf(client: pg.PoolClient): CopySession {
  const pool = {
    connect: async () => ({ query: client.query.bind(client), release: () => {} }),
    end: async () => {},
  };
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) }),
    copyInto: (table, columns, opts) => copyInto(client, table, columns, opts),
  };
}

// bigint columns (seq, ids) come back as strings; keep them so: they are opaque keys.
export async function openPostgresStore(url: string, opts: StoreOptions): Promise<Store> {
  const schema = opts.schema;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('schema must be a lower-case SQL identifier');
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const searchPath = schema ? `-c search_path=${schema}` : '';
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    ...(searchPath ? { options: searchPath } : {}),
  });
  pool.on('connect', prepareMarkedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  // Generic plans for the hot reads: in the default mode PostgreSQL plans such a statement afresh at every execution
  // (a custom plan: the generic one's estimate for `limit $n` is 10% of the table, so it never looks cheaper) and
  // planning cost as much as executing. The setting holds in these sessions only: the other statements keep
  // custom plans. It is a statement, not a startup option, which poolers such as PgBouncer refuse; it is queued on
  // the new connection before any query the pool hands it out for.
  const hotPool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    ...(searchPath ? { options: searchPath } : {}),
  });
  hotPool.on('connect', (client) => {
    prepareMarkedStatements(client);
    // without it the reads are only slower (custom plans): its failure fails no read
    client.query('set plan_cache_mode = force_generic_plan').catch(() => {});
  });
  const hotReads = new Kysely<Database>({ dialect: new PostgresDialect({ pool: hotPool }) });
  return {
    db,
    hotReads,
    kind: 'postgres',
    multiProcess: true,
    migrate: () => migrateToLatest(db, schema),
    listen: (channel, onNotify, onGap) => listenOn(url, channel, onNotify, onGap),
    async withCopySession(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        return await fn(sessionOf(client));
      } catch (err) {
        // a failed COPY can leave the connection mid-protocol: do not hand it back to the pool
        broken = true;
        throw err;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await Promise.all([db.destroy(), hotReads.destroy()]);
    },
  };
}
