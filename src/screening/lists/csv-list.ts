/**
 * Operator CSV lists: a header row with at least `kind,value,chain,disposition`; kind domain|address|token,
 * chain evm|solana|empty, disposition block|allow. Other columns go to meta. A bad row throws with its line number.
 */
import { parse } from 'csv-parse/sync';
import type { ListEntry, ParsedList, ParseListOptions } from './list-entry.ts';
import { contentVersion } from './content-version.ts';
import { normaliseHost } from './host-name.ts';
import { ListFormatError } from '../screening-input-error.ts';
import { listAddress } from '../../core/address/address.ts';

export function parseCsvList(content: string | Buffer, opts: ParseListOptions = {}): ParsedList {
  const name =
    opts.name ??
    ((opts.fileName ?? '')
      .split('/')
      .pop()
      ?.replace(/\.csv$/i, '') ||
      'csv');
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(content, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      comment: '#',
    });
  } catch (err) {
    throw new ListFormatError(`${name}: unreadable CSV (${(err as Error).message})`);
  }
  const entries: ListEntry[] = [];
  rows.forEach((row, i) => {
    const line = i + 2;
    for (const col of ['kind', 'value', 'chain', 'disposition']) {
      if (!(col in row))
        throw new ListFormatError(`${name}: missing column ${col} (header must hold kind,value,chain,disposition)`);
    }
    const { kind, value, chain, disposition, ...rest } = row;
    if (kind !== 'domain' && kind !== 'address' && kind !== 'token')
      throw new ListFormatError(`${name}: line ${line}: kind must be domain, address or token`, { line });
    if (disposition !== 'block' && disposition !== 'allow')
      throw new ListFormatError(`${name}: line ${line}: disposition must be block or allow`, { line });
    const c = chain === '' ? null : chain;
    if (c !== null && c !== 'evm' && c !== 'solana')
      throw new ListFormatError(`${name}: line ${line}: chain must be evm, solana or empty`, { line });
    let v: string | null;
    if (kind === 'domain') v = normaliseHost(value);
    else {
      if (c === null)
        throw new ListFormatError(`${name}: line ${line}: ${kind} entries need chain evm or solana`, { line });
      v = listAddress(c, value);
    }
    if (v === null)
      throw new ListFormatError(`${name}: line ${line}: ${JSON.stringify(value)} is not a valid ${kind}`, { line });
    const meta = Object.fromEntries(Object.entries(rest).filter(([, x]) => x !== ''));
    entries.push({ kind, value: v, chain: c, disposition, list: name, ...(Object.keys(meta).length ? { meta } : {}) });
  });
  return { name, version: opts.version ?? contentVersion(content), listDate: null, format: 'csv', entries, skipped: 0 };
}
