/**
 * Rows as the service sees them: the table types of database.ts (snake_case, as in SQL) with camelCase keys.
 * `Row<Table>` derives the type from Kysely's `Selectable<>`; `camelRow` renames a selected row's keys to match.
 * No row shape is written by hand: a new column appears in the row type with its migration's table type.
 */
import type { Selectable } from 'kysely';

export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type Camel<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

/** The selected row of a table, with camelCase keys. */
export type Row<Table> = Camel<Selectable<Table>>;

/**
 * Key names already converted. Keys are column names of our own tables and queries (a few hundred), so the map is
 * bounded in practice; it is cleared past MAX_CAMEL_KEYS all the same. A paged read renames every key of every row,
 * and the regular expression per key was a sixth of an uncached read's CPU time (CPU profile, issue 17).
 */
const camelKeys = new Map<string, string>();
const MAX_CAMEL_KEYS = 10_000;

export const camelKey = (key: string): string => {
  let c = camelKeys.get(key);
  if (c === undefined) {
    c = key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
    if (camelKeys.size >= MAX_CAMEL_KEYS) camelKeys.clear();
    camelKeys.set(key, c);
  }
  return c;
};

/** Renames a row's snake_case keys to camelCase (values untouched). */
export function camelRow<T extends object>(row: T): Camel<T> {
  const out: Record<string, unknown> = {};
  for (const k in row) if (Object.hasOwn(row, k)) out[camelKey(k)] = row[k];
  return out as Camel<T>;
}
