/** The static, ordered migration list shared by both adapters (Kysely Migrator). */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026-11-22-0001-foundation.ts';
import * as analyses from './2026-11-22-0002-analyses.ts';
import * as transfers from './2026-11-22-0003-transfers.ts';
import * as webhooks from './2026-11-22-0004-webhooks.ts';
import * as screening from './2026-11-22-0005-screening.ts';
import * as dashboardSessions from './2026-11-23-0006-dashboard-sessions.ts';
import * as walletFetchStatus from './2026-11-24-0007-wallet-fetch-status.ts';
import * as keyUsage from './2026-11-24-0008-key-usage.ts';
import * as scanKitFingerprint from './2026-11-25-0009-scan-kit-fingerprint.ts';
import * as kitMemoryOwner from './2026-11-26-0010-kit-memory-owner.ts';
import * as reviews from './2026-11-26-0011-reviews.ts';
import * as transferKeyCollation from './2026-11-27-0012-transfer-key-collation.ts';
import * as storedPageItems from './2026-11-28-0013-stored-page-items.ts';

const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-analyses': analyses,
  '2026-11-22-0003-transfers': transfers,
  '2026-11-22-0004-webhooks': webhooks,
  '2026-11-22-0005-screening': screening,
  '2026-11-23-0006-dashboard-sessions': dashboardSessions,
  '2026-11-24-0007-wallet-fetch-status': walletFetchStatus,
  '2026-11-24-0008-key-usage': keyUsage,
  '2026-11-25-0009-scan-kit-fingerprint': scanKitFingerprint,
  '2026-11-26-0010-kit-memory-owner': kitMemoryOwner,
  '2026-11-26-0011-reviews': reviews,
  '2026-11-27-0012-transfer-key-collation': transferKeyCollation,
  '2026-11-28-0013-stored-page-items': storedPageItems,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
