/**
 * The transfer store and address labels. Transfers are de-duplicated by a content key, so importing the same
 * file twice adds nothing. Reads select by chain family (every EVM chain shares one address space).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

export interface TransferRecord {
  chain: string;
  from: string;
  to: string;
  txHash: string | null;
  blockTime: number | null;
  amount: string | null;
  asset: string | null;
  source: string;
  dedupKey: string;
}
/** Transfers column by column (bulk loads and the engine read them so: no object per row). */
export interface TransferColumns {
  length: number;
  chain: string[];
  from: string[];
  to: string[];
  txHash: Array<string | null>;
  blockTime: Array<number | null>;
  amount: Array<string | null>;
  asset: Array<string | null>;
  dedupKey: string[];
}
export interface LabelRecord {
  chain: string;
  address: string;
  list: string;
  kind: 'infrastructure' | 'exception';
  source: string;
}

/** Inserts a batch; returns how many rows were new. */
export async function insertTransfers(db: Db, rows: TransferRecord[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const p = rows.slice(i, i + 5000);
    const r =
      await sql`insert into transfers (chain, from_address, to_address, tx_hash, block_time, amount, asset, source,
        dedup_key)
      select * from unnest(${p.map((t) => t.chain)}::text[], ${p.map((t) => t.from)}::text[],
        ${p.map((t) => t.to)}::text[], ${p.map((t) => t.txHash)}::text[],
        ${p.map((t) => t.blockTime)}::bigint[], ${p.map((t) => t.amount)}::text[], ${p.map((t) => t.asset)}::text[],
          ${p.map((t) => t.source)}::text[], ${p.map((t) => t.dedupKey)}::text[])
      on conflict (dedup_key) do nothing`.execute(db);
    inserted += Number(r.numAffectedRows ?? 0);
  }
  return inserted;
}

export async function insertLabels(db: Db, rows: LabelRecord[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const p = rows.slice(i, i + 5000);
    const r = await sql`insert into address_labels (chain, address, list, kind, source)
      select * from unnest(${p.map((l) => l.chain)}::text[], ${p.map((l) => l.address)}::text[],
        ${p.map((l) => l.list)}::text[], ${p.map((l) => l.kind)}::text[], ${p.map((l) => l.source)}::text[])
      on conflict do nothing`.execute(db);
    inserted += Number(r.numAffectedRows ?? 0);
  }
  return inserted;
}

const familyFilter = (family: 'evm' | 'solana') =>
  family === 'solana' ? sql`chain = 'solana'` : sql`chain <> 'solana'`;

export interface TransferEdges {
  from: string[];
  to: string[];
  blockTime: Array<number | null>;
  amount: Array<string | null>;
  txHash: Array<string | null>;
  chain: string[];
  asset: Array<string | null>;
}

interface TransferRow {
  from_address: string;
  to_address: string;
  block_time: string | null;
  amount: string | null;
  tx_hash: string | null;
  chain: string;
  asset: string | null;
}

/** Appends `rows` to `out` up to `maxRows` in all; true when a row was left out (the budget is spent). */
function pushRows(out: TransferEdges, rows: TransferRow[], maxRows: number): boolean {
  for (const row of rows) {
    if (out.from.length >= maxRows) return true;
    out.from.push(row.from_address);
    out.to.push(row.to_address);
    out.blockTime.push(row.block_time === null ? null : Number(row.block_time));
    out.amount.push(row.amount);
    out.txHash.push(row.tx_hash);
    out.chain.push(row.chain);
    out.asset.push(row.asset);
  }
  return false;
}

/** Every stored transfer of the chain family with at least one endpoint in `addresses`. */
export async function transfersTouching(
  db: Db,
  family: 'evm' | 'solana',
  addresses: string[],
  maxRows: number,
): Promise<TransferEdges & { truncated: boolean }> {
  const out: TransferEdges = { from: [], to: [], blockTime: [], amount: [], txHash: [], chain: [], asset: [] };
  let truncated = false;
  for (let i = 0; i < addresses.length && !truncated; i += 20000) {
    const part = addresses.slice(i, i + 20000);
    const r = await sql<TransferRow>`
      select from_address, to_address, block_time, amount, tx_hash, chain, asset from transfers
        where ${familyFilter(family)} and from_address = any(${part}::text[])
      union all
      select from_address, to_address, block_time, amount, tx_hash, chain, asset from transfers
        where ${familyFilter(family)} and to_address = any(${part}::text[])
          and not (from_address = any(${part}::text[]))
      limit ${maxRows - out.from.length + 1}`.execute(db);
    truncated = pushRows(out, r.rows, maxRows);
  }
  return { ...out, truncated };
}

/**
 * The stored transfers `senders` made in the transactions `hashes` (a labelled exchange's other payments in a batched
 * withdrawal that paid a run's wallet): a transaction is read whole, as `analyze` reads it from a file.
 */
export async function transfersInTransactions(
  db: Db,
  family: 'evm' | 'solana',
  senders: string[],
  hashes: string[],
  maxRows: number,
): Promise<TransferEdges & { truncated: boolean }> {
  const out: TransferEdges = { from: [], to: [], blockTime: [], amount: [], txHash: [], chain: [], asset: [] };
  let truncated = false;
  for (let i = 0; i < hashes.length && !truncated; i += 20000) {
    const part = hashes.slice(i, i + 20000);
    const r = await sql<TransferRow>`
      select from_address, to_address, block_time, amount, tx_hash, chain, asset from transfers
        where ${familyFilter(family)} and from_address = any(${senders}::text[]) and tx_hash = any(${part}::text[])
      limit ${maxRows - out.from.length + 1}`.execute(db);
    truncated = pushRows(out, r.rows, maxRows);
  }
  return { ...out, truncated };
}

/** Labels (infrastructure lists and exceptions) of the chain family for the given addresses. */
export async function labelsFor(
  db: Db,
  family: 'evm' | 'solana',
  addresses: string[],
): Promise<Array<{ address: string; list: string; kind: string }>> {
  const out: Array<{ address: string; list: string; kind: string }> = [];
  for (let i = 0; i < addresses.length; i += 20000) {
    const part = addresses.slice(i, i + 20000);
    const r = await sql<{
      address: string;
      list: string;
      kind: string;
    }>`select address, list, kind from address_labels where ${familyFilter(family)} and address =
      any(${part}::text[])`.execute(db);
    out.push(...r.rows);
  }
  return out;
}

export async function countTransfers(db: Db): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from transfers`.execute(db);
  return Number(r.rows[0].n);
}
