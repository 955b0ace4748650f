/**
 * Kit memory reads (src/screening/page/kit-memory.ts decides what they mean): for one kit fingerprint, the hosts
 * other than the scanned one where it was learned, split by whose scans taught it and whether an operator
 * confirmed it (accepted scam feedback), and whether it was ever seen on an allow-listed or well-known host.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database>;

/** Feedback verdicts that, once accepted by an operator (`feedback resolve --status accepted`), confirm a kit. */
export const CONFIRMING_VERDICTS = ['scam_report', 'confirmed', 'false_negative'] as const;

export interface KitHistoryRow {
  /** Hosts learned from the asking owner's own scans. */
  ownHosts: number;
  /** Hosts learned from the owner's own scans or from any scan an operator confirmed. */
  ownOrConfirmedHosts: number;
  /** Hosts learned from anyone's scans. */
  allHosts: number;
  /** Distinct owners whose scans taught it, the asking owner excluded. */
  otherOwners: number;
  /** Times the fingerprint was seen on an allow-listed or well-known host (any owner, any host). */
  allowListedSightings: number;
  firstSeenOwnOrConfirmed: Date | null;
  firstSeenAll: Date | null;
}

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export async function kitHistoryFor(
  db: Db,
  fingerprint: string,
  host: string,
  ownerId: string,
): Promise<KitHistoryRow> {
  const confirmed = sql<boolean>`exists (select 1 from screening_feedback f where f.scan_id = s.id
    and f.status = 'accepted' and f.verdict in (${sql.join([...CONFIRMING_VERDICTS])}))`;
  const own = sql<boolean>`s.owner_id = ${ownerId}`;
  const r = await db
    .selectFrom('screening_scans as s')
    .select([
      sql<string>`count(distinct s.subject_host) filter (where ${own})`.as('own_hosts'),
      sql<string>`count(distinct s.subject_host) filter (where ${own} or ${confirmed})`.as('own_or_confirmed_hosts'),
      sql<string>`count(distinct s.subject_host)`.as('all_hosts'),
      sql<string>`count(distinct s.owner_id) filter (where not ${own})`.as('other_owners'),
      sql<unknown>`min(s.created_at) filter (where ${own} or ${confirmed})`.as('first_own_or_confirmed'),
      sql<unknown>`min(s.created_at)`.as('first_all'),
    ])
    .where('s.kit_fingerprint', '=', fingerprint)
    .where('s.kit_allow_listed', '=', false)
    .where('s.subject_host', '<>', host)
    .executeTakeFirstOrThrow();
  const a = await db
    .selectFrom('screening_scans')
    .select(sql<string>`count(*)`.as('n'))
    .where('kit_fingerprint', '=', fingerprint)
    .where('kit_allow_listed', '=', true)
    .executeTakeFirstOrThrow();
  return {
    ownHosts: Number(r.own_hosts),
    ownOrConfirmedHosts: Number(r.own_or_confirmed_hosts),
    allHosts: Number(r.all_hosts),
    otherOwners: Number(r.other_owners),
    allowListedSightings: Number(a.n),
    firstSeenOwnOrConfirmed: toDate(r.first_own_or_confirmed),
    firstSeenAll: toDate(r.first_all),
  };
}

/** Marks a stored scan's fingerprint as a sighting on an allow-listed or well-known host (it teaches no kit). */
export async function markAllowListedSighting(db: Db, scanId: string): Promise<void> {
  await db.updateTable('screening_scans').set({ kit_allow_listed: true }).where('id', '=', scanId).execute();
}
