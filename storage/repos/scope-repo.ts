/**
 * The scope of a read (campaign, run and optionally cluster) resolved in one owner-scoped SQL statement, so a paged
 * read costs one round trip for its scope instead of three. Anything not owned by `ownerId` comes back as absent.
 */
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { CampaignTable, Database } from '../database.ts';
import { camelKey } from '../camel-row.ts';
import type { AnalysisRow } from './analyses-repo.ts';
import { toCampaign, type CampaignRow } from './campaigns-repo.ts';
import type { ClusterRow } from './results-repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

const ANALYSIS_COLUMNS = [
  'id',
  'seq',
  'campaign_id',
  'owner_id',
  'status',
  'analysis_mode',
  'risk_policy',
  'policy_version',
  'chain',
  'wallet_count',
  'input_hash',
  'error_code',
  'error_message',
  'progress',
  'summary',
  'attempts',
  'lease_owner',
  'lease_expires_at',
  'created_at',
  'started_at',
  'completed_at',
  'source',
] as const;
const CLUSTER_COLUMNS = [
  'analysis_id',
  'ordinal',
  'label',
  'size',
  'risk_score',
  'grouping_basis',
  'support',
  'archetype',
  'summary',
] as const;

const aliased = (table: string, prefix: string, columns: readonly string[]) =>
  sql.raw(columns.map((c) => `${table}.${c} as ${prefix}${c}`).join(', '));

/** The columns of one table from a prefixed row, under their camelCase names. */
function unprefix<T>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): T | null {
  if (row[`${prefix}${columns[0]}`] === null || row[`${prefix}${columns[0]}`] === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const c of columns) out[camelKey(c)] = row[`${prefix}${c}`];
  return out as T;
}

export interface ReadScope {
  campaign: CampaignRow | null;
  run: AnalysisRow | null;
  cluster: ClusterRow | null;
}

/**
 * The caller's campaign, its run `analysisId` and (when `clusterLabel` is given) that run's cluster, in one query.
 * A part that does not exist or is not the caller's is null; a run is only found under its own campaign.
 */
export function resolveReadScope(
  db: Db,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  clusterLabel?: string,
): Promise<ReadScope> {
  return scopeQuery(db, ownerId, campaignId, analysisId, clusterLabel, null);
}

/**
 * The scope of a read and a page of its rows in one statement (one round trip). `page` is a select over the run
 * (alias `a`) and, with `clusterLabel`, its cluster (alias `cl`) with an `ordinal` column; see the page queries of
 * results-repo.ts. Its rows come back in ordinal order as JSON (snake_case keys), none when the run or cluster is
 * not there.
 */
export async function resolveReadScopeWithPage(
  db: Db,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  clusterLabel: string | undefined,
  page: RawBuilder<unknown>,
): Promise<ReadScope & { page: Array<Record<string, unknown>> }> {
  const r = await scopeQuery(db, ownerId, campaignId, analysisId, clusterLabel, page);
  return { ...r, page: r.page ?? [] };
}

async function scopeQuery(
  db: Db,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  clusterLabel: string | undefined,
  page: RawBuilder<unknown> | null,
): Promise<ReadScope & { page?: Array<Record<string, unknown>> }> {
  const cluster = clusterLabel === undefined ? sql`` : sql`, ${aliased('cl', 'k_', CLUSTER_COLUMNS)}`;
  const clusterJoin =
    clusterLabel === undefined
      ? sql``
      : sql` left join clusters cl on cl.analysis_id = a.id and cl.label = ${clusterLabel}`;
  // json_agg keeps an order only when told: pages are keyset pages by ordinal
  const pageColumn =
    page === null
      ? sql``
      : sql`, (select coalesce(json_agg(q order by q.ordinal), '[]'::json) from (${page}) q) as page_rows`;
  const r = await sql<Record<string, unknown>>`
    select c.*, ${aliased('a', 'a_', ANALYSIS_COLUMNS)}${cluster}${pageColumn}
    from campaigns c
    left join analyses a on a.id = ${analysisId} and a.campaign_id = c.id and a.owner_id = ${ownerId}${clusterJoin}
    where c.id = ${campaignId} and c.owner_id = ${ownerId}`.execute(db);
  const row = r.rows[0];
  if (!row) return { campaign: null, run: null, cluster: null };
  return {
    campaign: toCampaign(row as Selectable<CampaignTable>),
    run: unprefix<AnalysisRow>(row, 'a_', ANALYSIS_COLUMNS),
    cluster: clusterLabel === undefined ? null : unprefix<ClusterRow>(row, 'k_', CLUSTER_COLUMNS),
    ...(page === null ? {} : { page: row.page_rows as Array<Record<string, unknown>> }),
  };
}
