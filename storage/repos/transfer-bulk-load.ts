/**
 * Bulk transfer import: rows are COPYed into a temporary staging table and merged into `transfers` by one
 * set-based statement per segment (rows whose content key is stored are left out, so re-importing adds nothing). A
 * segment bounds what the staging table (and the embedded store's COPY blob) holds, so memory stays flat for any
 * file size.
 *
 * A large import into a small table (PostgreSQL) runs in one transaction that drops the two address indexes of
 * `transfers` and builds them again at the end (see rebuildPays): maintaining them row by row was most of an
 * import's time. Into an empty table it COPYs straight into `transfers`, with no index at all (see openLoad's
 * `direct`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { CopySession, CopyWriter, Store } from '../store-port.ts';
import type { TransferColumns } from './transfers-repo.ts';
import { ContentKeySet } from './content-key-set.ts';

const STAGING = 'transfer_staging';
const COLUMNS = [
  'chain',
  'from_address',
  'to_address',
  'tx_hash',
  'block_time',
  'amount',
  'asset',
  'source',
  'dedup_key',
] as const;

/**
 * Rows staged before they are merged, chosen for memory, not from measured speed: about 40 MB of COPY text on
 * PostgreSQL (streamed, so only the staging table holds it); the embedded store gathers a segment's text into
 * one blob inside this process, so it takes smaller segments.
 */
export const SEGMENT_ROWS = { postgres: 200_000, embedded: 50_000 } as const;

const NEEDS_ESCAPE = /[\t\n\r\\]/;
const escapeCopy = (s: string): string =>
  NEEDS_ESCAPE.test(s)
    ? s.replace(/[\t\n\r\\]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\'))
    : s;
const nullable = (s: string | null): string => (s === null ? '\\N' : escapeCopy(s));

/** What follows a row's asset in its COPY text, before its content key (the source and the separators). */
export const copyTail = (source: string): string => `\t${escapeCopy(source)}\t`;

/** The COPY text of a value that needs no escape: no tab, line break or backslash. */
export const copySafe = (s: string): boolean => !NEEDS_ESCAPE.test(s);

/**
 * One batch in COPY text format, the rows `keep` allows (all by default). Addresses and content keys are
 * validated ASCII (no escapes needed).
 */
export function copyText(b: TransferColumns, source: string, keep?: (i: number) => boolean): string {
  const tail = copyTail(source);
  let out = '';
  let lastChain = '';
  let chain = '';
  for (let i = 0; i < b.length; i++) {
    if (keep && !keep(i)) continue;
    if (b.chain[i] !== lastChain) {
      lastChain = b.chain[i];
      chain = escapeCopy(lastChain);
    }
    const t = b.blockTime[i];
    out +=
      `${chain}\t${b.from[i]}\t${b.to[i]}\t${nullable(b.txHash[i])}\t${t === null ? '\\N' : t}\t` +
      `${nullable(b.amount[i])}\t${nullable(b.asset[i])}${tail}${b.dedupKey[i]}\n`;
  }
  return out;
}

export interface TransferLoad {
  /** Stages a batch; returns the rows newly stored by merges that finished since the last call. */
  write(b: TransferColumns): Promise<number>;
  /**
   * Remembers a content key for writeText: false when a row of that key was staged already, so that its text can
   * be left out (see MAX_SEEN_KEYS: past it, repeats are left to the merge).
   */
  fresh(key: string): boolean;
  /**
   * Stages rows given as COPY text (the text `copyText` writes, with only the rows whose key was `fresh`); `rows`
   * counts the rows read for it, written or not. Returns what `write` returns.
   */
  writeText(text: Buffer, rows: number): Promise<number>;
  /** Merges what is staged; returns the rows newly stored. */
  finish(): Promise<number>;
  /** After a failure: ends an open COPY and waits for a running merge, without raising their errors. */
  abort(): Promise<void>;
}

const cols = sql.raw(COLUMNS.join(', '));

/**
 * Content keys a load remembers to leave out rows it has already staged (a repeated row has the same key). Past
 * it the memory is cleared and repeats are left to the merge, which removes them anyway: this bounds the memory
 * (20 bytes a key in a table of 1.5 times as many slots: 32 MB) and only saves the database work. Exports repeat rows
 * a lot (the Hop transfers hold 758,877 distinct rows in 1,736,921), mostly far apart in the file.
 */
export const MAX_SEEN_KEYS = 1_000_000;

/**
 * Memory for a merge's sort on PostgreSQL (a segment's rows, about 50 MB of them): the default 4 MB sorts them on
 * disk. Not on the embedded store, whose WebAssembly memory would grow by it and never shrink (its smaller segment
 * sorts on disk instead).
 */
const MERGE_SORT_MEMORY = '64MB';

/**
 * Moves the staged rows that are not stored yet into `transfers`. The plain insert (duplicates removed in key
 * order, rows already stored skipped by an anti-join) costs the database about a quarter less than
 * `on conflict do nothing` on every row, which takes a speculative insertion per row; when another writer stores
 * one of the same keys in between (a unique violation), the segment is merged again with `on conflict`.
 *
 * The anti-join probes the content-key index in key order, row by row (the planner's hash and merge joins are
 * turned off for this statement): sorted, consecutive probes read the same index pages, so a segment reads each of
 * them once. The planner's own choice was a hash anti-join, which reads the whole table once per segment (2 s of
 * the database's CPU per 200,000 rows against a 4.9M-row table, against 0.6 s probing in order; a cost that grows
 * with the table, where the probes grow with its logarithm). See docs/data-import.md ("Re-imports").
 */
async function mergeStaged(s: CopySession, sortMemory: boolean): Promise<number> {
  await sql`set enable_hashjoin = off`.execute(s.db);
  await sql`set enable_mergejoin = off`.execute(s.db);
  if (sortMemory) await sql`set work_mem = ${sql.lit(MERGE_SORT_MEMORY)}`.execute(s.db);
  try {
    const r = await sql`insert into transfers (${cols}) select ${cols} from (
        select distinct on (dedup_key) ${cols} from ${sql.raw(STAGING)} order by dedup_key
      ) s where not exists (select 1 from transfers t where t.dedup_key = s.dedup_key)`.execute(s.db);
    return Number(r.numAffectedRows ?? 0);
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    const r = await sql`insert into transfers (${cols}) select ${cols} from ${sql.raw(STAGING)}
      on conflict (dedup_key) do nothing`.execute(s.db);
    return Number(r.numAffectedRows ?? 0);
  } finally {
    // in a failed transaction these fail too, and its rollback undoes the settings
    await sql`reset enable_hashjoin`.execute(s.db).catch(() => {});
    await sql`reset enable_mergejoin`.execute(s.db).catch(() => {});
    if (sortMemory) await sql`reset work_mem`.execute(s.db).catch(() => {});
  }
}

/**
 * Staging and merging with one overlap: while the database merges a segment, the next batches are read and their
 * COPY text is held (up to one segment) instead of waiting; then it is copied in and staging goes on. So reading
 * and the merge use the two sides' processors at once, and memory holds at most one segment of text. `inProcess`
 * (the embedded store, whose database runs on this thread, so there is nothing to overlap): each batch waits for a
 * running merge and its text goes to the COPY as a string, which the store copies into its buffer at once.
 *
 * `direct`: `transfers` was empty when the load took its lock (rebuild mode) and was truncated in this transaction
 * with its content-key index and primary key dropped, so rows are COPYed straight into it, frozen, with no staging,
 * no merge and no index to maintain, for the whole file; `finishDirect` then removes the repeats that got past a
 * clear of the key memory and builds both once at the end.
 */
async function openLoad(
  s: CopySession,
  source: string,
  segmentRows: number,
  direct: boolean,
  maxSeenKeys: number,
  finishKeys: (repeatsPossible: boolean) => Promise<number>,
  inProcess: boolean,
): Promise<TransferLoad> {
  await sql`drop table if exists ${sql.raw(STAGING)}`.execute(s.db);
  await sql`create temporary table ${sql.raw(STAGING)} (chain text, from_address text, to_address text, tx_hash text,
    block_time bigint, amount text, asset text, source text, dedup_key text collate "C")`.execute(s.db);
  let copy: CopyWriter | null = null;
  let staged = 0;
  let pending: Buffer[] = [];
  let pendingRows = 0;
  let merging: Promise<number> | null = null;
  let merged = 0;
  let repeatsPossible = false;
  // see `direct`: frozen rows, the table having been truncated in this transaction
  const open = (): Promise<CopyWriter> => s.copyInto(direct ? 'transfers' : STAGING, COLUMNS, { freeze: direct });
  const startMerge = (): void => {
    const c = copy;
    copy = null;
    staged = 0;
    merging = (async () => {
      await c?.end();
      const inserted = await mergeStaged(s, !inProcess);
      await sql`truncate ${sql.raw(STAGING)}`.execute(s.db);
      return inserted;
    })();
    // its failure is raised where it is awaited (settle); this only keeps it from counting as unhandled meanwhile
    merging.catch(() => {});
  };
  const settle = async (): Promise<void> => {
    const m = merging;
    merging = null;
    if (m) merged += await m;
  };
  /** Ends the COPY straight into `transfers` (see `direct`): its rows are stored, less the repeats removed. */
  const endDirect = async (): Promise<void> => {
    direct = false;
    const c = copy;
    copy = null;
    staged = 0;
    const copied = c ? await c.end() : 0;
    merged += copied - (await finishKeys(repeatsPossible));
  };
  const flushPending = async (): Promise<void> => {
    if (!pendingRows) return;
    copy ??= await open();
    for (const chunk of pending) await copy.write(chunk);
    staged += pendingRows;
    pending = [];
    pendingRows = 0;
  };
  const seen = new ContentKeySet(maxSeenKeys);
  const fresh = (key: string): boolean => {
    if (seen.size >= maxSeenKeys) {
      seen.clear();
      repeatsPossible = true;
    }
    return seen.add(key);
  };
  const unseen = (b: TransferColumns): ((i: number) => boolean) => {
    const keep = new Uint8Array(b.length);
    for (let i = 0; i < b.length; i++) if (fresh(b.dedupKey[i])) keep[i] = 1;
    return (i) => keep[i] === 1;
  };
  const take = (): number => {
    const n = merged;
    merged = 0;
    return n;
  };
  /** Stages `rows` rows' text: held while a merge runs (up to a segment), else copied in. */
  const stage = async (text: Buffer | string, rows: number): Promise<number> => {
    if (inProcess) {
      // the database runs on this thread: nothing to overlap with its merge, so no text is held meanwhile, and
      // the batch's text goes to the COPY as it is (the store copies it at once)
      await settle();
      copy ??= await open();
      await copy.write(text);
      staged += rows;
      if (staged >= segmentRows && !direct) startMerge();
      return take();
    }
    // bytes at once: the text is a rope over slices of the file's lines, which it would otherwise keep alive
    pending.push(typeof text === 'string' ? Buffer.from(text) : text);
    pendingRows += rows;
    if (merging && pendingRows < segmentRows) return take();
    await settle();
    await flushPending();
    if (staged >= segmentRows && !direct) startMerge();
    return take();
  };
  return {
    write: async (b) => (b.length ? stage(copyText(b, source, unseen(b)), b.length) : take()),
    fresh,
    writeText: async (text, rows) => (rows ? stage(text, rows) : take()),
    async finish() {
      await settle();
      await flushPending();
      if (direct) await endDirect();
      if (copy) startMerge();
      await settle();
      return take();
    },
    async abort() {
      pending = [];
      pendingRows = 0;
      await merging?.catch(() => {});
      merging = null;
      const c = copy;
      copy = null;
      await c?.abort();
    },
  };
}

/**
 * The address indexes of `transfers` (its migration's definitions); the unique `dedup_key` index stays, the merge
 * needs it.
 */
const ADDRESS_INDEXES = [
  { name: 'transfers_from', column: 'from_address' },
  { name: 'transfers_to', column: 'to_address' },
] as const;

/** The unique content-key index and the primary key, as their migrations made them (see openLoad's `direct`). */
const KEY_INDEX = 'create unique index transfers_dedup on transfers (dedup_key)';
const PRIMARY_KEY = 'alter table transfers add constraint transfers_pkey primary key (id)';

/**
 * Readies an empty `transfers` for a direct load (see openLoad's `direct`), in the load's transaction: drops the
 * content-key index and primary key, and truncates the table so that its COPY may write frozen rows. Building
 * both at the end costs the database about a quarter of the CPU of maintaining them row by row (1M rows: 0.9 s
 * against 3.7 s), and frozen pages are all-visible: the next import's probes of the content-key index read no
 * table pages, and no later vacuum or first read writes the table again to mark them.
 */
async function prepareDirect(db: Kysely<Database>): Promise<void> {
  await sql`drop index transfers_dedup`.execute(db);
  await sql`alter table transfers drop constraint transfers_pkey`.execute(db);
  await sql`truncate transfers`.execute(db);
}

/**
 * Memory for the index builds of a rebuild (this transaction only): the default 64 MB sorts a million rows of
 * addresses on disk in several runs. The server's memory is the operator's; 256 MB is a sort's worth for a few
 * million rows, and a build takes it only while it runs.
 */
const BUILD_MEMORY = '256MB';

/**
 * Whether building the address indexes again after the import costs less than maintaining them row by row: when
 * the import is expected to add at least REBUILD_RATIO times the rows the table holds (an empty table always).
 * Row by row, each new row costs a random insertion into two B-trees that soon outgrow the buffer cache; a build
 * sorts the whole table once. See docs/data-import.md ("Large imports") for how the ratio was chosen.
 */
export const REBUILD_RATIO = 4;

export async function rebuildPays(db: Kysely<Database>, expectedRows: number): Promise<boolean> {
  // counting stops past the bound: a large table costs a bounded scan, not a full count
  const bound = Math.floor(expectedRows / REBUILD_RATIO);
  const r = await sql<{ n: string }>`select count(*) as n from (select 1 from transfers limit ${bound + 1}) t`.execute(
    db,
  );
  return Number(r.rows[0].n) <= bound;
}

/**
 * After rows were COPYed straight into an empty `transfers` without its content-key index and primary key (see
 * prepareDirect): adds the primary key and builds the content-key index. Rows passed on after the key memory was
 * cleared may repeat an earlier row: then the build fails on the first repeat, and the repeats are removed (the
 * first row of each key by id stays) before it is built again. Trying the build first spares the grouping of every
 * key when there was no repeat (exports mostly repeat rows close together, within the memory). Returns the rows
 * removed.
 */
async function finishDirect(db: Kysely<Database>, repeatsPossible: boolean): Promise<number> {
  await sql.raw(PRIMARY_KEY).execute(db);
  if (!repeatsPossible) {
    await sql.raw(KEY_INDEX).execute(db);
    return 0;
  }
  await sql`savepoint key_index`.execute(db);
  try {
    await sql.raw(KEY_INDEX).execute(db);
    await sql`release savepoint key_index`.execute(db);
    return 0;
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    await sql`rollback to savepoint key_index`.execute(db);
  }
  // the grouping's hash table in memory rather than in batches on disk (this transaction only)
  await sql`set local work_mem = ${sql.lit(BUILD_MEMORY)}`.execute(db);
  const r = await sql`delete from transfers t using (
      select dedup_key, min(id) as first from transfers group by dedup_key having count(*) > 1
    ) d where t.dedup_key = d.dedup_key and t.id <> d.first`.execute(db);
  await sql.raw(KEY_INDEX).execute(db);
  return Number(r.numAffectedRows ?? 0);
}

export interface LoadOptions {
  /** Rows staged per merge (SEGMENT_ROWS of the store by default). */
  segmentRows?: number;
  /** Rows the import is expected to read (an estimate from the file's size); enables the index rebuild. */
  expectedRows?: number;
  /** Content keys remembered (MAX_SEEN_KEYS by default). */
  maxSeenKeys?: number;
}

/**
 * Runs `fill` with a load that stages and merges transfers of `source`; returns what `fill` returns plus the rows
 * newly stored by the final merge. The staging table is dropped whatever happens.
 *
 * On PostgreSQL, when rebuildPays says so, the whole load is one transaction that drops the address indexes first
 * and builds them at the end: readers of `transfers` wait for it (the drop locks the table), and a load that fails
 * stores nothing (the transaction is rolled back, indexes included). Otherwise each segment's merge commits on
 * its own.
 */
export function loadTransfers<T>(
  store: Store,
  source: string,
  fill: (load: TransferLoad) => Promise<T>,
  options: LoadOptions | number = {},
): Promise<{ result: T; inserted: number }> {
  const opts = typeof options === 'number' ? { segmentRows: options } : options;
  const segmentRows = opts.segmentRows ?? SEGMENT_ROWS[store.kind];
  return store.withCopySession(async (s) => {
    let load: TransferLoad | null = null;
    // the embedded store's one connection is shared with the rest of the process: no transaction spans the load
    const rebuild =
      store.kind === 'postgres' && opts.expectedRows !== undefined && (await rebuildPays(s.db, opts.expectedRows));
    let open = false;
    try {
      if (rebuild) {
        await sql`begin`.execute(s.db);
        open = true;
        // what is written is rolled back as a whole on failure: the commit alone need not wait for the disk
        await sql`set local synchronous_commit = off`.execute(s.db);
        for (const ix of ADDRESS_INDEXES) await sql`drop index if exists ${sql.raw(ix.name)}`.execute(s.db);
      }
      // the drop holds the table's lock: no other writer can add rows until the commit
      const empty =
        rebuild &&
        (await sql<{ e: boolean }>`select not exists (select 1 from transfers) as e`.execute(s.db)).rows[0].e;
      if (rebuild) await sql`set local maintenance_work_mem = ${sql.lit(BUILD_MEMORY)}`.execute(s.db);
      if (empty) await prepareDirect(s.db);
      const finishKeys = (repeatsPossible: boolean): Promise<number> => finishDirect(s.db, repeatsPossible);
      const inProcess = store.kind === 'embedded';
      load = await openLoad(s, source, segmentRows, empty, opts.maxSeenKeys ?? MAX_SEEN_KEYS, finishKeys, inProcess);
      const result = await fill(load);
      const inserted = await load.finish();
      if (rebuild) {
        for (const ix of ADDRESS_INDEXES)
          await sql`create index ${sql.raw(ix.name)} on transfers (${sql.raw(ix.column)})`.execute(s.db);
        await sql`commit`.execute(s.db);
        open = false;
      }
      return { result, inserted };
    } catch (err) {
      await load?.abort();
      if (open) await sql`rollback`.execute(s.db).catch(() => {});
      throw err;
    } finally {
      // a failure already on its way out must not be hidden by a failing clean-up
      await sql`drop table if exists ${sql.raw(STAGING)}`.execute(s.db).catch(() => {});
    }
  });
}
