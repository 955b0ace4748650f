/**
 * CSV writing with spreadsheet-formula injection protection (OWASP CSV injection): a cell that starts with
 * = + - @ tab or carriage return is prefixed with a single quote, then quoted per RFC 4180 when needed.
 */
export function safeCell(value: unknown): string {
  let s =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: unknown[]): string {
  return cells.map(safeCell).join(',') + '\r\n';
}

export function toCsv(header: string[], rows: unknown[][]): string {
  let out = csvLine(header);
  for (const r of rows) out += csvLine(r);
  return out;
}
