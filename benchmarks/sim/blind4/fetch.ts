/**
 * What the campaign's data provider reads of the chain (docs/chain-providers.md, Solana JSON-RPC at its default
 * settings): for each listed wallet, its transactions up to the analysis date, at most 200 of them (the 10 oldest
 * and the newest), each transaction read whole (a batch paying twenty wallets shows all twenty). Nothing deeper.
 */
import type { EngineTransfers } from '../../../engine/types.ts';
import type { AddressBook } from './address-book.ts';
import type { Ledger } from './ledger.ts';

export const MAX_TRANSACTIONS = 200;
const OLDEST = 10;

/** The transactions the provider reads: per listed wallet, its 10 oldest and its newest up to 200 in all. */
function readTransactions(ledger: Ledger, listed: Set<number>, cutoff: number): Set<number> {
  const txsOf = new Map<number, Array<[number, number]>>();
  const note = (id: number, i: number): void => {
    if (!listed.has(id)) return;
    let list = txsOf.get(id);
    if (!list) txsOf.set(id, (list = []));
    list.push([ledger.time[i], ledger.tx[i]]);
  };
  for (let i = 0; i < ledger.length; i++) {
    if (ledger.time[i] > cutoff) continue;
    note(ledger.from[i], i);
    if (ledger.to[i] !== ledger.from[i]) note(ledger.to[i], i);
  }
  const read = new Set<number>();
  for (const list of txsOf.values()) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const txs: number[] = [];
    for (const [, tx] of list) if (txs[txs.length - 1] !== tx) txs.push(tx);
    const kept =
      txs.length <= MAX_TRANSACTIONS
        ? txs
        : [...txs.slice(0, OLDEST), ...txs.slice(txs.length - MAX_TRANSACTIONS + OLDEST)];
    for (const tx of kept) read.add(tx);
  }
  return read;
}

/** The transfers the provider returns, in time order, with their addresses as base58 text. */
export function fetchTransfers(
  ledger: Ledger,
  book: AddressBook,
  listed: Set<number>,
  cutoff: number,
): EngineTransfers {
  const read = readTransactions(ledger, listed, cutoff);
  const rows: number[] = [];
  for (let i = 0; i < ledger.length; i++) if (ledger.time[i] <= cutoff && read.has(ledger.tx[i])) rows.push(i);
  rows.sort((a, b) => ledger.time[a] - ledger.time[b] || ledger.tx[a] - ledger.tx[b] || a - b);
  const index = new Map<number, number>();
  const addresses: string[] = [];
  const dict = (id: number): number => {
    let k = index.get(id);
    if (k === undefined) {
      k = addresses.length;
      index.set(id, k);
      addresses.push(book.textOf(id));
    }
    return k;
  };
  const n = rows.length;
  const out: Required<EngineTransfers> = {
    addresses,
    from: new Uint32Array(n),
    to: new Uint32Array(n),
    blockTime: new Float64Array(n),
    amount: new Float64Array(n),
    txId: new Uint32Array(n),
    chain: new Uint32Array(n).fill(1),
    asset: new Uint32Array(n),
  };
  const txIds = new Map<number, number>();
  rows.forEach((i, k) => {
    out.from[k] = dict(ledger.from[i]);
    out.to[k] = dict(ledger.to[i]);
    out.blockTime[k] = ledger.time[i];
    out.amount[k] = ledger.amount[i];
    out.asset[k] = ledger.asset[i];
    let tx = txIds.get(ledger.tx[i]);
    if (tx === undefined) txIds.set(ledger.tx[i], (tx = txIds.size + 1));
    out.txId[k] = tx;
  });
  return out;
}
