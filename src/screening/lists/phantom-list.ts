/**
 * Phantom blocklist YAML files (github phantom/blocklist): lists of `- url: host` (blocklist.yaml,
 * eth-blocklist.yaml, whitelist.yaml, fuzzylist.yaml) or `- mint: <base58>` (nft-blocklist.yaml).
 * The file role comes from opts.fileName (or opts.name): a name containing `whitelist`/`allow` is an allow-list,
 * anything else a block-list. Whitelist `*.parent` entries become `parent` with meta.wildcardParent (upstream
 * meaning: the hosting parent is benign, its subdomains may still be blocked one by one).
 */
import type { ListEntry, ParsedList, ParseListOptions } from './list-entry.ts';
import { contentVersion } from './content-version.ts';
import { normaliseHost } from './host-name.ts';
import { parseSimpleYamlList } from './simple-yaml.ts';
import { normaliseAddress } from '../../core/address/address.ts';

export function parsePhantomList(content: string | Buffer, opts: ParseListOptions = {}): ParsedList {
  const base =
    (opts.fileName ?? '')
      .split('/')
      .pop()
      ?.replace(/\.ya?ml$/i, '') ?? '';
  const name = opts.name ?? (base !== '' ? `phantom-${base}` : 'phantom');
  const role = `${opts.fileName ?? ''} ${opts.name ?? ''}`.toLowerCase();
  const disposition = /whitelist|allow/.test(role) ? 'allow' : 'block';
  const items = parseSimpleYamlList(content.toString(), opts.fileName ?? name);
  const entries: ListEntry[] = [];
  let skipped = 0;
  for (const item of items) {
    const meta: Record<string, unknown> = {};
    if (item.versionTag !== undefined) meta.versionTag = item.versionTag;
    if (item.description !== undefined) meta.description = item.description;
    if (item.mint !== undefined) {
      const check = normaliseAddress('solana', item.mint);
      if (!check.ok) {
        skipped++;
        continue;
      }
      entries.push({
        kind: 'token',
        value: check.address,
        chain: 'solana',
        disposition,
        list: name,
        ...(Object.keys(meta).length ? { meta } : {}),
      });
      continue;
    }
    if (item.url === undefined) {
      skipped++;
      continue;
    }
    let url = item.url;
    if (url.startsWith('*.')) {
      url = url.slice(2);
      meta.wildcardParent = true;
    }
    const host = normaliseHost(url);
    if (host === null) {
      skipped++;
      continue;
    }
    entries.push({
      kind: 'domain',
      value: host,
      chain: null,
      disposition,
      list: name,
      ...(Object.keys(meta).length ? { meta } : {}),
    });
  }
  return {
    name,
    version: opts.version ?? contentVersion(content),
    listDate: null,
    format: 'phantom',
    entries,
    skipped,
  };
}
