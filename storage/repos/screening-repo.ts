/** Screening lists (versioned; a newer version of a list replaces the older as active), scans and feedback. */
import { sql, type Kysely } from 'kysely';
import type { Database, ScreeningFeedbackTable, ScreeningScanTable } from '../database.ts';
import type { Row } from '../camel-row.ts';
import { toStorableText } from '../storable-text.ts';

type Db = Kysely<Database>;

export interface StoredListEntry {
  kind: string;
  value: string;
  chain: string | null;
  disposition: string;
  list: string;
  meta?: Record<string, unknown>;
}

/**
 * Stores a list version and makes it the active version of its name. Returns false (and stores nothing) when
 * that name and version are already stored.
 */
export async function insertListVersion(
  db: Db,
  l: { name: string; version: string; format: string; listDate: string | null; entries: StoredListEntry[] },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const r = await tx
      .insertInto('screening_lists')
      .values({
        name: l.name,
        version: l.version,
        format: l.format,
        list_date: l.listDate,
        entry_count: l.entries.length,
        imported_at: new Date(),
        active: true,
      })
      .onConflict((oc) => oc.columns(['name', 'version']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!r) return false;
    const id = String(r.id);
    await tx
      .updateTable('screening_lists')
      .set({ active: false })
      .where('name', '=', l.name)
      .where('id', '<>', id)
      .execute();
    for (let i = 0; i < l.entries.length; i += 5000) {
      const p = l.entries.slice(i, i + 5000);
      await sql`insert into screening_list_entries (list_id, kind, value, chain, disposition, meta)
        select ${id}::bigint, * from unnest(${p.map((e) => e.kind)}::text[], ${p.map((e) => e.value)}::text[],
          ${p.map((e) => e.chain)}::text[], ${p.map((e) => e.disposition)}::text[],
          ${p.map((e) => (e.meta ? JSON.stringify(e.meta) : null))}::jsonb[])`.execute(tx);
    }
    return true;
  });
}

/** A cheap fingerprint of the active list set, to know when to rebuild the in-memory knowledge. */
export async function activeListsStamp(db: Db): Promise<string> {
  const r = await sql<{
    stamp: string;
  }>`select coalesce(string_agg(id::text, ',' order by id), '') as stamp from screening_lists where active`.execute(db);
  return r.rows[0].stamp;
}

export async function loadActiveLists(
  db: Db,
): Promise<
  Array<{ name: string; version: string; format: string; listDate: string | null; entries: StoredListEntry[] }>
> {
  const lists = await db.selectFrom('screening_lists').selectAll().where('active', '=', true).orderBy('id').execute();
  const out = [];
  for (const l of lists) {
    const rows = await db
      .selectFrom('screening_list_entries')
      .select(['kind', 'value', 'chain', 'disposition', 'meta'])
      .where('list_id', '=', l.id)
      .execute();
    out.push({
      name: l.name,
      version: l.version,
      format: l.format,
      listDate: l.list_date,
      entries: rows.map((e) => ({
        kind: e.kind,
        value: e.value,
        chain: e.chain,
        disposition: e.disposition,
        list: l.name,
        ...(e.meta ? { meta: e.meta as Record<string, unknown> } : {}),
      })),
    });
  }
  return out;
}

export async function listListVersions(db: Db): Promise<
  Array<{
    name: string;
    version: string;
    format: string;
    listDate: string | null;
    entries: number;
    active: boolean;
    importedAt: Date;
  }>
> {
  const rows = await db.selectFrom('screening_lists').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    format: r.format,
    listDate: r.list_date,
    entries: r.entry_count,
    active: r.active,
    importedAt: r.imported_at,
  }));
}

/**
 * Stores a scan. Its result carries text from the scanned page (title, lure text) that may not be storable as it
 * is (a NUL, a title cut inside an emoji): such characters become U+FFFD.
 * `kitFingerprint` (with the page's host) is set only for pages the kit memory learns from. */
export async function insertScan(
  db: Db,
  s: {
    id: string;
    ownerId: string;
    type: string;
    chain: string;
    value: string;
    verdict: string;
    riskScore: number;
    result: object;
    kitFingerprint?: string | null;
    subjectHost?: string | null;
  },
): Promise<void> {
  const result = JSON.stringify(s.result, (_k, v: unknown) => (typeof v === 'string' ? toStorableText(v) : v));
  await db
    .insertInto('screening_scans')
    .values({
      id: s.id,
      owner_id: s.ownerId,
      type: s.type,
      chain: s.chain,
      value: toStorableText(s.value.slice(0, 4096)),
      verdict: s.verdict,
      risk_score: s.riskScore,
      result,
      created_at: new Date(),
      kit_fingerprint: s.kitFingerprint ?? null,
      subject_host:
        s.subjectHost === undefined || s.subjectHost === null ? null : toStorableText(s.subjectHost.slice(0, 255)),
    })
    .execute();
}

export async function scanExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('screening_scans').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function insertFeedback(
  db: Db,
  f: { id: string; scanId: string; verdict: string; reason: string; clientIp: string | null },
): Promise<void> {
  await db
    .insertInto('screening_feedback')
    .values({
      id: f.id,
      scan_id: f.scanId,
      verdict: f.verdict,
      reason: f.reason,
      status: 'open',
      client_ip: f.clientIp,
      created_at: new Date(),
    })
    .execute();
}

export async function listFeedback(
  db: Db,
  scanId: string,
): Promise<Array<{ id: string; verdict: string; reason: string; status: string }>> {
  return db
    .selectFrom('screening_feedback')
    .select(['id', 'verdict', 'reason', 'status'])
    .where('scan_id', '=', scanId)
    .orderBy('created_at')
    .execute();
}

/** A feedback row with the scan it is about (both from their table types). */
export type FeedbackQueueRow = Pick<
  Row<ScreeningFeedbackTable>,
  'id' | 'scanId' | 'verdict' | 'reason' | 'status' | 'createdAt'
> & { scan: Pick<Row<ScreeningScanTable>, 'type' | 'chain' | 'value' | 'verdict' | 'riskScore'> };

/** The review queue: feedback of one status with the scan it is about, oldest first. */
export async function listFeedbackQueue(db: Db, status: string, limit: number): Promise<FeedbackQueueRow[]> {
  const rows = await db
    .selectFrom('screening_feedback as f')
    .innerJoin('screening_scans as s', 's.id', 'f.scan_id')
    .select([
      'f.id',
      'f.scan_id',
      'f.verdict',
      'f.reason',
      'f.status',
      'f.created_at',
      's.type',
      's.chain',
      's.value',
      's.verdict as scan_verdict',
      's.risk_score',
    ])
    .where('f.status', '=', status)
    .orderBy('f.created_at')
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    scanId: r.scan_id,
    verdict: r.verdict,
    reason: r.reason,
    status: r.status,
    createdAt: new Date(r.created_at),
    scan: { type: r.type, chain: r.chain, value: r.value, verdict: r.scan_verdict, riskScore: r.risk_score },
  }));
}

/** Closes one feedback item (accepted or rejected by a reviewer); false when there is no such open item. */
export async function resolveFeedback(db: Db, id: string, status: 'accepted' | 'rejected'): Promise<boolean> {
  const r = await db
    .updateTable('screening_feedback')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
