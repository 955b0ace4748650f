/** A COPY statement; table and column names are the code's own, checked so no input reaches SQL. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Options of a COPY (store-port.ts CopyOptions). */
export interface CopyOptions {
  /**
   * Rows are written frozen and their pages marked all-visible (COPY FREEZE): the table must have been created or
   * truncated in the same transaction.
   */
  freeze?: boolean;
}

/** `copy table (columns) from <from>`, with the options. */
export function copyStatement(table: string, columns: readonly string[], from: string, opts: CopyOptions = {}): string {
  for (const name of [table, ...columns])
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${JSON.stringify(name)}`);
  return `copy ${table} (${columns.join(', ')}) from ${from}${opts.freeze ? ' with (freeze)' : ''}`;
}
