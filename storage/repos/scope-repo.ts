/**
 * The scope of a read (campaign, run and optionally cluster) resolved in one owner-scoped SQL statement, so a paged
 * read costs one round trip for its scope instead of three. Anything not owned by `ownerId` comes back as absent.
 */
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { CampaignTable, Database } from '../database.ts';
import { camelKey } from '../camel-row.ts';
import { prepared } from '../prepared-statement.ts';
import type { AnalysisRow } from './analyses-repo.ts';
import { toCampaign, type CampaignRow } from './campaigns-repo.ts';
import { CLUSTER_COLUMNS, type ClusterRow } from './results-repo.ts';

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
  return scopeQuery(db, ownerId, campaignId, analysisId, clusterLabel);
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
): Promise<PageScope & { page: Array<Record<string, unknown>> }> {
  // json_agg keeps an order only when told: pages are keyset pages by ordinal
  const r = await sql<Record<string, unknown>>`${prepared}
    select ${pageScopeColumns(clusterLabel)},
      (select coalesce(json_agg(q order by q.ordinal), '[]'::json) from (${page}) q) as page_rows
    ${scopeJoins(ownerId, campaignId, analysisId, clusterLabel)}
    where c.id = ${campaignId} and c.owner_id = ${ownerId}`.execute(db);
  const row = r.rows[0];
  if (!row) return { campaign: null, run: null, cluster: null, page: [] };
  return { ...pageScopeOf(row, clusterLabel), page: (row.page_rows as Array<Record<string, unknown>>) ?? [] };
}

/**
 * A page whose rows the database wrote as JSON text: `text` is the first `limit` items joined by commas (the inside
 * of a JSON array), `count` the rows found (up to limit + 1: more than `limit` means there is a next page), `last`
 * the ordinal of the last item, `plain` false when a row asked for the caller's general path instead.
 */
export interface TextPage {
  text: string;
  /** The UTF-8 length of `text` as PostgreSQL counts it (its octet_length in a UTF8 database). */
  bytes: number;
  count: number;
  last: number | null;
  plain: boolean;
}

/**
 * What a page needs of its scope (the envelope's members, the rows' display): fewer columns than ReadScope's rows,
 * so the paged reads neither convert nor parse the rest (timestamps, the run's progress and summary).
 */
export interface PageScope {
  campaign: Pick<CampaignRow, 'id'> | null;
  run:
    | (Pick<AnalysisRow, 'id' | 'status' | 'riskPolicy' | 'policyVersion' | 'chain'> & {
        /** The part of the run's summary a page reads: its cluster count. */
        summary: { clusters?: unknown } | null;
      })
    | null;
  cluster: Pick<ClusterRow, 'label' | 'size'> | null;
}

/** The columns of a PageScope (see scopeJoins for the aliases). */
const pageScopeColumns = (clusterLabel: string | undefined) => {
  const cluster = clusterLabel === undefined ? sql`` : sql`, cl.label as k_label, cl.size as k_size`;
  return sql`c.id, a.id as a_id, a.status as a_status, a.risk_policy as a_risk_policy,
    a.policy_version as a_policy_version, a.chain as a_chain, a.summary -> 'clusters' as a_clusters${cluster}`;
};

function pageScopeOf(row: Record<string, unknown>, clusterLabel: string | undefined): PageScope {
  return {
    campaign: { id: row.id as string },
    run:
      row.a_id === null
        ? null
        : {
            id: row.a_id as string,
            status: row.a_status as string,
            riskPolicy: row.a_risk_policy as string,
            policyVersion: row.a_policy_version as number | null,
            chain: row.a_chain as string,
            summary: row.a_clusters === null ? null : { clusters: row.a_clusters },
          },
    cluster:
      clusterLabel === undefined || row.k_label === null
        ? null
        : { label: row.k_label as string, size: row.k_size as number },
  };
}

/**
 * The scope of a read and a page written as JSON text by the database, in one statement: the server splices the
 * text into the response without parsing it. `page` selects `ordinal`, `item` (one JSON value as text) and `plain`
 * over the run `a` (and cluster `cl`), at most `limit` + 1 rows; see storage/repos/page-text-repo.ts.
 */
export async function resolveReadScopeWithTextPage(
  db: Db,
  ids: { ownerId: string; campaignId: string; analysisId: string; clusterLabel?: string },
  page: RawBuilder<unknown>,
  limit: number,
): Promise<PageScope & { page: TextPage }> {
  const { ownerId, campaignId, analysisId, clusterLabel } = ids;
  const r = await sql<Record<string, unknown>>`${prepared}
    select ${pageScopeColumns(clusterLabel)}, p.page_count, p.page_last, p.page_text,
      octet_length(p.page_text) as page_bytes, p.page_plain
    ${scopeJoins(ownerId, campaignId, analysisId, clusterLabel)}
    ${textPageJoin({ page, limit })}
    where c.id = ${campaignId} and c.owner_id = ${ownerId}`.execute(db);
  const row = r.rows[0];
  if (!row)
    return {
      campaign: null,
      run: null,
      cluster: null,
      page: { text: '', bytes: 0, count: 0, last: null, plain: true },
    };
  return { ...pageScopeOf(row, clusterLabel), page: textPageOf(row) };
}

/** The lateral join that aggregates a text page (row_number keeps the limit + 1st row out of the text). */
const textPageJoin = (t: { page: RawBuilder<unknown>; limit: number }) => sql`
    left join lateral (
      select count(*)::int as page_count,
        max(q.ordinal) filter (where q.n <= ${t.limit}) as page_last,
        coalesce(string_agg(q.item, ',' order by q.ordinal) filter (where q.n <= ${t.limit}), '') as page_text,
        coalesce(bool_and(q.plain), true) as page_plain
      from (select x.*, row_number() over (order by x.ordinal) as n from (${t.page}) x) q
    ) p on true`;

/** The campaign `c`, its run `a` when the owner's, and (with a label) the run's cluster `cl`. */
const scopeJoins = (ownerId: string, campaignId: string, analysisId: string, clusterLabel: string | undefined) => {
  const clusterJoin =
    clusterLabel === undefined
      ? sql``
      : sql` left join clusters cl on cl.analysis_id = a.id and cl.label = ${clusterLabel}`;
  return sql`from campaigns c
    left join analyses a on a.id = ${analysisId} and a.campaign_id = c.id and a.owner_id = ${ownerId}${clusterJoin}`;
};

async function scopeQuery(
  db: Db,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  clusterLabel: string | undefined,
): Promise<ReadScope> {
  const cluster = clusterLabel === undefined ? sql`` : sql`, ${aliased('cl', 'k_', CLUSTER_COLUMNS)}`;
  const r = await sql<Record<string, unknown>>`${prepared}
    select c.*, ${aliased('a', 'a_', ANALYSIS_COLUMNS)}${cluster}
    ${scopeJoins(ownerId, campaignId, analysisId, clusterLabel)}
    where c.id = ${campaignId} and c.owner_id = ${ownerId}`.execute(db);
  const row = r.rows[0];
  if (!row) return { campaign: null, run: null, cluster: null };
  return {
    campaign: toCampaign(row as Selectable<CampaignTable>),
    run: unprefix<AnalysisRow>(row, 'a_', ANALYSIS_COLUMNS),
    cluster: clusterLabel === undefined ? null : unprefix<ClusterRow>(row, 'k_', CLUSTER_COLUMNS),
  };
}

const textPageOf = (row: Record<string, unknown>): TextPage => ({
  text: row.page_text as string,
  bytes: row.page_bytes as number,
  count: row.page_count as number,
  last: row.page_last as number | null,
  plain: row.page_plain as boolean,
});
