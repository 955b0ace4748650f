/** CLI `lists import <file> --format <...>`: parses a block/allow list and stores it as a new list version. */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CliCommand } from './command.ts';
import { parseList } from '../screening/lists/parse-list.ts';
import type { ListFormat } from '../screening/lists/list-entry.ts';

export const LIST_FORMATS: ListFormat[] = ['metamask', 'phantom', 'scamsniffer', 'tokenlist', 'csv'];

export const listsImportCommand: CliCommand = {
  name: 'lists import',
  usage: '<file> --format <metamask|phantom|scamsniffer|tokenlist|csv> [--name <list name>] [--version <version>]',
  summary: 'Load a screening block/allow list (a new version replaces the older one of the same name)',
  details:
    "The version defaults to the file's own version, else a hash of its content; loading the same version twice adds " +
    'nothing. Scans report the list names and versions they used. See docs/screening.md.',
  options: { format: { type: 'string' }, name: { type: 'string' }, version: { type: 'string' } },
  positionals: ['file'],
  required: ['format'],
  check(v, p) {
    if (!LIST_FORMATS.includes(v.format)) throw new Error(`--format must be one of ${LIST_FORMATS.join(', ')}`);
    if (!fs.existsSync(p[0])) throw new Error(`no such file: ${p[0]}`);
  },
  async run(a) {
    const file = a.positionals[0];
    let content = fs.readFileSync(file);
    if (content[0] === 0x1f && content[1] === 0x8b) content = gunzipSync(content);
    const parsed = parseList(a.values.format, content, {
      name: a.values.name,
      version: a.values.version,
      fileName: path.basename(file),
    });
    const s = await a.admin();
    try {
      const stored = await s.run('lists.insert', {
        name: parsed.name,
        version: parsed.version,
        format: parsed.format,
        listDate: parsed.listDate,
        entries: parsed.entries,
      });
      a.io.out(
        `${parsed.name} ${parsed.version}: ${parsed.entries.length} ` +
          `entries${parsed.skipped ? `, ${parsed.skipped} skipped (not normalisable)` : ''}` +
          `${stored ? ', stored and active' : ', already stored (nothing added)'}`,
      );
      a.io.out(
        JSON.stringify({
          name: parsed.name,
          version: parsed.version,
          entries: parsed.entries.length,
          skipped: parsed.skipped ?? 0,
          stored,
        }),
      );
      return 0;
    } finally {
      await s.close();
    }
  },
};
