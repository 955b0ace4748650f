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

/** Makes `client.query(text, values)` use a named statement for marked texts (for a new pool client). */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const marked: Query = (text, values, callback) => {
    const name = typeof text === 'string' && text.startsWith(PREPARED_MARK) ? nameOf(text) : undefined;
    return name === undefined ? query(text, values, callback) : query({ name, text, values }, callback);
  };
  // pg's query has many overloads; the marked one forwards every call unchanged except for the name it adds
  client.query = marked as typeof client.query;
}
