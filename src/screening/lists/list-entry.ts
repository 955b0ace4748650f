/**
 * The list model shared by every parser. Normalisation (docs/screening.md, "List formats"):
 * - domain: the host in lower-case ASCII (IDNA A-label / punycode `xn--` form, as URL parsing yields it), no
 *   scheme, port, path or trailing dot. A Phantom wildcard `*.parent` allow entry is kept as `parent` with
 *   `meta.wildcardParent = true` (the parent itself is benign; its subdomains are NOT allowed by it).
 * - address: EVM lower-case hex; Solana base58 unchanged (case-sensitive).
 * - token: the token contract (EVM, lower-case) or mint (Solana), with `meta.symbol`, `meta.name`, `meta.chainId`.
 */
export type ListKind = 'domain' | 'address' | 'token';
export type ListChain = 'evm' | 'solana' | null;
export type Disposition = 'block' | 'allow';

export interface ListEntry {
  kind: ListKind;
  value: string;
  chain: ListChain;
  disposition: Disposition;
  /** Name of the list the entry came from (ParsedList.name). */
  list: string;
  meta?: Record<string, unknown>;
}

export interface ParsedList {
  name: string;
  /** The file's own version when it has one, else `sha256:<first 16 hex of the content hash>`. */
  version: string;
  /** Date the list speaks for (ISO date) when the file says so, else null. */
  listDate: string | null;
  format: string;
  entries: ListEntry[];
  /** Lines or items that could not be normalised and were left out. */
  skipped?: number;
}

export type ListFormat = 'metamask' | 'phantom' | 'scamsniffer' | 'tokenlist' | 'csv';

export interface ParseListOptions {
  name?: string;
  version?: string;
  fileName?: string;
}
