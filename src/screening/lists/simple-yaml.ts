/**
 * A strict reader for the YAML subset the Phantom lists use: an optional `---`, then either `[]` or a sequence of
 * flat maps (`- key: value` followed by indented `key: value` lines), scalars plain, quoted or block (`>-`, `|`).
 * Anything else
 * throws, so an unexpected file is refused rather than half read. (The `yaml` package took 0.8 s on the 42k-entry
 * eth-blocklist; this reader takes a few ms.)
 */
import { ListFormatError } from '../screening-input-error.ts';

const unquote = (v: string): string => {
  const s = v.trim();
  if (s.length >= 2 && ((s[0] === '"' && s.at(-1) === '"') || (s[0] === "'" && s.at(-1) === "'")))
    return s.slice(1, -1);
  return s.replace(/\s+#.*$/, '');
};

export function parseSimpleYamlList(text: string, fileName: string): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  const lines = text.split(/\r?\n/);
  let current: Record<string, string> | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed === '---') continue;
    if (trimmed === '[]') continue;
    const item = /^(\s*)-\s+([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    const field = item ? null : /^(\s+)([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    const m = item ?? field;
    if (m && (item || current)) {
      let value = m[3].trim();
      if (/^[>|][+-]?$/.test(value)) {
        // block scalar: the following more-indented lines, folded (>) with spaces or literal (|) with newlines
        const parts: string[] = [];
        while (
          i + 1 < lines.length &&
          (lines[i + 1].trim() === '' || /^\s*/.exec(lines[i + 1])![0].length > m[1].length + (item ? 2 : 0))
        ) {
          i++;
          parts.push(lines[i].trim());
        }
        value = parts.filter((x) => x !== '').join(value[0] === '>' ? ' ' : '\n');
      } else value = unquote(value);
      if (item) {
        current = { [m[2]]: value };
        out.push(current);
      } else (current as Record<string, string>)[m[2]] = value;
      continue;
    }
    throw new ListFormatError(`${fileName}: line ${i + 1} is not a "- key: value" list item or an indented field`, {
      line: i + 1,
    });
  }
  return out;
}
