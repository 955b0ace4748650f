/**
 * Kit memory per owner: sightings of a page fingerprint on allow-listed or well-known hosts are kept (they stop
 * the fingerprint from ever counting across owners), and lookups by fingerprint and owner are indexed.
 */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    alter table screening_scans add column kit_allow_listed boolean not null default false;
    create index screening_scans_kit_owner on screening_scans (kit_fingerprint, owner_id)
      where kit_fingerprint is not null;
  `,
  );
}
