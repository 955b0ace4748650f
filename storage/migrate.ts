/** Runs the shared migration set with Kysely's Migrator and fails loudly on error. */
import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import { StorageError } from './storage-error.ts';

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new StorageError(
      'migration_failed',
      `migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`,
    );
  }
}
