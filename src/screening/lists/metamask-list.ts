/**
 * MetaMask eth-phishing-detect config.json: {version, tolerance, fuzzylist, whitelist, blacklist}.
 * blacklist -> domain block; whitelist -> domain allow; fuzzylist -> domain allow with `meta.anchor` (the brand
 * domains MetaMask protects by fuzzy matching; here they feed brand-impersonation anchors, see url/brand-anchors.ts).
 * `version` in the file is the format version (2), so the list version is the content hash.
 */
import type { ListEntry, ParsedList, ParseListOptions } from './list-entry.ts';
import { contentVersion } from './content-version.ts';
import { normaliseHost } from './host-name.ts';
import { ListFormatError } from '../screening-input-error.ts';

export function parseMetamaskConfig(content: string | Buffer, opts: ParseListOptions = {}): ParsedList {
  const name = opts.name ?? 'metamask-eth-phishing-detect';
  let doc: any;
  try {
    doc = JSON.parse(content.toString());
  } catch (err) {
    throw new ListFormatError(`${name}: not JSON (${(err as Error).message})`);
  }
  if (doc === null || typeof doc !== 'object' || !Array.isArray(doc.blacklist) || !Array.isArray(doc.whitelist)) {
    throw new ListFormatError(`${name}: expected an object with blacklist and whitelist arrays`);
  }
  const entries: ListEntry[] = [];
  let skipped = 0;
  const add = (items: unknown[], disposition: 'block' | 'allow', meta?: Record<string, unknown>): void => {
    for (const item of items) {
      const host = typeof item === 'string' ? normaliseHost(item) : null;
      if (host === null) {
        skipped++;
        continue;
      }
      entries.push({ kind: 'domain', value: host, chain: null, disposition, list: name, ...(meta ? { meta } : {}) });
    }
  };
  add(doc.blacklist, 'block');
  add(doc.whitelist, 'allow');
  if (Array.isArray(doc.fuzzylist)) add(doc.fuzzylist, 'allow', { anchor: true, tolerance: doc.tolerance ?? null });
  return {
    name,
    version: opts.version ?? contentVersion(content),
    listDate: null,
    format: 'metamask',
    entries,
    skipped,
  };
}
