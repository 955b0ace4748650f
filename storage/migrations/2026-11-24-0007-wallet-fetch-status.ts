/**
 * Live chain data cache (docs/chain-providers.md): wallet_fetches records, per chain and address, which provider
 * fetched the wallet's history, when, and how it ended (ok, partial at the page cap, failed with its error).
 */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    alter table wallet_fetches add column status text not null default 'ok';
    alter table wallet_fetches add column pages integer not null default 0;
    create index wallet_fetches_fetched_at on wallet_fetches (chain, fetched_at)
  `,
  );
}
