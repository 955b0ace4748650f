/**
 * `transfers import` and `labels import`: stream a file, validate and normalise every row per chain family,
 * send batches to the store (directly or through the running server), and count rows read / kept / rejected.
 * Rejected rows are reported with their line and reason, never dropped silently.
 */
import { hash } from 'node:crypto';
import type { LabelRecord, TransferColumns, TransferRecord } from '../../storage/repos/transfers-repo.ts';
import { normaliseAddress } from '../core/address/address.ts';
import type { Normalised } from '../core/address/normalised.ts';
import { chainFamily, type ChainFamily } from '../core/chains.ts';
import { openRecords, type RecordSource } from './record-stream.ts';
import { DomainError } from '../core/domain-error.ts';

/**
 * Column names per field, matched case-insensitively, first present wins. Besides our own names, those of common
 * exports: explorers (Etherscan `UnixTimestamp`, `Transaction Hash`, `TokenValue`, `TokenSymbol`), warehouses (Dune
 * `blockchain`, BigQuery `block_timestamp`, Covalent `block_signed_at`) and Solana tables (`tx_id`, `tx_from`,
 * `tx_to`, `mint`, `source`, `destination`).
 */
export const TRANSFER_ALIASES: Record<string, string[]> = {
  from: ['from', 'from_address', 'fromAddress', 'sender', 'source_address', 'src', 'tx_from', 'source'],
  to: ['to', 'to_address', 'toAddress', 'receiver', 'recipient', 'destination', 'dst', 'tx_to'],
  chain: ['chain', 'network', 'blockchain'],
  tx_hash: ['tx_hash', 'txHash', 'hash', 'transaction_hash', 'Transaction Hash', 'signature', 'tx_id', 'txid'],
  block_time: [
    'block_time',
    'blockTime',
    'timestamp',
    'timeStamp',
    'block_timestamp',
    'UnixTimestamp',
    'block_signed_at',
    'DateTime (UTC)',
    'time',
  ],
  amount: ['amount', 'value', 'TokenValue', 'quantity'],
  asset: ['asset', 'token', 'symbol', 'tokenSymbol', 'kind', 'mint', 'token_address', 'contract_address'],
};

export const LABEL_ALIASES: Record<string, string[]> = {
  address: ['address', 'wallet', 'account'],
  list: ['list', 'label', 'category', 'type'],
};

export interface ImportCounts {
  read: number;
  kept: number;
  inserted: number;
  rejected: number;
  rejects: Array<{ line: number; reason: string }>;
}

export const MAX_REPORTED_REJECTS = 20;

/** Campaign chain names (Ethereum, BNB Chain ...) and data-set names (ethereum, xdai ...) stored lower-case. */
export const storedChainName = (chain: string): string =>
  chain
    .trim()
    .toLowerCase()
    .replace(/\s+chain$/, '');

/** A date and time without a zone (`2024-01-31 12:00:00`, what warehouse exports write): read as UTC. */
const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Unix seconds or milliseconds (a fraction is dropped), or an ISO-like date; a zoneless one is UTC, not local. */
function parseTime(v: string | undefined): number | null | 'bad' {
  if (v === undefined) return null;
  if (/^\d{1,13}(\.\d+)?$/.test(v)) {
    const n = Math.floor(Number(v));
    return n > 1e11 ? Math.floor(n / 1000) : n;
  }
  const t = Date.parse(ZONELESS_TIME.test(v) ? `${v.replace(' ', 'T')}Z` : v);
  return Number.isNaN(t) ? 'bad' : Math.floor(t / 1000);
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
/** Thousands separators as explorers write token values (`1,250.5`). */
const GROUPED_NUMBER = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/** A decimal amount as stored: plain decimals as they are, grouped ones without commas, hex integers in decimal. */
function parseAmount(v: string | undefined): string | null | 'bad' {
  if (v === undefined) return null;
  if (NUMBER.test(v)) return v;
  if (GROUPED_NUMBER.test(v)) return v.replaceAll(',', '');
  if (/^0x[0-9a-fA-F]{1,64}$/.test(v)) return BigInt(v).toString();
  return 'bad';
}

/** The content key that makes a stored transfer unique (imports and live providers share it). */
export function transferDedupKey(
  chain: string,
  from: string,
  to: string,
  txHash: string | null,
  blockTime: number | null,
  amount: string | null,
  asset: string | null,
): string {
  // one-shot hash: no Hash object per row (the import computes one key per kept row)
  return hash(
    'sha1',
    `${chain}|${from}|${to}|${txHash ?? ''}|${blockTime ?? ''}|${amount ?? ''}|${asset ?? ''}`,
    'base64url',
  );
}

export interface ImportOptions {
  file: string;
  chain: string;
  source: string;
  onProgress?: (bytes: number, total: number, counts: ImportCounts) => void;
}

/** Validated, normalised transfers of one batch, column by column (what the engine and the bulk load take). */
export type ParsedTransfers = Omit<TransferColumns, 'dedupKey'>;

export const emptyTransfers = (): ParsedTransfers => ({
  length: 0,
  chain: [],
  from: [],
  to: [],
  txHash: [],
  blockTime: [],
  amount: [],
  asset: [],
});

/** 1 for a lower-case hex digit, 2 for an upper-case one, 0 for any other character code below 128. */
export const HEX_DIGIT = new Uint8Array(128);
for (const c of '0123456789abcdef') HEX_DIGIT[c.charCodeAt(0)] = 1;
for (const c of 'ABCDEF') HEX_DIGIT[c.charCodeAt(0)] = 2;

/**
 * Whether `s` is already a stored EVM address (0x and 40 lower-case hex digits): the form of nearly every row of an
 * export, checked for two addresses a row, so by character codes rather than a regular expression (a third of the
 * cost). A table lookup, not two range tests: on real addresses (hashes: digits and letters at random) the range
 * tests' branch was mispredicted about every other character, 240 ns an address against 90 (issue 17's eleventh
 * pass).
 */
function isLowerEvm(s: string): boolean {
  if (s.length !== 42 || s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 120) return false;
  for (let i = 2; i < 42; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || HEX_DIGIT[c] !== 1) return false;
  }
  return true;
}
/** Distinct non-trivial addresses remembered per import (a mixed-case EIP-55 check costs a keccak). */
const MAX_MEMO_ADDRESSES = 200_000;

/** normaliseAddress with the common stored form (lower-case EVM) checked inline and other forms memoised. */
function addressNormaliser(family: ChainFamily): (raw: string) => Normalised {
  const memo = new Map<string, Normalised>();
  return (raw) => {
    if (family === 'evm' && isLowerEvm(raw)) return { ok: true, address: raw };
    let r = memo.get(raw);
    if (r === undefined) {
      r = normaliseAddress(family, raw);
      if (memo.size >= MAX_MEMO_ADDRESSES) memo.clear();
      memo.set(raw, r);
    }
    return r;
  };
}

/** Column indexes of each alias (in alias order) present in the file. */
function aliasColumns(columns: Map<string, number>, aliases: Record<string, string[]>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [k, names] of Object.entries(aliases)) {
    out[k] = [];
    for (const n of names) {
      const i = columns.get(n.toLowerCase());
      if (i !== undefined && !out[k].includes(i)) out[k].push(i);
    }
  }
  return out;
}

/**
 * A CSV header without a required field's column would reject every row one by one: refuse the file at once,
 * before anything is stored, naming what the header holds.
 */
function requireColumns(
  src: Pick<RecordSource, 'columns' | 'format'>,
  at: Record<string, number[]>,
  required: string[],
  aliases: Record<string, string[]>,
): void {
  if (src.format !== 'csv' || src.columns.size === 0) return;
  const missing = required.filter((k) => at[k].length === 0);
  if (missing.length === 0) return;
  throw new DomainError(
    'invalid_csv',
    `the header has no ${missing.map((k) => `${k} column (${aliases[k].join(', ')})`).join(' and no ')}; ` +
      `found: ${[...src.columns.keys()].slice(0, 12).join(', ')}`,
  );
}

/** The first non-empty value among the columns. */
function pickAt(fields: Array<string | undefined>, at: number[]): string | undefined {
  for (let j = 0; j < at.length; j++) {
    const v = fields[at[j]];
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

/** What the checks of one import's records need (see addRecord). */
export interface RecordChecks {
  /** The `--chain` given, its family and its stored name (the chain of rows that name none). */
  chain: string;
  family: ChainFamily;
  defaultChain: string;
  normalise: (raw: string) => Normalised;
  /** Stored names of the chain names rows give, remembered (up to 1,000). */
  chainNames: Map<string, string>;
}

export function recordChecks(chain: string): RecordChecks {
  const family = chainFamily(chain);
  return {
    chain,
    family,
    defaultChain: storedChainName(chain),
    normalise: addressNormaliser(family),
    chainNames: new Map(),
  };
}

/**
 * Validates and normalises one record (its fields by column, `at` the columns of each field) and adds it to `out`;
 * returns why it is rejected instead, adding nothing.
 */
export function addRecord(
  c: RecordChecks,
  at: Record<string, number[]>,
  record: Array<string | undefined>,
  out: ParsedTransfers,
): string | null {
  const fromRaw = pickAt(record, at.from);
  const toRaw = pickAt(record, at.to);
  if (!fromRaw || !toRaw) return 'missing from or to';
  const rowChain = pickAt(record, at.chain);
  let chain = c.defaultChain;
  if (rowChain) {
    chain = c.chainNames.get(rowChain) ?? storedChainName(rowChain);
    if (c.chainNames.size < 1000) c.chainNames.set(rowChain, chain);
  }
  if ((chain === 'solana') !== (c.family === 'solana'))
    return `chain ${rowChain} does not belong to the ${c.family} family of --chain ${c.chain}`;
  const from = c.normalise(fromRaw);
  if (!from.ok) return `from: ${from.reason}`;
  const to = c.normalise(toRaw);
  if (!to.ok) return `to: ${to.reason}`;
  const blockTime = parseTime(pickAt(record, at.block_time));
  if (blockTime === 'bad') return 'block_time is neither unix seconds nor an ISO date';
  const amount = parseAmount(pickAt(record, at.amount));
  if (amount === 'bad') return 'amount is not a number';
  out.chain.push(chain);
  out.from.push(from.address);
  out.to.push(to.address);
  out.txHash.push(txHashOf(c.family, pickAt(record, at.tx_hash) ?? null));
  out.blockTime.push(blockTime);
  out.amount.push(amount);
  out.asset.push(pickAt(record, at.asset) ?? null);
  out.length++;
  return null;
}

/** Counts of an import, and how a rejected row is counted and reported. */
export function importCounts(): { counts: ImportCounts; reject: (line: number, reason: string) => void } {
  const counts: ImportCounts = { read: 0, kept: 0, inserted: 0, rejected: 0, rejects: [] };
  const reject = (line: number, reason: string): void => {
    counts.rejected++;
    if (counts.rejects.length < MAX_REPORTED_REJECTS) counts.rejects.push({ line, reason });
  };
  return { counts, reject };
}

/**
 * Reads a transfer file, validating and normalising each row per chain family, and hands the kept rows to `sink`
 * batch by batch (in file order; `sink` returns how many it stored). Rejected rows are counted and the first
 * MAX_REPORTED_REJECTS reported with their line.
 */
export async function readTransfers(
  opts: ImportOptions,
  sink: (batch: ParsedTransfers) => Promise<number>,
): Promise<ImportCounts> {
  const checks = recordChecks(opts.chain);
  const src = openRecords(opts.file);
  const { counts, reject } = importCounts();
  for await (const b of src.batches) {
    const at = transferColumns(src);
    const out = emptyTransfers();
    for (let i = 0; i < b.lines.length; i++) {
      counts.read++;
      const record = b.fields[i];
      const reason = record ? addRecord(checks, at, record, out) : (b.errors[i] ?? 'unreadable row');
      if (reason !== null) reject(b.lines[i], reason);
    }
    counts.kept += out.length;
    if (out.length) counts.inserted += await sink(out);
    opts.onProgress?.(src.bytesRead(), src.totalBytes, counts);
  }
  opts.onProgress?.(src.totalBytes, src.totalBytes, counts);
  return counts;
}

/** The columns of each transfer field in the file read so far; refuses a CSV without a from or to column. */
export function transferColumns(src: Pick<RecordSource, 'columns' | 'format'>): Record<string, number[]> {
  const at = aliasColumns(src.columns, TRANSFER_ALIASES);
  requireColumns(src, at, ['from', 'to'], TRANSFER_ALIASES);
  return at;
}

/**
 * An EVM transaction hash is hex, whatever its case: lower-cased, one transaction is one id however each export
 * wrote it (the engine reads a hash shared by several transfers as one batch; the content key sees one row).
 * Solana signatures are base58, where case matters: kept as they are. `0x` and hex digits (at least one) are
 * checked by the HEX_DIGIT table, which costs half of `/^0x[0-9a-fA-F]+$/` on real hashes (random digits and
 * letters, where the expression's range tests are mispredicted), and a hash already in lower case is kept as it is.
 */
function txHashOf(family: string, hash: string | null): string | null {
  if (family !== 'evm' || hash === null) return hash;
  const n = hash.length;
  if (n < 3 || hash.charCodeAt(0) !== 48 || hash.charCodeAt(1) !== 120) return hash;
  let upper = false;
  for (let i = 2; i < n; i++) {
    const c = hash.charCodeAt(i);
    const digit = c < 128 ? HEX_DIGIT[c] : 0;
    if (digit === 0) return hash;
    if (digit === 2) upper = true;
  }
  return upper ? hash.toLowerCase() : hash;
}

/** The content keys of a batch (see transferDedupKey). */
export function dedupKeys(b: ParsedTransfers): TransferColumns {
  const keys: string[] = new Array(b.length);
  for (let i = 0; i < b.length; i++)
    keys[i] = transferDedupKey(b.chain[i], b.from[i], b.to[i], b.txHash[i], b.blockTime[i], b.amount[i], b.asset[i]);
  return { ...b, dedupKey: keys };
}

/** Rows of a batch for the row-wise store path (the admin command through a running server). */
export function transferRecords(b: TransferColumns, source: string): TransferRecord[] {
  const rows: TransferRecord[] = new Array(b.length);
  for (let i = 0; i < b.length; i++)
    rows[i] = {
      chain: b.chain[i],
      from: b.from[i],
      to: b.to[i],
      txHash: b.txHash[i],
      blockTime: b.blockTime[i],
      amount: b.amount[i],
      asset: b.asset[i],
      source,
      dedupKey: b.dedupKey[i],
    };
  return rows;
}

/**
 * `transfers import`: reads the file and stores its transfers through `sink` (the bulk load of the store, or
 * row batches through a running server), with content keys so that re-importing adds nothing.
 */
export function importTransfers(
  opts: ImportOptions,
  sink: (batch: TransferColumns) => Promise<number>,
): Promise<ImportCounts> {
  return readTransfers(opts, (b) => sink(dedupKeys(b)));
}

export async function importLabels(
  opts: ImportOptions & { kind: 'infrastructure' | 'exception' },
  sink: (rows: LabelRecord[]) => Promise<number>,
): Promise<ImportCounts> {
  const family = chainFamily(opts.chain);
  const chain = storedChainName(opts.chain);
  const normalise = addressNormaliser(family);
  // a plain list (an address first, no header: `0x…` or `0x…,exchange`) is read as address[,list]
  const src = openRecords(opts.file, (first) => (normalise(first[0] ?? '').ok ? ['address', 'list'] : null));
  const counts: ImportCounts = { read: 0, kept: 0, inserted: 0, rejected: 0, rejects: [] };
  for await (const b of src.batches) {
    const at = aliasColumns(src.columns, LABEL_ALIASES);
    requireColumns(src, at, ['address'], LABEL_ALIASES);
    const rows: LabelRecord[] = [];
    for (let i = 0; i < b.lines.length; i++) {
      counts.read++;
      const reject = (reason: string): void => {
        counts.rejected++;
        if (counts.rejects.length < MAX_REPORTED_REJECTS) counts.rejects.push({ line: b.lines[i], reason });
      };
      const record = b.fields[i];
      if (!record) {
        reject(b.errors[i] ?? 'unreadable row');
        continue;
      }
      const raw = pickAt(record, at.address);
      if (!raw) {
        reject('missing address');
        continue;
      }
      const a = normalise(raw);
      if (!a.ok) {
        reject(`address: ${a.reason}`);
        continue;
      }
      rows.push({
        chain,
        address: a.address,
        list: (pickAt(record, at.list) ?? 'unlabelled').slice(0, 100),
        kind: opts.kind,
        source: opts.source,
      });
    }
    counts.kept += rows.length;
    if (rows.length) counts.inserted += await sink(rows);
    opts.onProgress?.(src.bytesRead(), src.totalBytes, counts);
  }
  opts.onProgress?.(src.totalBytes, src.totalBytes, counts);
  return counts;
}
