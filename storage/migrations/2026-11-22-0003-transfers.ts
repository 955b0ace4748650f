/** The transfer store (imported or fetched relations), address labels (infrastructure, exceptions) and fetch cache. */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table transfers (
      id bigserial primary key,
      chain text not null,
      from_address text not null,
      to_address text not null,
      tx_hash text,
      block_time bigint,
      amount text,
      asset text,
      source text not null,
      dedup_key text not null,
      imported_at timestamptz not null default now()
    );
    create unique index transfers_dedup on transfers (dedup_key);
    create index transfers_from on transfers (from_address);
    create index transfers_to on transfers (to_address);
    create table address_labels (
      chain text not null,
      address text not null,
      list text not null,
      kind text not null,
      source text not null,
      imported_at timestamptz not null default now(),
      primary key (chain, address, kind, list)
    );
    create index address_labels_address on address_labels (address);
    create table wallet_fetches (
      chain text not null,
      address text not null,
      provider text not null,
      fetched_at timestamptz not null,
      complete boolean not null,
      transfers integer not null,
      error text,
      primary key (chain, address)
    );
  `,
  );
}
