/**
 * Human review context: reviews (cluster or wallet, every one kept), appeals, and the wallets of a run that had no
 * transfer data. Owner-scoped reads; nothing here writes clusters, evidence or decisions.
 */
import { type Selectable, sql, type Kysely, type Transaction } from 'kysely';
import type { AppealTable, Database, EvidenceRef, ReviewTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ReviewSubject = 'cluster' | 'wallet';
export type { EvidenceRef };
/** A review row; `seq` (bigserial, text from the driver) as a number for ordering and keyset pages. */
export type ReviewRow = Omit<Row<ReviewTable>, 'seq'> & { seq: number };
export type NewReview = Omit<ReviewRow, 'seq' | 'createdAt'>;
export type AppealRow = Omit<Row<AppealTable>, 'seq'> & { seq: number };
export type NewAppeal = Pick<
  AppealRow,
  'id' | 'ownerId' | 'campaignId' | 'analysisId' | 'walletAddress' | 'message' | 'contact' | 'source'
>;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const toReview = (r: Selectable<ReviewTable>): ReviewRow => ({
  ...camelRow(r),
  seq: Number(r.seq),
  evidence: json<EvidenceRef[]>(r.evidence),
  createdAt: new Date(r.created_at),
});

const toAppeal = (r: Selectable<AppealTable>): AppealRow => ({
  ...camelRow(r),
  seq: Number(r.seq),
  createdAt: new Date(r.created_at),
  resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
});

export async function insertReview(db: Db, r: NewReview): Promise<ReviewRow> {
  const row = await db
    .insertInto('reviews')
    .values({
      id: r.id,
      owner_id: r.ownerId,
      campaign_id: r.campaignId,
      analysis_id: r.analysisId,
      subject: r.subject,
      cluster_label: r.clusterLabel,
      wallet_address: r.walletAddress,
      verdict: r.verdict,
      reviewer: r.reviewer,
      note: r.note,
      evidence: JSON.stringify(r.evidence),
      appeal_id: r.appealId,
      created_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReview(row);
}

export interface ReviewFilter {
  ownerId: string;
  campaignId: string;
  analysisId?: string;
  subject?: ReviewSubject;
  clusterLabel?: string;
  walletAddress?: string;
  reviewer?: string;
  /** Keyset: only reviews older than this sequence number (pages go newest first). */
  beforeSeq?: number;
  limit: number;
}

/** The review history, newest first. */
export async function listReviews(db: Db, f: ReviewFilter): Promise<ReviewRow[]> {
  let q = db
    .selectFrom('reviews')
    .selectAll()
    .where('owner_id', '=', f.ownerId)
    .where('campaign_id', '=', f.campaignId);
  if (f.analysisId) q = q.where('analysis_id', '=', f.analysisId);
  if (f.subject) q = q.where('subject', '=', f.subject);
  if (f.clusterLabel !== undefined) q = q.where('cluster_label', '=', f.clusterLabel);
  if (f.walletAddress !== undefined) q = q.where('wallet_address', '=', f.walletAddress);
  if (f.reviewer !== undefined) q = q.where('reviewer', '=', f.reviewer);
  if (f.beforeSeq !== undefined) q = q.where(sql<boolean>`seq < ${f.beforeSeq}`);
  const rows = await q.orderBy(sql`seq desc`).limit(f.limit).execute();
  return rows.map(toReview);
}

/** The latest review of every reviewed cluster and wallet of a run (all of them, or only the subjects named). */
export async function latestReviews(
  db: Db,
  analysisId: string,
  only?: { clusterLabels?: string[]; walletAddresses?: string[] },
): Promise<{ clusters: Map<string, ReviewRow>; wallets: Map<string, ReviewRow> }> {
  const filter = only
    ? sql`and (cluster_label = any(${only.clusterLabels ?? []}::text[]) and subject = 'cluster'
          or wallet_address = any(${only.walletAddresses ?? []}::text[]) and subject = 'wallet')`
    : sql``;
  const r = await sql<Selectable<ReviewTable>>`
    select distinct on (subject, coalesce(cluster_label, ''), coalesce(wallet_address, '')) *
    from reviews where analysis_id = ${analysisId} ${filter}
    order by subject, coalesce(cluster_label, ''), coalesce(wallet_address, ''), seq desc`.execute(db);
  const clusters = new Map<string, ReviewRow>();
  const wallets = new Map<string, ReviewRow>();
  for (const row of r.rows.map(toReview)) {
    if (row.subject === 'cluster' && row.clusterLabel !== null) clusters.set(row.clusterLabel, row);
    if (row.subject === 'wallet' && row.walletAddress !== null) wallets.set(row.walletAddress, row);
  }
  return { clusters, wallets };
}

/** The newest review sequence number of a run (0 when none): cached reads of the run depend on it. */
export async function reviewStamp(db: Db, analysisId: string): Promise<number> {
  const r = await sql<{
    s: string | null;
  }>`select max(seq) as s from reviews where analysis_id = ${analysisId}`.execute(db);
  return Number(r.rows[0]?.s ?? 0);
}

export async function insertAppeal(db: Db, a: NewAppeal): Promise<AppealRow> {
  const row = await db
    .insertInto('appeals')
    .values({
      id: a.id,
      owner_id: a.ownerId,
      campaign_id: a.campaignId,
      analysis_id: a.analysisId,
      wallet_address: a.walletAddress,
      message: a.message,
      contact: a.contact,
      source: a.source,
      status: 'open',
      resolution_review_id: null,
      created_at: new Date(),
      resolved_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAppeal(row);
}

export async function getAppeal(
  db: Db,
  ownerId: string,
  campaignId: string,
  id: string,
  forUpdate = false,
): Promise<AppealRow | null> {
  let q = db
    .selectFrom('appeals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toAppeal(row) : null;
}

export async function listAppeals(
  db: Db,
  f: { ownerId: string; campaignId: string; status?: string; analysisId?: string; limit: number; beforeSeq?: number },
): Promise<AppealRow[]> {
  let q = db
    .selectFrom('appeals')
    .selectAll()
    .where('owner_id', '=', f.ownerId)
    .where('campaign_id', '=', f.campaignId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.analysisId) q = q.where('analysis_id', '=', f.analysisId);
  if (f.beforeSeq !== undefined) q = q.where(sql<boolean>`seq < ${f.beforeSeq}`);
  const rows = await q.orderBy(sql`seq desc`).limit(f.limit).execute();
  return rows.map(toAppeal);
}

/** Closes an open appeal with the review that resolved it; false when it was not open any more. */
export async function markAppealResolved(db: Db, id: string, reviewId: string): Promise<boolean> {
  const r = await db
    .updateTable('appeals')
    .set({ status: 'resolved', resolution_review_id: reviewId, resolved_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records the wallets of a run that had no transfer data (stored or fetched) when it ran. */
export async function insertWalletsWithoutData(db: Db, analysisId: string, addresses: string[]): Promise<void> {
  for (let i = 0; i < addresses.length; i += 5000) {
    const part = addresses.slice(i, i + 5000);
    await sql`insert into run_wallets_without_data (analysis_id, wallet_address)
      select ${analysisId}, * from unnest(${part}::text[]) on conflict do nothing`.execute(db);
  }
}

/** Which of the given wallets had no transfer data in the run. */
export async function walletsWithoutData(db: Db, analysisId: string, addresses: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < addresses.length; i += 20000) {
    const part = addresses.slice(i, i + 20000);
    const r = await sql<{ wallet_address: string }>`select wallet_address from run_wallets_without_data
      where analysis_id = ${analysisId} and wallet_address = any(${part}::text[])`.execute(db);
    for (const row of r.rows) out.add(row.wallet_address);
  }
  return out;
}
