/**
 * Findings for Solana instructions: System program (transfer, assign, durable nonce advance / authorize) and SPL
 * Token / Token-2022 (Transfer, TransferChecked, Approve, ApproveChecked, SetAuthority, CloseAccount), with listed
 * recipients/delegates and, when the caller gives balances, transfers of most of a balance.
 * Instruction layouts: System = u32 LE tag; SPL Token = u8 tag, amounts u64 LE (solana-program-library token/program).
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { addressListFindings, poisoningFinding } from '../wallet/analyze-wallet.ts';
import { base58Encode } from '../../core/address/solana-address.ts';
import type { SolTransaction } from './solana-message.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const QUIET = new Set([
  'ComputeBudget111111111111111111111111111111',
  'MemoSq4gqABAXKb4WqhrKt9c9Uu4uC6VHy8dxXxR4Z4K',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EQVDDwQDxFMNo',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
]);
const AUTHORITY_TYPES = ['MintTokens', 'FreezeAccount', 'AccountOwner', 'CloseAccount'];
const U64_MAX = 2n ** 64n - 1n;

export interface SolanaBalances {
  lamports?: string | number;
  tokens?: Record<string, string | number>;
}

const u64 = (d: Uint8Array, at: number): bigint | null => {
  if (d.length < at + 8) return null;
  let v = 0n;
  for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(d[at + i]);
  return v;
};
const u32 = (d: Uint8Array): number | null =>
  d.length < 4 ? null : (d[0] | (d[1] << 8) | (d[2] << 16)) + d[3] * 2 ** 24;

export function solanaFindings(
  tx: SolTransaction,
  knowledge: ScreeningKnowledge,
  walletAddress?: string,
  balances: SolanaBalances = {},
): { findings: Finding[]; decoded: string[] } {
  const findings: Finding[] = [];
  const decoded: string[] = [];
  const party = (address: string, role: string): void => {
    if (address.startsWith('lookup:')) return;
    findings.push(
      ...addressListFindings('solana', address, knowledge, role).map((f) =>
        f.kind === 'wallet.blocklisted' ? { ...f, kind: 'tx.counterparty_blocklisted' } : f,
      ),
    );
    const p = poisoningFinding('solana', address, walletAddress);
    if (p) findings.push({ ...p, kind: 'tx.address_poisoning', message: `${role}: ${p.message}` });
  };
  const share = (amount: bigint, balance: string | number | undefined): number | null => {
    if (balance === undefined) return null;
    const b = BigInt(balance);
    return b > 0n ? Number((amount * 10000n) / b) / 10000 : null;
  };
  // transfers are summed per source (and balance) before the share is judged: a drainer splits the take
  // (operator + affiliate), so two transfers of 80% and 19% drain the balance as much as one of 99%
  const moved = new Map<string, { what: string; amount: bigint; balance: string | number; transfers: number }>();
  const drain = (key: string, amount: bigint, balance: string | number | undefined, what: string): void => {
    if (balance === undefined) return;
    const cur = moved.get(key);
    if (cur) {
      cur.amount += amount;
      cur.transfers++;
    } else moved.set(key, { what, amount, balance, transfers: 1 });
  };
  let transfers = 0;
  tx.instructions.forEach((ix, i) => {
    const d = ix.data;
    if (ix.programId === SYSTEM_PROGRAM) {
      const tag = u32(d);
      if (tag === 2) {
        const lamports = u64(d, 4) ?? 0n;
        decoded.push('system.transfer');
        transfers++;
        const to = ix.accounts[1] ?? 'unknown';
        findings.push({
          kind: 'tx.sol_transfer',
          severity: 'info',
          message: `transfers ${lamports} lamports to ${to}`,
          source: heuristic('tx.transfer'),
          data: { lamports: lamports.toString(), to },
        });
        party(to, 'recipient');
        drain(`sol:${ix.accounts[0] ?? ''}`, lamports, balances.lamports, 'SOL');
      } else if (tag === 4) {
        decoded.push('system.advanceNonceAccount');
        findings.push({
          kind: 'tx.durable_nonce',
          severity: 'high',
          message:
            `instruction ${i} advances nonce account ${ix.accounts[0] ?? '?'}: a durable-nonce transaction ` +
            `never expires and can be submitted long after signing`,
          source: heuristic('tx.durable_nonce'),
          data: { nonceAccount: ix.accounts[0] ?? null, position: i },
        });
      } else if (tag === 7) {
        decoded.push('system.authorizeNonceAccount');
        const next = d.length >= 36 ? base58Encode(d.slice(4, 36)) : null;
        findings.push({
          kind: 'tx.nonce_authority_change',
          severity: 'high',
          message: `hands the nonce account ${ix.accounts[0] ?? '?'} to ${next ?? 'another authority'}`,
          source: heuristic('tx.durable_nonce'),
          data: { newAuthority: next },
        });
        if (next) party(next, 'new nonce authority');
      } else if (tag === 1) {
        decoded.push('system.assign');
        const program = d.length >= 36 ? base58Encode(d.slice(4, 36)) : null;
        findings.push({
          kind: 'tx.account_assign',
          severity: 'high',
          message:
            `assigns account ${ix.accounts[0] ?? '?'} to program ${program ?? '?'}: ` + 'the program then controls it',
          source: heuristic('tx.account_assign'),
          data: { program },
        });
      } else decoded.push(`system.${tag ?? 'empty'}`);
      return;
    }
    if (ix.programId === TOKEN_PROGRAM || ix.programId === TOKEN_2022_PROGRAM) {
      const tag = d[0];
      if (tag === 3 || tag === 12) {
        const amount = u64(d, 1) ?? 0n;
        const dest = tag === 3 ? ix.accounts[1] : ix.accounts[2];
        const source = ix.accounts[0];
        decoded.push(tag === 3 ? 'token.transfer' : 'token.transferChecked');
        transfers++;
        findings.push({
          kind: 'tx.token_transfer',
          severity: 'info',
          message: `token transfer of ${amount} base units from ${source} to ${dest}`,
          source: heuristic('tx.transfer'),
          data: { amount: amount.toString(), source, destination: dest, mint: tag === 12 ? ix.accounts[1] : null },
        });
        if (dest) party(dest, 'token recipient');
        const bySource = balances.tokens?.[source ?? ''];
        const byMint = tag === 12 ? balances.tokens?.[ix.accounts[1] ?? ''] : undefined;
        if (bySource !== undefined) drain(`token:${source}`, amount, bySource, `token account ${source}`);
        else drain(`mint:${ix.accounts[1]}`, amount, byMint, `mint ${ix.accounts[1]}`);
      } else if (tag === 4 || tag === 13) {
        const amount = u64(d, 1) ?? 0n;
        const delegate = tag === 4 ? ix.accounts[1] : ix.accounts[2];
        decoded.push(tag === 4 ? 'token.approve' : 'token.approveChecked');
        const unlimited = amount >= U64_MAX / 2n;
        findings.push({
          kind: unlimited ? 'tx.token_delegate_unlimited' : 'tx.token_delegate',
          severity: unlimited ? 'high' : 'medium',
          message:
            `approves ${delegate} as delegate for ` +
            `${unlimited ? 'an unlimited amount' : `${amount} base units`} of token account ${ix.accounts[0]}`,
          source: heuristic('tx.token_delegate'),
          data: { delegate, amount: amount.toString() },
        });
        if (delegate) party(delegate, 'delegate');
      } else if (tag === 6) {
        const type = AUTHORITY_TYPES[d[1]] ?? `type ${d[1]}`;
        const next = d[2] === 1 && d.length >= 35 ? base58Encode(d.slice(3, 35)) : null;
        decoded.push('token.setAuthority');
        // "to self" only for the caller's wallet or the current authority (a no-op): never the fee payer, whom
        // the transaction's builder picks (a drainer can pay the fee and name itself the new owner)
        const toSelf = next !== null && (next === walletAddress || next === ix.accounts[1]);
        const severity =
          type === 'AccountOwner' ? (toSelf ? 'low' : 'critical') : type === 'CloseAccount' ? 'high' : 'medium';
        findings.push({
          kind: type === 'AccountOwner' ? 'tx.token_owner_change' : 'tx.token_authority_change',
          severity,
          message:
            `SetAuthority ${type} of ${ix.accounts[0]} to ` +
            `${next ?? 'none'}${type === 'AccountOwner' && !toSelf ? ': the new owner controls the tokens' : ''}`,
          source: heuristic('tx.set_authority'),
          data: { authorityType: type, account: ix.accounts[0], newAuthority: next },
        });
        if (next) party(next, 'new authority');
      } else if (tag === 9) {
        const dest = ix.accounts[1];
        decoded.push('token.closeAccount');
        const owner = walletAddress ?? ix.accounts[2];
        const other = dest !== undefined && owner !== undefined && dest !== owner;
        findings.push({
          kind: 'tx.token_close_account',
          severity: other ? 'medium' : 'info',
          message: `closes token account ${ix.accounts[0]}, rent to ${dest}`,
          source: heuristic('tx.close_account'),
          data: { destination: dest },
        });
      } else decoded.push(`token.${tag ?? 'empty'}`);
      return;
    }
    if (QUIET.has(ix.programId)) {
      decoded.push('other.' + ix.programId.slice(0, 8));
      return;
    }
    decoded.push('unknown');
    findings.push({
      kind: 'tx.unknown_program',
      severity: 'info',
      message: `instruction ${i} calls program ${ix.programId}, which is not decoded`,
      source: heuristic('tx.unknown_program'),
      data: { programId: ix.programId },
    });
    party(ix.programId, 'program');
  });
  for (const m of moved.values()) {
    const s = share(m.amount, m.balance);
    if (s !== null && s >= 0.9)
      findings.push({
        kind: 'tx.drains_balance',
        severity: 'high',
        message:
          `${m.transfers > 1 ? `${m.transfers} transfers move` : 'a transfer moves'} ${(s * 100).toFixed(1)}% ` +
          `of the ${m.what} balance`,
        source: heuristic('tx.drains_balance'),
        data: { amount: m.amount.toString(), balance: String(m.balance), transfers: m.transfers },
      });
  }
  if (transfers >= 8)
    findings.push({
      kind: 'tx.many_transfers',
      severity: 'medium',
      message: `${transfers} transfers in one transaction`,
      source: heuristic('tx.many_transfers'),
    });
  return { findings, decoded };
}
