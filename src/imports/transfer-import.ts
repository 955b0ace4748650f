/**
 * `transfers import` and `labels import`: stream a file, validate and normalise every row per chain family,
 * send batches to the store (directly or through the running server), and count rows read / kept / rejected.
 * Rejected rows are reported with their line and reason, never dropped silently.
 */
import { createHash } from 'node:crypto';
import { normaliseAddress } from '../core/address/address.ts';
import { chainFamily, type ChainFamily } from '../core/chains.ts';
import { openRecords } from './record-stream.ts';

export const TRANSFER_ALIASES: Record<string, string[]> = {
  from: ['from', 'from_address', 'fromAddress', 'sender', 'source_address', 'src'],
  to: ['to', 'to_address', 'toAddress', 'receiver', 'recipient', 'destination', 'dst'],
  chain: ['chain', 'network'],
  tx_hash: ['tx_hash', 'txHash', 'hash', 'transaction_hash', 'signature'],
  block_time: ['block_time', 'blockTime', 'timestamp', 'timeStamp', 'block_timestamp'],
  amount: ['amount', 'value'],
  asset: ['asset', 'token', 'symbol', 'tokenSymbol', 'kind'],
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

/** The first non-empty value among the aliases (record keys are lower-case: header names match case-insensitively). */
function pick(record: Record<string, string>, aliases: string[]): string | undefined {
  for (const a of aliases) {
    const v = record[a.toLowerCase()];
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

/** Campaign chain names (Ethereum, BNB Chain ...) and data-set names (ethereum, xdai ...) stored lower-case. */
export const storedChainName = (chain: string): string =>
  chain
    .trim()
    .toLowerCase()
    .replace(/\s+chain$/, '');

function parseTime(v: string | undefined): number | null | 'bad' {
  if (v === undefined) return null;
  if (/^\d{1,13}$/.test(v)) {
    const n = Number(v);
    return n > 1e11 ? Math.floor(n / 1000) : n;
  }
  const t = Date.parse(v);
  return Number.isNaN(t) ? 'bad' : Math.floor(t / 1000);
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
  return createHash('sha1')
    .update([chain, from, to, txHash ?? '', blockTime ?? '', amount ?? '', asset ?? ''].join('|'))
    .digest('base64url');
}

export interface ImportOptions {
  file: string;
  chain: string;
  source: string;
  batchSize?: number;
  onProgress?: (bytes: number, total: number, counts: ImportCounts) => void;
}

export async function importTransfers(
  opts: ImportOptions,
  sink: (rows: unknown[]) => Promise<number>,
): Promise<ImportCounts> {
  const family: ChainFamily = chainFamily(opts.chain);
  const defaultChain = storedChainName(opts.chain);
  const src = openRecords(opts.file);
  const counts: ImportCounts = { read: 0, kept: 0, inserted: 0, rejected: 0, rejects: [] };
  const reject = (line: number, reason: string): void => {
    counts.rejected++;
    if (counts.rejects.length < MAX_REPORTED_REJECTS) counts.rejects.push({ line, reason });
  };
  let batch: unknown[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length) {
      counts.inserted += await sink(batch);
      batch = [];
    }
  };
  for await (const { line, record, error } of src.records) {
    counts.read++;
    if (!record) {
      reject(line, error ?? 'unreadable row');
      continue;
    }
    const fromRaw = pick(record, TRANSFER_ALIASES.from);
    const toRaw = pick(record, TRANSFER_ALIASES.to);
    if (!fromRaw || !toRaw) {
      reject(line, 'missing from or to');
      continue;
    }
    const rowChain = pick(record, TRANSFER_ALIASES.chain);
    const chain = rowChain ? storedChainName(rowChain) : defaultChain;
    if ((chain === 'solana') !== (family === 'solana')) {
      reject(line, `chain ${rowChain} does not belong to the ${family} family of --chain ${opts.chain}`);
      continue;
    }
    const from = normaliseAddress(family, fromRaw);
    if (!from.ok) {
      reject(line, `from: ${from.reason}`);
      continue;
    }
    const to = normaliseAddress(family, toRaw);
    if (!to.ok) {
      reject(line, `to: ${to.reason}`);
      continue;
    }
    const blockTime = parseTime(pick(record, TRANSFER_ALIASES.block_time));
    if (blockTime === 'bad') {
      reject(line, 'block_time is neither unix seconds nor an ISO date');
      continue;
    }
    const amount = pick(record, TRANSFER_ALIASES.amount) ?? null;
    if (amount !== null && !/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(amount)) {
      reject(line, 'amount is not a number');
      continue;
    }
    const txHash = pick(record, TRANSFER_ALIASES.tx_hash) ?? null;
    const asset = pick(record, TRANSFER_ALIASES.asset) ?? null;
    const dedupKey = transferDedupKey(chain, from.address, to.address, txHash, blockTime, amount, asset);
    batch.push({
      chain,
      from: from.address,
      to: to.address,
      txHash,
      blockTime,
      amount,
      asset,
      source: opts.source,
      dedupKey,
    });
    counts.kept++;
    if (batch.length >= (opts.batchSize ?? 5000)) {
      await flush();
      opts.onProgress?.(src.bytesRead(), src.totalBytes, counts);
    }
  }
  await flush();
  opts.onProgress?.(src.totalBytes, src.totalBytes, counts);
  return counts;
}

export async function importLabels(
  opts: ImportOptions & { kind: 'infrastructure' | 'exception' },
  sink: (rows: unknown[]) => Promise<number>,
): Promise<ImportCounts> {
  const family = chainFamily(opts.chain);
  const chain = storedChainName(opts.chain);
  const src = openRecords(opts.file);
  const counts: ImportCounts = { read: 0, kept: 0, inserted: 0, rejected: 0, rejects: [] };
  let batch: unknown[] = [];
  for await (const { line, record, error } of src.records) {
    counts.read++;
    const reject = (reason: string): void => {
      counts.rejected++;
      if (counts.rejects.length < MAX_REPORTED_REJECTS) counts.rejects.push({ line, reason });
    };
    if (!record) {
      reject(error ?? 'unreadable row');
      continue;
    }
    const raw = pick(record, LABEL_ALIASES.address);
    if (!raw) {
      reject('missing address');
      continue;
    }
    const a = normaliseAddress(family, raw);
    if (!a.ok) {
      reject(`address: ${a.reason}`);
      continue;
    }
    batch.push({
      chain,
      address: a.address,
      list: (pick(record, LABEL_ALIASES.list) ?? 'unlabelled').slice(0, 100),
      kind: opts.kind,
      source: opts.source,
    });
    counts.kept++;
    if (batch.length >= 5000) {
      counts.inserted += await sink(batch);
      batch = [];
      opts.onProgress?.(src.bytesRead(), src.totalBytes, counts);
    }
  }
  if (batch.length) counts.inserted += await sink(batch);
  opts.onProgress?.(src.totalBytes, src.totalBytes, counts);
  return counts;
}
