/**
 * Transfers of one Solana transaction as returned by getTransaction with encoding jsonParsed
 * (solana.com/docs/rpc/http/gettransaction): system program `transfer` / `transferWithSeed` instructions (SOL,
 * lamports / 1e9) and SPL token `transfer` / `transferChecked` (token accounts mapped to their owners through
 * meta.preTokenBalances / postTokenBalances), top-level and inner instructions alike. When no SOL instruction
 * touches the wallet but its balance changed, the pre/post balances give the transfer if exactly one other
 * account changed by the opposite amount (programs that move lamports without a parsed system transfer).
 * Kept: transfers from or to the wallet, and those from an address that paid the wallet in the same
 * transaction (one funder paying many wallets in one transaction is strong funding evidence).
 */
import { formatUnits } from 'viem';
import type { FetchedTransfer } from './chain-provider.ts';

const SOL_TYPES = new Set(['transfer', 'transferWithSeed']);
const SPL_TYPES = new Set(['transfer', 'transferChecked']);

interface ParsedInstruction {
  program?: string;
  programId?: string;
  parsed?: { type?: string; info?: Record<string, any> };
}
interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount?: { decimals: number };
}
export interface ParsedTransaction {
  blockTime?: number | null;
  meta?: {
    err: unknown;
    fee?: number;
    preBalances?: number[];
    postBalances?: number[];
    preTokenBalances?: TokenBalance[];
    postTokenBalances?: TokenBalance[];
    innerInstructions?: Array<{ instructions: ParsedInstruction[] }>;
  } | null;
  transaction?: {
    signatures?: string[];
    message?: { accountKeys?: Array<{ pubkey: string } | string>; instructions?: ParsedInstruction[] };
  };
}

const scaleAmount = (raw: string, decimals: number): string => formatUnits(BigInt(raw), decimals);

export function solanaTransfers(tx: ParsedTransaction, wallet: string, signature: string): FetchedTransfer[] {
  const meta = tx.meta;
  if (!meta || (meta.err !== null && meta.err !== undefined)) return [];
  const keys = (tx.transaction?.message?.accountKeys ?? []).map((k) => (typeof k === 'string' ? k : k.pubkey));
  const tokenAccounts = new Map<string, { owner: string | null; mint: string; decimals: number }>();
  for (const b of [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])]) {
    const account = keys[b.accountIndex];
    if (account)
      tokenAccounts.set(account, { owner: b.owner ?? null, mint: b.mint, decimals: b.uiTokenAmount?.decimals ?? 0 });
  }
  const instructions = [
    ...(tx.transaction?.message?.instructions ?? []),
    ...(meta.innerInstructions ?? []).flatMap((i) => i.instructions),
  ];
  const blockTime = typeof tx.blockTime === 'number' ? tx.blockTime : null;
  const all: FetchedTransfer[] = [];
  const add = (from: string, to: string, amount: string | null, asset: string | null): void => {
    all.push({ from, to, txHash: signature, blockTime, amount, asset });
  };
  for (const ins of instructions) {
    const type = ins.parsed?.type;
    const info = ins.parsed?.info;
    if (!type || !info) continue;
    if (ins.program === 'system' && SOL_TYPES.has(type) && typeof info.lamports === 'number' && info.lamports > 0) {
      add(info.source, info.destination, scaleAmount(String(info.lamports), 9), 'SOL');
    } else if ((ins.program === 'spl-token' || ins.program === 'spl-token-2022') && SPL_TYPES.has(type)) {
      const src = tokenAccounts.get(info.source);
      const dst = tokenAccounts.get(info.destination);
      const mint: string | null = info.mint ?? src?.mint ?? dst?.mint ?? null;
      const raw: string | undefined = info.tokenAmount?.amount ?? info.amount;
      const decimals: number | undefined = info.tokenAmount?.decimals ?? src?.decimals ?? dst?.decimals;
      if (!raw || !/^\d+$/.test(raw) || /^0+$/.test(raw)) continue;
      add(
        src?.owner ?? info.authority ?? info.source,
        dst?.owner ?? info.destination,
        decimals === undefined ? null : scaleAmount(raw, decimals),
        mint,
      );
    }
  }
  if (!all.some((t) => t.asset === 'SOL' && (t.from === wallet || t.to === wallet))) {
    const fromBalances = balanceTransfer(keys, meta, wallet);
    if (fromBalances) add(fromBalances.from, fromBalances.to, scaleAmount(String(fromBalances.lamports), 9), 'SOL');
  }
  const payers = new Set(all.filter((t) => t.to === wallet).map((t) => t.from));
  return all.filter((t) => t.from !== t.to && (t.from === wallet || t.to === wallet || payers.has(t.from)));
}

function balanceTransfer(
  keys: string[],
  meta: NonNullable<ParsedTransaction['meta']>,
  wallet: string,
): { from: string; to: string; lamports: number } | null {
  const pre = meta.preBalances ?? [];
  const post = meta.postBalances ?? [];
  const delta = (i: number): number => (post[i] ?? 0) - (pre[i] ?? 0) + (i === 0 ? (meta.fee ?? 0) : 0);
  const w = keys.indexOf(wallet);
  if (w < 0) return null;
  const d = delta(w);
  if (d === 0) return null;
  const matches = keys.map((_, i) => i).filter((i) => i !== w && delta(i) === -d);
  if (matches.length !== 1) return null;
  const other = keys[matches[0]];
  return d > 0 ? { from: other, to: wallet, lamports: d } : { from: wallet, to: other, lamports: -d };
}
