/**
 * Token Lists schema (tokenlists.org; e.g. the Uniswap default list): {name, timestamp, version{major,minor,patch},
 * tokens: [{chainId, address, name, symbol, decimals}]}. Every token is an allow entry of kind `token` (well-known
 * contract or mint) with meta {symbol, name, chainId, decimals}; chainId 501000101 is Solana in the Uniswap list.
 * Version: the file's major.minor.patch; listDate: the date part of timestamp.
 */
import type { ListEntry, ParsedList, ParseListOptions } from './list-entry.ts';
import { contentVersion } from './content-version.ts';
import { ListFormatError } from '../screening-input-error.ts';
import { SOLANA_TOKENLIST_CHAIN_ID } from '../../core/chains.ts';
import { listAddress } from '../../core/address/address.ts';

export function parseTokenList(content: string | Buffer, opts: ParseListOptions = {}): ParsedList {
  let doc: any;
  try {
    doc = JSON.parse(content.toString());
  } catch (err) {
    throw new ListFormatError(`token list: not JSON (${(err as Error).message})`);
  }
  if (doc === null || typeof doc !== 'object' || !Array.isArray(doc.tokens))
    throw new ListFormatError('token list: expected an object with a tokens array');
  const name = opts.name ?? (typeof doc.name === 'string' ? doc.name : 'tokenlist');
  const v = doc.version;
  const fileVersion = v && typeof v === 'object' ? `${v.major}.${v.minor}.${v.patch}` : null;
  const entries: ListEntry[] = [];
  let skipped = 0;
  for (const t of doc.tokens) {
    if (t === null || typeof t !== 'object' || typeof t.address !== 'string' || typeof t.chainId !== 'number') {
      skipped++;
      continue;
    }
    const chain = t.chainId === SOLANA_TOKENLIST_CHAIN_ID ? 'solana' : 'evm';
    const address = listAddress(chain, t.address);
    if (address === null) {
      skipped++;
      continue;
    }
    entries.push({
      kind: 'token',
      value: address,
      chain,
      disposition: 'allow',
      list: name,
      meta: { symbol: t.symbol ?? null, name: t.name ?? null, chainId: t.chainId, decimals: t.decimals ?? null },
    });
  }
  const listDate =
    typeof doc.timestamp === 'string' && /^\d{4}-\d{2}-\d{2}/.test(doc.timestamp) ? doc.timestamp.slice(0, 10) : null;
  return {
    name,
    version: opts.version ?? fileVersion ?? contentVersion(content),
    listDate,
    format: 'tokenlist',
    entries,
    skipped,
  };
}
