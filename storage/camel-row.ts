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

export const camelKey = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Renames a row's snake_case keys to camelCase (values untouched). */
export function camelRow<T extends object>(row: T): Camel<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camelKey(k)] = v;
  return out as Camel<T>;
}
