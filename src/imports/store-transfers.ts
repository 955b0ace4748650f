/**
 * Where `transfers import` stores what it reads: through the store's bulk load (COPY into staging and one merge per
 * segment) when the session holds the store, or in row batches through the running server that owns the embedded
 * store.
 */
import fs from 'node:fs';
import type { Store } from '../../storage/store-port.ts';
import { loadTransfers } from '../../storage/repos/transfer-bulk-load.ts';
import { importTransfers, transferRecords, type ImportCounts, type ImportOptions } from './transfer-import.ts';
import { importTransferText } from './transfer-text.ts';

/** An admin session as the CLI holds it (src/app/admin-client.ts): the store itself, or a running server. */
export interface ImportSession {
  store?: Store;
  run(command: string, args: Record<string, unknown>): Promise<any>;
}

/**
 * Bytes of the smallest common row: two 42-character addresses, their separators and a short asset or amount
 * (explorer exports with hash and time take 200 bytes and more), so the estimate errs towards more rows.
 */
const MIN_ROW_BYTES = 100;
/** A gzipped CSV of hex addresses shrinks 3.5-4 times; 3 errs towards more rows again. */
const MIN_GZIP_RATIO = 3;

/**
 * Rows a transfer file is expected to hold, from its size alone (the bulk load uses it to choose how to maintain
 * indexes; nothing depends on it being exact). A gzip file names its uncompressed size modulo 4 GiB in its last four
 * bytes.
 */
export function estimateRows(file: string): number {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(2);
    fs.readSync(fd, head, 0, 2, 0);
    let bytes = size;
    if (size >= 18 && head[0] === 0x1f && head[1] === 0x8b) {
      const tail = Buffer.alloc(4);
      fs.readSync(fd, tail, 0, 4, size - 4);
      bytes = Math.max(tail.readUInt32LE(0), size * MIN_GZIP_RATIO);
    }
    return Math.floor(bytes / MIN_ROW_BYTES);
  } finally {
    fs.closeSync(fd);
  }
}

/** Imports a transfer file through the store's bulk load; `inserted` counts the rows newly stored. */
export async function bulkImportTransfers(store: Store, opts: ImportOptions): Promise<ImportCounts> {
  const { result, inserted } = await loadTransfers(store, opts.source, (load) => importTransferText(opts, load), {
    expectedRows: estimateRows(opts.file),
  });
  result.inserted += inserted;
  return result;
}

export function storeTransfers(session: ImportSession, opts: ImportOptions): Promise<ImportCounts> {
  if (session.store) return bulkImportTransfers(session.store, opts);
  return importTransfers(opts, (b) => session.run('transfers.insert', { rows: transferRecords(b, opts.source) }));
}
