/** Read-only access to stored run results: clusters, evidence, members and decisions (keyset pages). */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { ClusterEvidenceTable, ClusterTable, Database, DecisionTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

type Db = Kysely<Database>;
/** The stored page items of a decision row (page-text-repo.ts), which the row views do not read. */
type StoredItem = 'decisionItem' | 'memberItem';

/** A cluster row as read (not its stored catalog item, page-text-repo.ts). */
export type ClusterRow = Omit<Row<ClusterTable>, 'catalogItem'>;
/** The columns of a cluster row (see ClusterRow). */
export const CLUSTER_COLUMNS = [
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
/** An evidence row as read (the run id is the caller's). */
export type EvidenceRow = Omit<Row<ClusterEvidenceTable>, 'analysisId'>;
/** A decision row as read (not its stored page items); `input` only when asked for (exports). */
export type DecisionRow = Omit<Row<DecisionTable>, 'analysisId' | 'input' | StoredItem> &
  Partial<Pick<Row<DecisionTable>, 'input'>>;

export async function listClusters(
  db: Db,
  analysisId: string,
  afterOrdinal: number,
  limit: number,
): Promise<ClusterRow[]> {
  return (
    await db
      .selectFrom('clusters')
      .select(CLUSTER_COLUMNS)
      .where('analysis_id', '=', analysisId)
      .where('ordinal', '>', afterOrdinal)
      .orderBy('ordinal')
      .limit(limit)
      .execute()
  ).map(camelRow);
}

export async function countClusters(db: Db, analysisId: string): Promise<number> {
  const r = await db
    .selectFrom('clusters')
    .select(sql<string>`count(*)`.as('n'))
    .where('analysis_id', '=', analysisId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function getClusterByLabel(db: Db, analysisId: string, label: string): Promise<ClusterRow | null> {
  const r = await db
    .selectFrom('clusters')
    .select(CLUSTER_COLUMNS)
    .where('analysis_id', '=', analysisId)
    .where('label', '=', label)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

/** At most `scanLimit` evidence rows of one lane after `afterOrdinal`, in ordinal order. */
export async function scanEvidence(
  db: Db,
  analysisId: string,
  clusterOrdinal: number,
  lane: string,
  afterOrdinal: number,
  scanLimit: number,
): Promise<EvidenceRow[]> {
  return (
    await db
      .selectFrom('cluster_evidence')
      .select(['cluster_ordinal', 'lane', 'ordinal', 'kind', 'confidence', 'risk_bearing', 'addresses', 'data'])
      .where('analysis_id', '=', analysisId)
      .where('cluster_ordinal', '=', clusterOrdinal)
      .where('lane', '=', lane)
      .where('ordinal', '>', afterOrdinal)
      .orderBy('ordinal')
      .limit(scanLimit)
      .execute()
  ).map(camelRow);
}

export async function allEvidence(
  db: Db,
  analysisId: string,
  clusterOrdinal: number,
  limit: number,
): Promise<EvidenceRow[]> {
  return (
    await db
      .selectFrom('cluster_evidence')
      .select(['cluster_ordinal', 'lane', 'ordinal', 'kind', 'confidence', 'risk_bearing', 'addresses', 'data'])
      .where('analysis_id', '=', analysisId)
      .where('cluster_ordinal', '=', clusterOrdinal)
      .orderBy('lane')
      .orderBy('ordinal')
      .limit(limit)
      .execute()
  ).map(camelRow);
}

/** Columns of a decision row without the wallet's input (paged reads do not show it; exports ask for it). */
const DECISION_COLUMNS = [
  'ordinal',
  'wallet_address',
  'cluster_ordinal',
  'cluster_label',
  'risk_score',
  'stored_status',
  'recommended_action',
  'policy_action',
  'reasons',
] as const;

/** Members of one cluster after `afterOrdinal`; `withInput` adds each wallet's stored input (exports). */
export async function listMembers(
  db: Db,
  analysisId: string,
  clusterOrdinal: number,
  afterOrdinal: number,
  limit: number,
  withInput = false,
): Promise<DecisionRow[]> {
  return (
    await db
      .selectFrom('decisions')
      .select(withInput ? [...DECISION_COLUMNS, 'input'] : [...DECISION_COLUMNS])
      .where('analysis_id', '=', analysisId)
      .where('cluster_ordinal', '=', clusterOrdinal)
      .where('ordinal', '>', afterOrdinal)
      .orderBy('ordinal')
      .limit(limit)
      .execute()
  ).map(camelRow);
}

/** Decisions of a run after `afterOrdinal`, without the wallets' input. */
export async function listDecisions(
  db: Db,
  analysisId: string,
  afterOrdinal: number,
  limit: number,
): Promise<DecisionRow[]> {
  return (
    await db
      .selectFrom('decisions')
      .select([...DECISION_COLUMNS])
      .where('analysis_id', '=', analysisId)
      .where('ordinal', '>', afterOrdinal)
      .orderBy('ordinal')
      .limit(limit)
      .execute()
  ).map(camelRow);
}

/*
 * Page queries for resolveReadScopeWithPage (scope-repo.ts): they read the run as `a` and the cluster as `cl` of
 * the scope statement, so the scope and the page cost one round trip. Rows come back as JSON: every column here is
 * integer, text or jsonb, which JSON carries with the same types the driver gives.
 */
const decisionColumns = sql.raw(DECISION_COLUMNS.map((c) => `d.${c}`).join(', '));

/** Decisions of the scope's run after `afterOrdinal` (see listDecisions). */
export const decisionsPage = (afterOrdinal: number, limit: number): RawBuilder<unknown> =>
  sql`select ${decisionColumns} from decisions d
    where d.analysis_id = a.id and d.ordinal > ${afterOrdinal} order by d.ordinal limit ${limit}`;

/** Members of the scope's cluster after `afterOrdinal` (see listMembers). */
export const membersPage = (afterOrdinal: number, limit: number): RawBuilder<unknown> =>
  sql`select ${decisionColumns} from decisions d
    where d.analysis_id = a.id and d.cluster_ordinal = cl.ordinal and d.ordinal > ${afterOrdinal}
    order by d.ordinal limit ${limit}`;

/** Catalog rows of the scope's run after `afterOrdinal`: only the columns the catalog shows (no JSON to parse). */
export const clusterCatalogPage = (afterOrdinal: number, limit: number): RawBuilder<unknown> =>
  sql`select k.ordinal, k.label, k.size, k.risk_score, k.grouping_basis from clusters k
    where k.analysis_id = a.id and k.ordinal > ${afterOrdinal} order by k.ordinal limit ${limit}`;

/**
 * Evidence of one lane of the scope's cluster after `afterOrdinal` (see scanEvidence): confidence is a float8,
 * which JSON carries as the shortest text that reads back as the same number, as the driver parses it.
 */
export const evidencePage =
  (lane: string) =>
  (afterOrdinal: number, limit: number): RawBuilder<unknown> =>
    sql`select e.cluster_ordinal, e.lane, e.ordinal, e.kind, e.confidence, e.risk_bearing, e.addresses, e.data
      from cluster_evidence e
      where e.analysis_id = a.id and e.cluster_ordinal = cl.ordinal and e.lane = ${lane} and e.ordinal > ${afterOrdinal}
      order by e.ordinal limit ${limit}`;

const ITEMS = sql`array['decision_item', 'member_item']`;

export type DiffRow = { walletAddress: string; a: DecisionRow | null; b: DecisionRow | null };

/**
 * Wallets whose stored decision differs between run `a` (this run) and run `b` (compareTo), or that appear in
 * one run only, ordered by address after `afterAddress`.
 */
export async function diffDecisions(
  db: Db,
  a: string,
  b: string,
  afterAddress: string,
  limit: number,
): Promise<DiffRow[]> {
  const r = await sql<{
    wallet_address: string;
    a: Omit<Selectable<DecisionTable>, 'decision_item' | 'member_item'> | null;
    b: Omit<Selectable<DecisionTable>, 'decision_item' | 'member_item'> | null;
  }>`
    select coalesce(x.wallet_address, y.wallet_address) as wallet_address, to_jsonb(x) - ${ITEMS} as a,
      to_jsonb(y) - ${ITEMS} as b
    from (select * from decisions where analysis_id = ${a}) x
    full outer join (select * from decisions where analysis_id = ${b}) y on x.wallet_address = y.wallet_address
    where coalesce(x.wallet_address, y.wallet_address) > ${afterAddress}
      and (x.wallet_address is null or y.wallet_address is null
        or x.risk_score <> y.risk_score or x.recommended_action <> y.recommended_action or x.stored_status <>
          y.stored_status
        or x.cluster_label is distinct from y.cluster_label or x.policy_action is distinct from y.policy_action)
    order by 1 limit ${limit}`.execute(db);
  return r.rows.map((row) => ({
    walletAddress: row.wallet_address,
    a: row.a && camelRow(row.a),
    b: row.b && camelRow(row.b),
  }));
}

export async function countDecisions(db: Db, analysisId: string): Promise<number> {
  const r = await db
    .selectFrom('decisions')
    .select(sql<string>`count(*)`.as('n'))
    .where('analysis_id', '=', analysisId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Refreshes the planner's statistics of the result tables after a large run was stored: without them PostgreSQL
 * estimates a handful of rows for the new run and sorts all its rows for every page instead of walking the index.
 */
export async function refreshResultStatistics(db: Db): Promise<void> {
  await sql`analyze clusters, cluster_evidence, decisions`.execute(db);
}

/** The run's highest-risk decisions (ties in wallet order), without the wallets' input. */
export async function topDecisions(db: Db, analysisId: string, limit: number): Promise<DecisionRow[]> {
  return (
    await db
      .selectFrom('decisions')
      .select([...DECISION_COLUMNS])
      .where('analysis_id', '=', analysisId)
      .orderBy('risk_score', 'desc')
      .orderBy('ordinal')
      .limit(limit)
      .execute()
  ).map(camelRow);
}
