/**
 * Named prepared statements for the hot reads: a statement whose text begins with PREPARED_MARK is parsed and
 * planned once per PostgreSQL connection and then only bound and executed (pg keeps the names per connection).
 * Only statements whose text does not vary with their values may carry the mark (values go in parameters); the
 * number of names is bounded all the same. The embedded store reads the mark as a comment.
 */
import { sql } from 'kysely';
import type pg from 'pg';

export const PREPARED_MARK = '/* prepared */ ';

/** The mark as the first fragment of a `sql` template: sql`${prepared}select ...`. */
export const prepared = sql.raw(PREPARED_MARK);

/** More distinct marked texts than this are run unnamed: a safeguard against a mark on a varying text. */
const MAX_NAMES = 64;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `wi_prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/** PostgreSQL's answer when a table of a prepared statement changed its columns (a migration meanwhile). */
const PLAN_CHANGED = '0A000';
const IN_FAILED_TRANSACTION = '25P02';

/**
 * Makes `client.query(text, values)` use a named statement for marked texts (for a new pool client). When a
 * migration changed a table under a prepared statement (another process upgraded the schema), PostgreSQL refuses
 * it from then on: that call and later ones of this text run unnamed on this connection.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const stale = new Set<string>();
  const marked: Query = (text, values, callback) => {
    const marks = typeof text === 'string' && text.startsWith(PREPARED_MARK) && callback === undefined;
    const name = marks ? nameOf(text) : undefined;
    if (name === undefined || stale.has(name)) return query(text, values, callback);
    return (query({ name, text, values }) as Promise<unknown>).catch((err: { code?: string }) => {
      if (err?.code !== PLAN_CHANGED) throw err;
      stale.add(name);
      // inside a transaction the error has aborted it: report that error, not the refused retry
      return (query(text, values) as Promise<unknown>).catch((retry: { code?: string }) => {
        throw retry?.code === IN_FAILED_TRANSACTION ? err : retry;
      });
    });
  };
  // pg's query has many overloads; the marked one forwards every call unchanged except for the name it adds
  client.query = marked as typeof client.query;
}
