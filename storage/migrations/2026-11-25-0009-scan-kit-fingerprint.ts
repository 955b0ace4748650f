/**
 * Kit memory: the scam-DNA fingerprint of pages that were blocked with wallet lures, so the kit is recognised
 * elsewhere.
 */
import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    alter table screening_scans add column kit_fingerprint text;
    alter table screening_scans add column subject_host text;
    create index screening_scans_kit on screening_scans (kit_fingerprint) where kit_fingerprint is not null;
  `,
  );
}
