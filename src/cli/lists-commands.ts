/** CLI `lists import <file> --format <...>`: parses a block/allow list and stores it as a new list version. */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CliCommand } from './command.ts';
import { parseList } from '../screening/lists/parse-list.ts';
import type { ListFormat } from '../screening/lists/list-entry.ts';
import { cleanList, droppedSummary } from '../screening/lists/clean-list.ts';

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
    const raw = parseList(a.values.format, content, {
      name: a.values.name,
      version: a.values.version,
      fileName: path.basename(file),
    });
    // cleaning (docs/screening.md, "List cleaning"): block entries of well-known contracts are stored as evidence
    // (scans report them as conflicts, the knowledge never lets them block); the other dropped entries are not stored
    const { list: cleaned, dropped } = cleanList(raw);
    const wellKnown = new Set(dropped.filter((d) => d.reason === 'well_known_contract').map((d) => d.value));
    const evidence = raw.entries.filter(
      (e) => e.disposition === 'block' && e.kind !== 'domain' && wellKnown.has(e.value),
    );
    const parsed = { ...cleaned, entries: [...cleaned.entries, ...evidence] };
    const summary = droppedSummary(dropped);
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
      for (const d of dropped.slice(0, 20))
        a.io.out(`dropped ${d.kind} ${d.value}: ${d.reason}${d.detail ? ` (${d.detail})` : ''}`);
      if (dropped.length > 20) a.io.out(`... and ${dropped.length - 20} more dropped`);
      a.io.out(
        JSON.stringify({
          name: parsed.name,
          version: parsed.version,
          entries: parsed.entries.length,
          skipped: parsed.skipped ?? 0,
          dropped: summary,
          stored,
        }),
      );
      return 0;
    } finally {
      await s.close();
    }
  },
};
