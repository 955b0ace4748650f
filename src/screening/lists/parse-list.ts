/** One entry point for every supported list format (docs/screening.md, "List formats"). */
import type { ListFormat, ParsedList, ParseListOptions } from './list-entry.ts';
import { parseMetamaskConfig } from './metamask-list.ts';
import { parsePhantomList } from './phantom-list.ts';
import { parseScamSnifferList } from './scamsniffer-list.ts';
import { parseTokenList } from './token-list.ts';
import { parseCsvList } from './csv-list.ts';
import { ListFormatError } from '../screening-input-error.ts';

/** Parses one list file; throws ListFormatError (code `invalid_list`) when the content does not fit the format. */
export function parseList(format: ListFormat, content: string | Buffer, opts: ParseListOptions = {}): ParsedList {
  switch (format) {
    case 'metamask':
      return parseMetamaskConfig(content, opts);
    case 'phantom':
      return parsePhantomList(content, opts);
    case 'scamsniffer':
      return parseScamSnifferList(content, opts);
    case 'tokenlist':
      return parseTokenList(content, opts);
    case 'csv':
      return parseCsvList(content, opts);
    default:
      throw new ListFormatError(
        `unknown list format ${JSON.stringify(format)} (metamask, phantom, scamsniffer, tokenlist, csv)`,
      );
  }
}
