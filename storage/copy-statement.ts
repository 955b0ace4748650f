/** The start of a COPY statement; table and column names are the code's own, checked so no input reaches SQL. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function copyStatement(table: string, columns: readonly string[]): string {
  for (const name of [table, ...columns])
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${JSON.stringify(name)}`);
  return `copy ${table} (${columns.join(', ')})`;
}
