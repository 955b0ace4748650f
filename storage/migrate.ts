/** Runs the shared migration set with Kysely's Migrator and fails loudly on error. */
import { Migrator, sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import { StorageError } from './storage-error.ts';

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db: withOwnSchemaIntrospection(db, schema),
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

/**
 * The migrator asks the introspector whether its schema and its two tables exist. Kysely's PostgreSQL introspector
 * answers by listing every table of every schema, calling pg_get_serial_sequence for each column, and that query
 * fails ("schema ... does not exist") when another process drops a schema while it runs: several services or test
 * files sharing one database. The migrator only needs its own schema (the given one, else the connection's
 * current schema), so it gets an introspector that looks there alone; everything else is the same `db`.
 */
function withOwnSchemaIntrospection(db: Kysely<any>, schema: string | undefined): Kysely<any> {
  const own = schema === undefined ? sql`current_schema()` : sql`${schema}`;
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const r = await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${own}`.execute(
        db,
      );
      return r.rows;
    },
    async getTables() {
      const r = await sql<{ name: string; schema: string }>`select table_name as name, table_schema as schema
        from information_schema.tables where table_schema = ${own}`.execute(db);
      return r.rows.map((t): TableMetadata => ({ ...t, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target);
      // Kysely's methods use private fields: they must run on the instance itself, not on this proxy
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
