/** Analysis runs: insert with input, claim with leases, progress, completion, and owner-scoped reads. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AnalysisTable, Database } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';
import { catalogItemText, decisionItemText, memberItemText } from './page-text-repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Run count and the latest run of a campaign (the single campaign read carries it). */
export async function campaignContext(
  db: Db,
  campaignId: string,
): Promise<{
  runCount: number;
  latestAnalysisId: string | null;
  latestStatus: string | null;
  latestCompletedAnalysisId: string | null;
}> {
  const r = await sql<{
    run_count: string;
    latest_id: string | null;
    latest_status: string | null;
    latest_completed: string | null;
  }>`
    select (select count(*) from analyses where campaign_id = ${campaignId}) as run_count,
           (select id from analyses where campaign_id = ${campaignId} order by seq desc limit 1) as latest_id,
           (select status from analyses where campaign_id = ${campaignId} order by seq desc limit 1) as latest_status,
           (select id from analyses where campaign_id = ${campaignId} and status = 'completed' order by seq desc
             limit 1) as latest_completed`.execute(db);
  const row = r.rows[0];
  return {
    runCount: Number(row.run_count),
    latestAnalysisId: row.latest_id,
    latestStatus: row.latest_status,
    latestCompletedAnalysisId: row.latest_completed,
  };
}

export type AnalysisRow = Row<AnalysisTable>;

export interface NewAnalysis {
  id: string;
  campaignId: string;
  ownerId: string;
  analysisMode: string;
  riskPolicy: string;
  policyVersion: number | null;
  chain: string;
  walletCount: number;
  inputHash: string;
  source: string;
}

/** Inserts the run (status queued: it is its own durable job) and its input in the caller's transaction. */
export async function insertAnalysis(db: Db, a: NewAnalysis, wallets: unknown[]): Promise<AnalysisRow> {
  const row = await db
    .insertInto('analyses')
    .values({
      id: a.id,
      campaign_id: a.campaignId,
      owner_id: a.ownerId,
      status: 'queued',
      analysis_mode: a.analysisMode,
      risk_policy: a.riskPolicy,
      policy_version: a.policyVersion,
      chain: a.chain,
      wallet_count: a.walletCount,
      input_hash: a.inputHash,
      error_code: null,
      error_message: null,
      progress: JSON.stringify({ phase: 'queued', done: 0, total: a.walletCount }),
      summary: null,
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      created_at: new Date(),
      started_at: null,
      completed_at: null,
      source: a.source,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('analysis_inputs')
    .values({ analysis_id: a.id, wallets: JSON.stringify(wallets) })
    .execute();
  return camelRow(row);
}

/**
 * Claims the oldest queued run, or a running one whose lease expired (its worker died), for `workerId`.
 * FOR UPDATE SKIP LOCKED lets several processes claim concurrently without taking the same run.
 */
export async function claimNextAnalysis(
  db: Kysely<Database>,
  workerId: string,
  leaseSeconds: number,
): Promise<AnalysisRow | null> {
  const r = await sql<Selectable<AnalysisTable>>`
    update analyses set status = 'running', lease_owner = ${workerId},
      lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1,
      started_at = coalesce(started_at, now())
    where id = (
      select id from analyses
      where status = 'queued' or (status = 'running' and lease_expires_at < now())
      order by seq limit 1 for update skip locked)
    returning *`.execute(db);
  return r.rows[0] ? camelRow(r.rows[0]) : null;
}

/** Extends the lease while the worker still owns the run; false when the lease was lost. */
export async function extendLease(
  db: Db,
  id: string,
  workerId: string,
  leaseSeconds: number,
  progress?: Record<string, unknown>,
): Promise<boolean> {
  let q = db
    .updateTable('analyses')
    .set({ lease_expires_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running');
  if (progress) q = q.set({ progress: JSON.stringify(progress) });
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function loadAnalysisInput(db: Db, id: string): Promise<unknown[]> {
  const r = await db
    .selectFrom('analysis_inputs')
    .select('wallets')
    .where('analysis_id', '=', id)
    .executeTakeFirstOrThrow();
  return r.wallets;
}

export async function failAnalysis(
  db: Db,
  id: string,
  workerId: string | null,
  code: string,
  message: string,
): Promise<boolean> {
  let q = db
    .updateTable('analyses')
    .set({
      status: 'failed',
      error_code: code,
      error_message: message.slice(0, 2000),
      completed_at: new Date(),
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running']);
  if (workerId) q = q.where('lease_owner', '=', workerId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface StoredCluster {
  ordinal: number;
  label: string;
  size: number;
  riskScore: number;
  groupingBasis: string;
  support: object;
  archetype: object;
  summary: object;
}
export interface StoredEvidence {
  clusterOrdinal: number;
  lane: string;
  ordinal: number;
  kind: string;
  confidence: number;
  riskBearing: boolean;
  addresses: string[];
  data: object;
}
export interface StoredDecision {
  ordinal: number;
  walletAddress: string;
  clusterOrdinal: number | null;
  clusterLabel: string | null;
  riskScore: number;
  storedStatus: string;
  recommendedAction: string;
  policyAction: string | null;
  reasons: string[];
  input: object;
}

const CHUNK = 5000;

/**
 * Writes all results of a run and marks it completed, in the caller's transaction, only while `workerId` still
 * holds the lease (returns false otherwise, and the caller rolls back).
 */
export async function storeResults(
  tx: Transaction<Database>,
  id: string,
  workerId: string,
  r: {
    clusters: StoredCluster[];
    evidence: StoredEvidence[];
    decisions: StoredDecision[];
    summary: object;
    progress: object;
  },
): Promise<boolean> {
  const owned = await tx
    .selectFrom('analyses')
    .select('id')
    .where('id', '=', id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  if (!owned) return false;
  for (let i = 0; i < r.clusters.length; i += CHUNK) {
    const part = r.clusters.slice(i, i + CHUNK);
    // each cluster's catalog item is written here, once, from the same values (page-text-repo.ts)
    await sql`insert into clusters (analysis_id, ordinal, label, size, risk_score, grouping_basis, support,
      archetype, summary, catalog_item)
      select ${id}, k.*, ${sql.raw(catalogItemText('k', 'a'))}
      from analyses a, unnest(${part.map((c) => c.ordinal)}::int[], ${part.map((c) => c.label)}::text[],
        ${part.map((c) => c.size)}::int[],
        ${part.map((c) => c.riskScore)}::int[], ${part.map((c) => c.groupingBasis)}::text[],
          ${part.map((c) => JSON.stringify(c.support))}::jsonb[],
        ${part.map((c) => JSON.stringify(c.archetype))}::jsonb[],
          ${part.map((c) => JSON.stringify(c.summary))}::jsonb[])
        as k (ordinal, label, size, risk_score, grouping_basis, support, archetype, summary)
      where a.id = ${id}`.execute(tx);
  }
  for (let i = 0; i < r.evidence.length; i += CHUNK) {
    const part = r.evidence.slice(i, i + CHUNK);
    await sql`insert into cluster_evidence (analysis_id, cluster_ordinal, lane, ordinal, kind, confidence,
      risk_bearing, addresses, data)
      select ${id}, * from unnest(${part.map((e) => e.clusterOrdinal)}::int[], ${part.map((e) => e.lane)}::text[],
        ${part.map((e) => e.ordinal)}::int[],
        ${part.map((e) => e.kind)}::text[], ${part.map((e) => e.confidence)}::float8[],
          ${part.map((e) => e.riskBearing)}::bool[],
        ${part.map((e) => JSON.stringify(e.addresses))}::jsonb[],
          ${part.map((e) => JSON.stringify(e.data))}::jsonb[])`.execute(tx);
  }
  for (let i = 0; i < r.decisions.length; i += CHUNK) {
    const part = r.decisions.slice(i, i + CHUNK);
    // each decision's page items are written here, once, from the same values (page-text-repo.ts)
    await sql`insert into decisions (analysis_id, ordinal, wallet_address, cluster_ordinal, cluster_label,
      risk_score, stored_status, recommended_action, policy_action, reasons, input, decision_item, member_item)
      select ${id}, d.*, ${sql.raw(decisionItemText('d'))}, ${sql.raw(memberItemText('d', 'a'))}
      from analyses a, unnest(${part.map((d) => d.ordinal)}::int[], ${part.map((d) => d.walletAddress)}::text[],
        ${part.map((d) => d.clusterOrdinal)}::int[],
        ${part.map((d) => d.clusterLabel)}::text[], ${part.map((d) => d.riskScore)}::int[],
          ${part.map((d) => d.storedStatus)}::text[],
        ${part.map((d) => d.recommendedAction)}::text[], ${part.map((d) => d.policyAction)}::text[],
          ${part.map((d) => JSON.stringify(d.reasons))}::jsonb[],
        ${part.map((d) => JSON.stringify(d.input))}::jsonb[])
        as d (ordinal, wallet_address, cluster_ordinal, cluster_label, risk_score, stored_status,
          recommended_action, policy_action, reasons, input)
      where a.id = ${id}`.execute(tx);
  }
  await tx
    .updateTable('analyses')
    .set({
      status: 'completed',
      summary: JSON.stringify(r.summary),
      progress: JSON.stringify(r.progress),
      completed_at: new Date(),
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .execute();
  return true;
}

/** The run, only when it belongs to this campaign and owner. */
export async function getAnalysis(
  db: Db,
  ownerId: string,
  campaignId: string,
  id: string,
): Promise<AnalysisRow | null> {
  const r = await db
    .selectFrom('analyses')
    .selectAll()
    .where('id', '=', id)
    .where('campaign_id', '=', campaignId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

export async function getAnalysisForOwner(db: Db, ownerId: string, id: string): Promise<AnalysisRow | null> {
  const r = await db
    .selectFrom('analyses')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

/** Runs of a campaign, newest first, after the keyset position `beforeSeq`. */
export async function listAnalyses(
  db: Db,
  ownerId: string,
  campaignId: string,
  beforeSeq: string | null,
  limit: number,
): Promise<AnalysisRow[]> {
  let q = db.selectFrom('analyses').selectAll().where('campaign_id', '=', campaignId).where('owner_id', '=', ownerId);
  if (beforeSeq !== null) q = q.where('seq', '<', beforeSeq);
  return (await q.orderBy('seq', 'desc').limit(limit).execute()).map(camelRow);
}

export async function latestCompletedAnalysis(
  db: Db,
  ownerId: string,
  campaignId: string,
): Promise<AnalysisRow | null> {
  const r = await db
    .selectFrom('analyses')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'completed')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}
