/**
 * Human review (docs/dashboard.md, docs/api.md): cluster and wallet reviews with their whole history, wallet
 * owners' appeals, and the wallets of a run that had no transfer data at all. Reviews are context kept apart from
 * stored results: no column here is referenced by clusters, evidence or decisions, and nothing updates those.
 */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    create table reviews (
      id text primary key,
      seq bigserial not null unique,
      owner_id text not null,
      campaign_id text not null references campaigns (id),
      analysis_id text not null references analyses (id),
      subject text not null,
      cluster_label text,
      wallet_address text,
      verdict text not null,
      reviewer text not null,
      note text not null default '',
      evidence jsonb not null default '[]',
      appeal_id text,
      created_at timestamptz not null default now()
    );
    create index reviews_run on reviews (analysis_id, seq);
    create index reviews_campaign on reviews (owner_id, campaign_id, seq);
    create table appeals (
      id text primary key,
      seq bigserial not null unique,
      owner_id text not null,
      campaign_id text not null references campaigns (id),
      analysis_id text not null references analyses (id),
      wallet_address text not null,
      message text not null,
      contact text not null,
      source text not null,
      status text not null default 'open',
      resolution_review_id text references reviews (id),
      created_at timestamptz not null default now(),
      resolved_at timestamptz
    );
    create index appeals_campaign on appeals (owner_id, campaign_id, seq);
    create index appeals_run_wallet on appeals (analysis_id, wallet_address);
    create table run_wallets_without_data (
      analysis_id text not null references analyses (id),
      wallet_address text not null,
      primary key (analysis_id, wallet_address)
    )
  `,
  );
}
