/**
 * Where `transfers import` stores what it reads: through the store's bulk load (COPY into staging and one merge per
 * segment) when the session holds the store, or in row batches through the running server that owns the embedded
 * store.
 */
import type { Store } from '../../storage/store-port.ts';
import { loadTransfers } from '../../storage/repos/transfer-bulk-load.ts';
import { importTransfers, transferRecords, type ImportCounts, type ImportOptions } from './transfer-import.ts';

/** An admin session as the CLI holds it (src/app/admin-client.ts): the store itself, or a running server. */
export interface ImportSession {
  store?: Store;
  run(command: string, args: Record<string, unknown>): Promise<any>;
}

/** Imports a transfer file through the store's bulk load; `inserted` counts the rows newly stored. */
export async function bulkImportTransfers(store: Store, opts: ImportOptions): Promise<ImportCounts> {
  const { result, inserted } = await loadTransfers(store, opts.source, (load) =>
    importTransfers(opts, (b) => load.write(b)),
  );
  result.inserted += inserted;
  return result;
}

export function storeTransfers(session: ImportSession, opts: ImportOptions): Promise<ImportCounts> {
  if (session.store) return bulkImportTransfers(session.store, opts);
  return importTransfers(opts, (b) => session.run('transfers.insert', { rows: transferRecords(b, opts.source) }));
}
