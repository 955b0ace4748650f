/**
 * Loads the transfer neighbourhood of a run's wallets from the transfer store: every transfer touching a wallet
 * (depth 1), then the transfers of the counterparties that link two or more wallets and are not labelled
 * infrastructure (depth 2: funding chains and intermediaries), within a row budget. Returns the engine's
 * dictionary-encoded arrays and labels.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { labelsFor, transfersTouching } from '../../storage/repos/transfers-repo.ts';
import type { ChainFamily } from '../core/chains.ts';
import type { EngineLabels, EngineTransfers } from '../../engine/index.ts';
import { addressIndex } from '../../engine/address-index.ts';
import { transferUnits } from './transfer-units.ts';

export const MAX_TRANSFER_ROWS = 5_000_000;
export const MAX_SECOND_HOP_COUNTERPARTIES = 200_000;
export const SECOND_HOP_MAX_DEGREE = 50;

export interface LoadedNeighbourhood {
  transfers: EngineTransfers;
  labels: EngineLabels;
  stats: { transfersLoaded: number; secondHopCounterparties: number; truncated: boolean; labelledAddresses: number };
}

export async function loadNeighbourhood(
  db: Kysely<Database>,
  family: ChainFamily,
  wallets: string[],
): Promise<LoadedNeighbourhood> {
  const first = await transfersTouching(db, family, wallets, MAX_TRANSFER_ROWS);
  const walletSet = new Set(wallets);
  const linkCount = new Map<string, number>();
  for (let i = 0; i < first.from.length; i++) {
    const f = first.from[i];
    const t = first.to[i];
    if (!walletSet.has(f)) linkCount.set(f, (linkCount.get(f) ?? 0) + 1);
    if (!walletSet.has(t)) linkCount.set(t, (linkCount.get(t) ?? 0) + 1);
  }
  const counterparties = [...linkCount.keys()];
  const labelRows = await labelsFor(db, family, [...wallets, ...counterparties]);
  const infrastructure = new Map<string, string>();
  const exceptions = new Set<string>();
  for (const l of labelRows) {
    if (l.kind === 'exception') exceptions.add(l.address);
    else if (!infrastructure.has(l.address)) infrastructure.set(l.address, l.list);
  }
  const secondHop = counterparties
    .filter((a) => {
      const n = linkCount.get(a)!;
      return n >= 2 && n <= SECOND_HOP_MAX_DEGREE && (!infrastructure.has(a) || exceptions.has(a));
    })
    .slice(0, MAX_SECOND_HOP_COUNTERPARTIES);
  let truncated = first.truncated;
  let second: typeof first = {
    from: [],
    to: [],
    blockTime: [],
    amount: [],
    txHash: [],
    chain: [],
    asset: [],
    truncated: false,
  };
  if (secondHop.length > 0 && !truncated) {
    const s = await transfersTouching(db, family, secondHop, MAX_TRANSFER_ROWS - first.from.length);
    truncated = s.truncated;
    second = s;
  }
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
  const add = (src: typeof first): void => {
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
  add(first);
  add(second);
  const extraLabels = secondHop.length
    ? await labelsFor(
        db,
        family,
        addresses.filter((a) => !linkCount.has(a) && !walletSet.has(a)),
      )
    : [];
  for (const l of extraLabels) {
    if (l.kind === 'exception') exceptions.add(l.address);
    else if (!infrastructure.has(l.address)) infrastructure.set(l.address, l.list);
  }
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
    labels: { infrastructure, exceptions },
    stats: {
      transfersLoaded: from.length,
      secondHopCounterparties: secondHop.length,
      truncated,
      labelledAddresses: infrastructure.size + exceptions.size,
    },
  };
}
