/**
 * The fourth blind campaign simulator (docs/blind-campaigns-4.md): a Solana airdrop campaign written from knowledge
 * of Solana alone, without reading the engine or the other simulators. Legitimate users of many kinds (some that
 * look coordinated) and farms of many shapes and sizes (some built to leave no on-chain link) live in one seeded
 * world; the engine gets what a data provider would read of it, the truth says who is who.
 */
import type { EngineInput, EngineWalletInput } from '../../engine/types.ts';
import { fetchTransfers } from './blind4/fetch.ts';
import { isNoLink4, makeFarms } from './blind4/farms.ts';
import { makeLegit } from './blind4/legit.ts';
import { World } from './blind4/world.ts';

export { isNoLink4 };

export interface Blind4Options {
  seed: number;
  /** Listed legitimate wallets (default 25,000). */
  legitWallets?: number;
  /** Farms (default 40). */
  farms?: number;
}

export interface Blind4Truth {
  address: string;
  role: 'farm' | 'legit';
  /** The farm's kind or the legitimate pattern. */
  pattern: string;
  /** The farm's id or the legitimate group ('' when the wallet belongs to none). */
  group: string;
}

export const BLIND4_DEFAULTS = { legitWallets: 25_000, farms: 40 } as const;

export function simulateBlind4Campaign(opts: Blind4Options): { input: EngineInput; truth: Blind4Truth[] } {
  const legit = opts.legitWallets ?? BLIND4_DEFAULTS.legitWallets;
  const farms = opts.farms ?? BLIND4_DEFAULTS.farms;
  const w = new World(opts.seed);
  makeLegit(w, legit);
  makeFarms(w, farms, legit);
  // the campaign's list comes in no particular order
  const listed = w.rng.shuffle([...w.listed]);
  const transfers = fetchTransfers(w.ledger, w.book, new Set(listed.map((l) => l.id)), w.cutoff);
  const wallets: EngineWalletInput[] = listed.map((l) => {
    const row: EngineWalletInput = { address: w.book.textOf(l.id) };
    const points = w.points.get(l.id);
    if (points !== undefined) row.campaignPoints = Math.round(points);
    const event = w.eventType.get(l.id);
    if (event !== undefined) row.campaignEventType = event;
    if (l.referrer !== undefined) {
      row.referrerAddress = w.book.textOf(l.referrer);
      row.referralCode = l.referralCode;
    }
    return row;
  });
  const infrastructure = new Map<string, string>();
  for (const [id, name] of w.infra.labels) infrastructure.set(w.book.textOf(id), name);
  const truth = listed.map((l) => ({ address: w.book.textOf(l.id), role: l.role, pattern: l.pattern, group: l.group }));
  return {
    input: { chainFamily: 'solana', wallets, transfers, labels: { infrastructure, exceptions: new Set() } },
    truth,
  };
}
