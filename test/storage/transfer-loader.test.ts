/**
 * The service's transfer neighbourhood (src/analyses/transfer-loader.ts) holds what `analyze` on the same file
 * would use for funding chains: a peel chain's hops that pay one wallet each, the funding of an operator that
 * pays more than 50 wallets, and the chain's start however far out. Labelled infrastructure is never expanded.
 */
import t from 'tap';
import type { Store } from '../../storage/store.ts';
import { embeddedFactory } from '../helpers/stores.ts';
import { loadNeighbourhood } from '../../src/analyses/transfer-loader.ts';
import { insertLabels, insertTransfers, type TransferRecord } from '../../storage/repos/transfers-repo.ts';
import { transferDedupKey } from '../../src/imports/transfer-import.ts';

const addr = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`;
const row = (from: string, to: string, time: number): TransferRecord => ({
  chain: 'Ethereum',
  from,
  to,
  txHash: null,
  blockTime: time,
  amount: '1',
  asset: 'ETH',
  source: 'test',
  dedupKey: transferDedupKey('Ethereum', from, to, null, time, '1', 'ETH'),
});

/** Stores `rows` and `exchange` as labelled, loads the wallets' neighbourhood and its edges as `from>to`. */
async function loadWithExchange(store: Store, rows: TransferRecord[], exchange: string, wallets: string[]) {
  await insertTransfers(store.db, rows);
  await insertLabels(store.db, [
    { chain: 'Ethereum', address: exchange, list: 'exchange', kind: 'infrastructure', source: 'test' },
  ]);
  const hood = await loadNeighbourhood(store.db, 'evm', wallets);
  const { addresses, from, to } = hood.transfers;
  return { hood, edges: new Set(Array.from(from, (f, i) => `${addresses[f]}>${addresses[to[i]]}`)) };
}

t.test('peel chain hops and a big operator funding are loaded; a labelled hub is not expanded', async (t) => {
  const store = await embeddedFactory().open();
  t.teardown(() => store.close());
  const wallets = Array.from({ length: 80 }, (_, i) => addr('aa', i));
  const [root, op, hop1, hop2, hop3, exchange, exchangeSource, origin, start] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) =>
    addr('bb', i),
  );
  const rows: TransferRecord[] = [
    // a peel chain: root -> hop1 -> hop2 -> hop3, each hop paying one wallet
    row(root, hop1, 1000),
    row(hop1, wallets[0], 1001),
    row(hop1, hop2, 1002),
    row(hop2, wallets[1], 1003),
    row(hop2, hop3, 1004),
    row(hop3, wallets[2], 1005),
    // the root's own funding, two and three steps further out
    row(origin, root, 800),
    row(start, origin, 700),
    // an operator paying 60 wallets, funded by the root
    row(root, op, 900),
    ...wallets.slice(10, 70).map((w, i) => row(op, w, 2000 + i)),
    // a labelled exchange paying a wallet: its own funding is not loaded
    row(exchange, wallets[75], 3000),
    row(exchangeSource, exchange, 2999),
  ];
  const { hood, edges } = await loadWithExchange(store, rows, exchange, wallets);
  t.ok(edges.has(`${hop1}>${hop2}`), 'hop to hop (each hop pays one wallet)');
  t.ok(edges.has(`${hop2}>${hop3}`), 'the next hop');
  t.ok(edges.has(`${root}>${op}`), 'the funding of an operator paying 60 wallets');
  t.ok(edges.has(`${root}>${hop1}`), "the chain's start");
  t.ok(edges.has(`${start}>${origin}`), "the root's funding, however far out");
  t.notOk(edges.has(`${exchangeSource}>${exchange}`), 'a labelled hub is not expanded');
  t.equal(hood.transfers.from.length, rows.length - 1, 'every other row once');
  t.equal(hood.labels.infrastructure.get(exchange), 'exchange');
});

t.test("a labelled exchange's batched withdrawal is loaded whole, its other transactions are not", async (t) => {
  const store = await embeddedFactory().open();
  t.teardown(() => store.close());
  const wallets = [addr('cc', 1), addr('cc', 2)];
  const [exchange, stranger, other] = [addr('dd', 1), addr('dd', 2), addr('dd', 3)];
  const paid = (from: string, to: string, time: number, tx: string): TransferRecord => ({
    ...row(from, to, time),
    txHash: tx,
    dedupKey: transferDedupKey('Ethereum', from, to, tx, time, '1', 'ETH'),
  });
  const rows = [
    // one withdrawal transaction paying both wallets and a customer off the list
    paid(exchange, wallets[0], 5000, '0xbatch'),
    paid(exchange, wallets[1], 5000, '0xbatch'),
    paid(exchange, stranger, 5000, '0xbatch'),
    // the exchange's withdrawal to someone else, in a transaction of its own
    paid(exchange, other, 6000, '0xalone'),
  ];
  const { hood, edges } = await loadWithExchange(store, rows, exchange, wallets);
  t.ok(edges.has(`${exchange}>${stranger}`), "the batch's other recipient");
  t.notOk(edges.has(`${exchange}>${other}`), "the exchange's other transactions");
  t.equal(hood.transfers.from.length, 3, 'the batch, each row once');
});
