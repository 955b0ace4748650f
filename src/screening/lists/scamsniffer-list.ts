/**
 * ScamSniffer scam-database files, recognised by shape:
 * - address.json: array of EVM addresses -> address block;
 * - combined.json: {host: [addresses seen on it]} -> domain block + address block (meta.seenOn);
 * - archive/YYYY-MM-DD.json: {domains: [...], address: [...]} (listDate from the file name);
 * - first_seen.tsv (optionally gzip): `kind<TAB>value<TAB>first_seen_archive_date` -> entries with meta.firstSeen;
 *   listDate is the newest date in the file.
 */
import { gunzipSync } from 'node:zlib';
import type { ListEntry, ParsedList, ParseListOptions } from './list-entry.ts';
import { contentVersion } from './content-version.ts';
import { normaliseHost } from './host-name.ts';
import { ListFormatError } from '../screening-input-error.ts';

const EVM = /^0x[0-9a-fA-F]{40}$/;

export function parseScamSnifferList(content: string | Buffer, opts: ParseListOptions = {}): ParsedList {
  const name = opts.name ?? 'scamsniffer';
  const version = opts.version ?? contentVersion(content);
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  const text = raw.toString('utf8');
  const entries: ListEntry[] = [];
  let skipped = 0;
  const host = (h: unknown, meta?: Record<string, unknown>): void => {
    const v = typeof h === 'string' ? normaliseHost(h) : null;
    if (v === null) {
      skipped++;
      return;
    }
    entries.push({
      kind: 'domain',
      value: v,
      chain: null,
      disposition: 'block',
      list: name,
      ...(meta ? { meta } : {}),
    });
  };
  const address = (a: unknown, meta?: Record<string, unknown>): void => {
    if (typeof a !== 'string' || !EVM.test(a)) {
      skipped++;
      return;
    }
    entries.push({
      kind: 'address',
      value: a.toLowerCase(),
      chain: 'evm',
      disposition: 'block',
      list: name,
      ...(meta ? { meta } : {}),
    });
  };
  const first = text.trimStart()[0];
  if (first !== '[' && first !== '{') {
    let listDate: string | null = null;
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line === '' || (i === 0 && line.startsWith('kind\t'))) continue;
      const [kind, value, date] = line.split('\t');
      if (value === undefined || date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        throw new ListFormatError(`${name}: line ${i + 1} is not kind<TAB>value<TAB>YYYY-MM-DD`, { line: i + 1 });
      }
      if (listDate === null || date > listDate) listDate = date;
      if (kind === 'domain') host(value, { firstSeen: date });
      else if (kind === 'address') address(value, { firstSeen: date });
      else skipped++;
    }
    return { name, version, listDate, format: 'scamsniffer', entries, skipped };
  }
  let doc: any;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ListFormatError(`${name}: not JSON (${(err as Error).message})`);
  }
  let listDate: string | null = null;
  if (Array.isArray(doc)) {
    for (const a of doc) address(a);
  } else if (doc !== null && typeof doc === 'object' && (Array.isArray(doc.domains) || Array.isArray(doc.address))) {
    const m = /(\d{4}-\d{2}-\d{2})/.exec(opts.fileName ?? '');
    listDate = m ? m[1] : null;
    for (const h of doc.domains ?? []) host(h);
    for (const a of doc.address ?? []) address(a);
  } else if (doc !== null && typeof doc === 'object') {
    for (const [h, addrs] of Object.entries(doc)) {
      host(h);
      const seenOn = normaliseHost(h);
      if (Array.isArray(addrs)) for (const a of addrs) address(a, { seenOn });
    }
  } else {
    throw new ListFormatError(`${name}: expected an address array, a host -> addresses object or {domains, address}`);
  }
  return { name, version, listDate, format: 'scamsniffer', entries, skipped };
}
