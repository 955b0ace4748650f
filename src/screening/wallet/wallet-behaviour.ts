/**
 * What an address has done, where chain data is configured (the chain providers of the analysis runs): the
 * transfer history of the address (native, internal, token transfers; src/chains/providers) read for patterns a
 * list cannot know yet. Pure: the history is fetched by the caller and passed in.
 * - drainer receiver: several senders each sweep several assets to the address within minutes (victims being
 *   emptied by a drainer that pays out to it);
 * - drained / sweeper: the address itself sent several assets to one receiver within minutes (its key or
 *   approvals are compromised), and money it receives afterwards is forwarded to that receiver within minutes
 *   (a sweeper bot: whatever you send there is lost);
 * - fresh: no activity at all, or first activity within FRESH_DAYS (a new drainer contract receiving approvals);
 * - poisoning: an address that imitates one of the user's recent counterparties (same first and last characters).
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ChainFamily } from '../../core/chains.ts';
import { lookAlike } from './analyze-wallet.ts';

/** One transfer as the chain providers report it (src/chains/providers/chain-provider.ts). */
export interface HistoryTransfer {
  from: string;
  to: string;
  blockTime: number | null;
  asset: string | null;
  amount: string | null;
}
export interface AddressHistory {
  transfers: HistoryTransfer[];
  /** The provider's page bound cut the history. */
  partial: boolean;
}
/** Fetches an address's history on a screening chain, or null when no provider is configured for it. */
export type AddressHistorySource = (chain: string, address: string) => Promise<AddressHistory | null>;

/** A sweep: several assets from one sender to one receiver within this many seconds. */
export const SWEEP_WINDOW_S = 600;
/** Distinct assets that make a sweep (a payment moves one asset). */
export const SWEEP_ASSETS = 2;
/** Swept senders from which an address reads as a drainer's receiver. */
export const DRAINER_SENDERS = 3;
/** Money forwarded to the same receiver within this many seconds of arriving reads as a sweeper bot. */
export const FORWARD_WINDOW_S = 120;
/** An address first active within this many days is fresh. */
export const FRESH_DAYS = 7;
/** Recent transfers of the user's wallet whose counterparties a look-alike is checked against. */
export const RECENT_COUNTERPARTIES = 200;

const same = (family: ChainFamily, a: string, b: string): boolean =>
  family === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** Groups of transfers from one sender to one receiver within SWEEP_WINDOW_S moving SWEEP_ASSETS+ assets. */
function sweeps(transfers: HistoryTransfer[]): Array<{ from: string; to: string; assets: number; at: number }> {
  const byPair = new Map<string, HistoryTransfer[]>();
  for (const t of transfers) {
    if (t.blockTime === null) continue;
    const key = `${t.from}>${t.to}`;
    const list = byPair.get(key) ?? [];
    list.push(t);
    byPair.set(key, list);
  }
  const out: Array<{ from: string; to: string; assets: number; at: number }> = [];
  for (const list of byPair.values()) {
    list.sort((a, b) => (a.blockTime ?? 0) - (b.blockTime ?? 0));
    let start = 0;
    for (let end = 0; end < list.length; end++) {
      while ((list[end].blockTime ?? 0) - (list[start].blockTime ?? 0) > SWEEP_WINDOW_S) start++;
      const assets = new Set(list.slice(start, end + 1).map((t) => t.asset ?? '?')).size;
      if (assets >= SWEEP_ASSETS) {
        out.push({ from: list[end].from, to: list[end].to, assets, at: list[start].blockTime ?? 0 });
        break;
      }
    }
  }
  return out;
}

export function behaviourFindings(
  family: ChainFamily,
  address: string,
  history: AddressHistory,
  nowSeconds: number,
  role = 'address',
): Finding[] {
  const out: Finding[] = [];
  const mine = history.transfers.filter((t) => same(family, t.from, address) || same(family, t.to, address));
  const swept = sweeps(mine);
  const victims = swept.filter((s) => same(family, s.to, address));
  if (victims.length >= DRAINER_SENDERS - 1)
    out.push({
      kind: 'wallet.drainer_receiver',
      severity: victims.length >= DRAINER_SENDERS ? 'high' : 'medium',
      message:
        `${role} ${address} received sweeps of several assets within minutes from ${victims.length} ` +
        `wallets: how a drainer's payout address looks`,
      source: heuristic('wallet.behaviour'),
      data: { address, senders: victims.slice(0, 10).map((s) => s.from), sweeps: victims.length },
    });
  const drained = swept.find((s) => same(family, s.from, address));
  if (drained) {
    const forwarded = mine.filter(
      (t) =>
        same(family, t.to, address) &&
        t.blockTime !== null &&
        t.blockTime > drained.at &&
        mine.some(
          (o) =>
            same(family, o.from, address) &&
            same(family, o.to, drained.to) &&
            o.blockTime !== null &&
            o.blockTime >= t.blockTime! &&
            o.blockTime - t.blockTime! <= FORWARD_WINDOW_S,
        ),
    ).length;
    out.push({
      kind: forwarded >= 2 ? 'wallet.sweeper' : 'wallet.drained',
      severity: forwarded >= 2 ? 'high' : 'medium',
      message:
        forwarded >= 2
          ? `${role} ${address} forwards what it receives to ${drained.to} within minutes (${forwarded} times): ` +
            `funds sent there are taken`
          : `${role} ${address} sent ${drained.assets} assets to ${drained.to} within minutes: it looks drained ` +
            `(its key or approvals are compromised)`,
      source: heuristic('wallet.behaviour'),
      data: { address, receiver: drained.to, forwarded },
    });
  }
  const times = mine.map((t) => t.blockTime).filter((x): x is number => x !== null);
  const first = times.length > 0 ? Math.min(...times) : null;
  if (!history.partial && (first === null || nowSeconds - first < FRESH_DAYS * 86400))
    out.push({
      kind: 'wallet.fresh_address',
      severity: 'info',
      message:
        first === null
          ? `${role} ${address} has no recorded transfers on this chain`
          : `${role} ${address} was first active ${Math.max(0, Math.floor((nowSeconds - first) / 3600))} hour(s) ago`,
      source: heuristic('wallet.behaviour'),
      data: { address, firstSeen: first, transfers: mine.length },
    });
  return out;
}

/**
 * The user's recent counterparties (newest first), from the user's own history: `all` of them, and those the user
 * `paid`, sending the chain's coin or a token `known` names (the token list's). Only a payment shows the user chose
 * the address: poisoners plant look-alikes in a victim's history without the victim's signature, by zero-value
 * `transferFrom` of real tokens (the providers drop zero-value rows), by fake tokens whose transfer events name the
 * victim as sender, and by dust sent to the victim (issue 14, twelfth pass).
 */
export function recentCounterparties(
  family: ChainFamily,
  own: string,
  history: AddressHistory,
  known: (asset: string) => boolean = () => false,
): { all: string[]; paid: string[] } {
  const sorted = [...history.transfers].sort((a, b) => (b.blockTime ?? 0) - (a.blockTime ?? 0));
  const all: string[] = [];
  const paid: string[] = [];
  for (const t of sorted.slice(0, RECENT_COUNTERPARTIES)) {
    const sent = same(family, t.from, own);
    const other = sent ? t.to : same(family, t.to, own) ? t.from : null;
    if (other === null) continue;
    if (!all.some((o) => same(family, o, other))) all.push(other);
    const payment = sent && t.asset !== null && (!isTokenAsset(family, t.asset) || known(t.asset));
    if (payment && !paid.some((o) => same(family, o, other))) paid.push(other);
  }
  return { all, paid };
}

/** A transfer's asset is a token (contract or mint), not the chain's coin (providers name the coin by its symbol). */
const isTokenAsset = (family: ChainFamily, asset: string): boolean =>
  family === 'evm' ? /^0x[0-9a-fA-F]{40}$/.test(asset) : asset.length >= 32;

/**
 * Poisoning against the user's counterparties: a look-alike (4+4 characters) of one of them, unless the user paid
 * the address itself (recentCounterparties): a look-alike that is in the history only by a planted transfer is
 * still a look-alike.
 */
export function counterpartyPoisoning(
  family: ChainFamily,
  address: string,
  counterparties: { all: string[]; paid: string[] },
  role = 'address',
): Finding | null {
  if (counterparties.paid.some((c) => same(family, c, address))) return null;
  // the addresses the user paid first: the imitated one is named, not another look-alike planted beside it
  for (const c of [...counterparties.paid, ...counterparties.all]) {
    if (same(family, c, address)) continue;
    const { prefix, suffix } = lookAlike(family, address, c);
    if (prefix >= 4 && suffix >= 4)
      return {
        kind: 'wallet.address_poisoning',
        severity: 'high',
        message:
          `${role} ${address} imitates ${c}, an address you recently transacted with (same first ` +
          `${prefix} and last ${suffix} characters): poisoning plants such look-alikes in your history`,
        source: heuristic('wallet.address_poisoning'),
        data: { prefix, suffix, counterparty: c },
      };
  }
  return null;
}

/** A spender/operator/delegate with no activity or first active within FRESH_DAYS: high (fresh drainer contracts). */
export function freshSpenderFinding(fresh: Finding, role: string): Finding {
  return {
    kind: 'tx.fresh_spender',
    severity: 'high',
    message:
      `${fresh.message.replace(/^\S+ /, `${role} `)}: new contracts receiving approvals are how drainers ` +
      `rotate faster than lists`,
    source: heuristic('tx.fresh_spender'),
    data: fresh.data,
  };
}
