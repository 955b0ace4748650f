/**
 * Loads the transfer neighbourhood of a run's wallets from the transfer store: every transfer touching a wallet
 * (depth 1), then, round after round, the transfers of the counterparties the previous round found that are not
 * labelled infrastructure (funding chains, peel chains, the exchange withdrawal that started an operator), until a
 * round finds no new address or the row budget is spent. Returns the engine's dictionary-encoded arrays and labels.
 *
 * Why no depth or degree limit: `analyze` on a file gives the engine every row of the file, and a run over the same
 * rows imported must decide the same (benchmarks/cli-parity.mts). One round over counterparties of 2-50 links left
 * out a peel chain's hops that pay one wallet each and the funding of an operator paying more than 50 wallets; two
 * rounds still left out the start of a chain whose hops pay wallets through intermediaries. The budget bounds the
 * load: each round takes its counterparties fewest links first, so a busy unlabelled hub is what the budget cuts,
 * and the rounds stop there. MAX_COUNTERPARTY_ROUNDS only guards against a store where each round finds a few new
 * addresses for very long (a query a round).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { labelsFor, transfersInTransactions, transfersTouching } from '../../storage/repos/transfers-repo.ts';
import type { ChainFamily } from '../core/chains.ts';
import type { EngineLabels, EngineTransfers } from '../../engine/index.ts';
import { addressIndex } from '../../engine/address-index.ts';
import { transferUnits } from './transfer-units.ts';

export const MAX_TRANSFER_ROWS = 5_000_000;
export const MAX_SECOND_HOP_COUNTERPARTIES = 200_000;
/** At most this many rounds of counterparties beyond the wallets' own transfers (a guard, see above). */
export const MAX_COUNTERPARTY_ROUNDS = 20;

type Edges = Awaited<ReturnType<typeof transfersTouching>>;

export interface LoadedNeighbourhood {
  transfers: EngineTransfers;
  labels: EngineLabels;
  stats: { transfersLoaded: number; secondHopCounterparties: number; truncated: boolean; labelledAddresses: number };
}

/** The addresses of `rows` not yet expanded, with their count of rows, fewest first (then by address). */
function nextCounterparties(rows: Edges, expanded: Set<string>): Array<[string, number]> {
  const links = new Map<string, number>();
  for (const side of [rows.from, rows.to])
    for (const a of side) if (!expanded.has(a)) links.set(a, (links.get(a) ?? 0) + 1);
  return [...links].sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

async function addLabels(
  db: Kysely<Database>,
  family: ChainFamily,
  addresses: string[],
  labels: EngineLabels,
): Promise<void> {
  for (const l of await labelsFor(db, family, addresses)) {
    if (l.kind === 'exception') labels.exceptions.add(l.address);
    else if (!labels.infrastructure.has(l.address)) labels.infrastructure.set(l.address, l.list);
  }
}

/**
 * The other payments of labelled senders in the transactions the rounds loaded (a labelled exchange's batched
 * withdrawal that paid a wallet also paid customers off the list). The rounds never expand a labelled address, but a
 * transaction in a transfer file is whole, and the engine tells an exchange paying the public in batches from a
 * farm's batch by those other recipients (engine/evidence/timed-funding.ts, publicBatcher).
 */
async function labelledBatchSiblings(
  db: Kysely<Database>,
  family: ChainFamily,
  rounds: Edges[],
  labels: EngineLabels,
  maxRows: number,
): Promise<Edges> {
  const senders = new Set<string>();
  const hashes = new Set<string>();
  for (const rows of rounds)
    for (let i = 0; i < rows.from.length; i++) {
      const hash = rows.txHash[i];
      const f = rows.from[i];
      if (hash === null || !labels.infrastructure.has(f) || labels.exceptions.has(f)) continue;
      senders.add(f);
      hashes.add(hash);
    }
  return transfersInTransactions(db, family, [...senders].sort(), [...hashes].sort(), maxRows);
}

export async function loadNeighbourhood(
  db: Kysely<Database>,
  family: ChainFamily,
  wallets: string[],
): Promise<LoadedNeighbourhood> {
  const labels: EngineLabels = { infrastructure: new Map(), exceptions: new Set() };
  await addLabels(db, family, wallets, labels);
  const expanded = new Set(wallets);
  const rounds: Edges[] = [await transfersTouching(db, family, wallets, MAX_TRANSFER_ROWS)];
  let loaded = rounds[0].from.length;
  let truncated = rounds[0].truncated;
  let counterpartiesLoaded = 0;
  for (let r = 0; r < MAX_COUNTERPARTY_ROUNDS && !truncated; r++) {
    const found = nextCounterparties(rounds[r], expanded);
    await addLabels(
      db,
      family,
      found.map(([a]) => a),
      labels,
    );
    const next: string[] = [];
    for (const [a] of found) {
      expanded.add(a);
      const hub = labels.infrastructure.has(a) && !labels.exceptions.has(a);
      if (!hub && next.length < MAX_SECOND_HOP_COUNTERPARTIES) next.push(a);
    }
    if (next.length === 0) break;
    counterpartiesLoaded += next.length;
    const rows = await transfersTouching(db, family, next, MAX_TRANSFER_ROWS - loaded);
    rounds.push(rows);
    loaded += rows.from.length;
    truncated = rows.truncated;
  }
  if (!truncated) {
    const siblings = await labelledBatchSiblings(db, family, rounds, labels, MAX_TRANSFER_ROWS - loaded);
    rounds.push(siblings);
    loaded += siblings.from.length;
    truncated = siblings.truncated;
  }
  // the addresses the last round brought in, labelled too: a hub there is neutralised like any other
  await addLabels(
    db,
    family,
    nextCounterparties(rounds[rounds.length - 1], expanded).map(([a]) => a),
    labels,
  );
  const { addresses, id } = addressIndex();
  const seen = new Set<string>();
  const from: number[] = [];
  const to: number[] = [];
  const times: number[] = [];
  const amounts: number[] = [];
  // transaction hashes as dictionary ids (0: none), as the CLI gives them: one transaction paying many listed
  // wallets is batch funding whatever the amounts
  const txIds: number[] = [];
  const txIndex = addressIndex(); // the same dictionary, ids + 1
  const units = transferUnits();
  const add = (src: Edges): void => {
    for (let i = 0; i < src.from.length; i++) {
      const hash = src.txHash[i];
      const key =
        `${src.chain[i]}>${src.from[i]}>${src.to[i]}>${src.blockTime[i] ?? ''}>${src.amount[i] ?? ''}>` +
        `${src.asset[i] ?? ''}>${hash ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      from.push(id(src.from[i]));
      to.push(id(src.to[i]));
      times.push(src.blockTime[i] ?? Number.NaN);
      amounts.push(src.amount[i] === null ? Number.NaN : Number(src.amount[i]));
      txIds.push(hash ? txIndex.id(hash) + 1 : 0);
      units.add(src.chain[i], src.asset[i]);
    }
  };
  for (const rows of rounds) add(rows);
  return {
    transfers: {
      addresses,
      from: Uint32Array.from(from),
      to: Uint32Array.from(to),
      blockTime: Float64Array.from(times),
      amount: Float64Array.from(amounts),
      ...(txIndex.addresses.length > 0 ? { txId: Uint32Array.from(txIds) } : {}),
      ...units.arrays(),
    },
    labels,
    stats: {
      transfersLoaded: from.length,
      secondHopCounterparties: counterpartiesLoaded,
      truncated,
      labelledAddresses: labels.infrastructure.size + labels.exceptions.size,
    },
  };
}
