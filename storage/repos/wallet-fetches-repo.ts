/**
 * The live chain data cache: one wallet_fetches row per (chain, address) saying which provider fetched the
 * wallet's history, when, how many transfers it gave and how it ended (ok, partial at the page cap, failed).
 * A fetched history is written to the transfer store together with its row, in one transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, WalletFetchTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';
import { insertTransfers, type TransferRecord } from './transfers-repo.ts';

type Db = Kysely<Database>;

export type FetchStatus = 'ok' | 'partial' | 'failed';

/** A fetch row as read (the legacy `complete` flag is left out: `status` says it). */
export type WalletFetchRow = Omit<Row<WalletFetchTable>, 'complete' | 'status'> & { status: FetchStatus };

/** Transfer rows written by a provider carry this source prefix (imports never do). */
export const PROVIDER_SOURCE_PREFIX = 'provider:';

/** Fetch rows of `addresses` on `chain` that are usable: not failed and fetched after `freshSince`. */
export async function freshFetches(db: Db, chain: string, addresses: string[], freshSince: Date): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < addresses.length; i += 20000) {
    const part = addresses.slice(i, i + 20000);
    const r = await sql<{ address: string }>`select address from wallet_fetches
      where chain = ${chain} and address = any(${part}::text[]) and status <> 'failed' and fetched_at >
        ${freshSince}`.execute(db);
    for (const row of r.rows) out.add(row.address);
  }
  return out;
}

/** Addresses of `addresses` that imported (not provider-fetched) transfers on `chain` already touch. */
export async function importedAddresses(db: Db, chain: string, addresses: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const notProvider = sql`source not like ${PROVIDER_SOURCE_PREFIX + '%'}`;
  for (let i = 0; i < addresses.length; i += 20000) {
    const part = addresses.slice(i, i + 20000);
    const r = await sql<{ address: string }>`
      select distinct from_address as address from transfers where chain = ${chain} and from_address =
        any(${part}::text[]) and ${notProvider}
      union
      select distinct to_address as address from transfers where chain = ${chain} and to_address =
        any(${part}::text[]) and ${notProvider}`.execute(db);
    for (const row of r.rows) out.add(row.address);
  }
  return out;
}

export interface FetchOutcome {
  chain: string;
  address: string;
  provider: string;
  status: FetchStatus;
  pages: number;
  error: string | null;
  transfers: TransferRecord[];
}

/** Stores a fetch: its transfers (de-duplicated) and its cache row, in one transaction. Returns new transfer rows. */
export async function recordFetch(db: Db, o: FetchOutcome, fetchedAt = new Date()): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const inserted = o.transfers.length ? await insertTransfers(tx, o.transfers) : 0;
    const row = {
      chain: o.chain,
      address: o.address,
      provider: o.provider,
      fetched_at: fetchedAt,
      complete: o.status === 'ok',
      transfers: o.transfers.length,
      error: o.error,
      status: o.status,
      pages: o.pages,
    };
    await tx
      .insertInto('wallet_fetches')
      .values(row)
      .onConflict((c) =>
        c.columns(['chain', 'address']).doUpdateSet({
          provider: row.provider,
          fetched_at: row.fetched_at,
          complete: row.complete,
          transfers: row.transfers,
          error: row.error,
          status: row.status,
          pages: row.pages,
        }),
      )
      .execute();
    return inserted;
  });
}

export async function getFetch(db: Db, chain: string, address: string): Promise<WalletFetchRow | null> {
  const row = await db
    .selectFrom('wallet_fetches')
    .select(['chain', 'address', 'provider', 'fetched_at', 'status', 'transfers', 'pages', 'error'])
    .where('chain', '=', chain)
    .where('address', '=', address)
    .executeTakeFirst();
  return row ? { ...camelRow(row), status: row.status as FetchStatus } : null;
}
