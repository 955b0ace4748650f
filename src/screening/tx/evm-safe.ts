/**
 * Safe (Gnosis Safe) transactions: the owners' SafeTx signature and the on-chain `execTransaction` that carries it.
 * operation 1 is a delegatecall: the target's code runs with the Safe's own storage and can replace its owners or
 * singleton (how the Bybit Safe was taken in 2025); only Safe's own MultiSend / SignMessageLib are meant to be
 * delegatecalled. operation 0 is a plain call, screened like a transaction from the Safe. A MultiSend batch is
 * unpacked and every inner call screened the same way, so a harmless-looking batch cannot hide an approval.
 */
import { decodeFunctionData, type Hex, parseAbi } from 'viem';
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { SAFE_DELEGATECALL_LIBS } from '../registry/protocol-contracts.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { addressListFindings } from '../wallet/analyze-wallet.ts';
import { atCall, batchTooLarge, takeCalls } from './evm-asset-findings.ts';
import { type CallContext, evmCallFindings } from './evm-call-findings.ts';

const ADDR = /^0x[0-9a-fA-F]{40}$/;
/** MultiSend batches nested deeper than this are reported, not unpacked (a batch has no reason to nest). */
const MAX_SAFE_DEPTH = 2;

const SAFE_ABI = parseAbi([
  'function multiSend(bytes transactions)',
  // execTransaction(to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures)
  'function execTransaction(address, uint256, bytes, uint8, uint256, uint256, uint256, address, address, bytes)',
]);

const big = (v: unknown): bigint => {
  try {
    return v === undefined || v === null ? 0n : BigInt(v as string);
  } catch {
    return 0n;
  }
};

/** SafeTx typed data: the inner call the owners sign, screened as sent by the Safe. */
export function safeTxFindings(message: Record<string, unknown>, ctx: CallContext): Finding[] {
  const to = typeof message.to === 'string' && ADDR.test(message.to) ? message.to.toLowerCase() : null;
  if (to === null) throw new ScreeningInputError('invalid_transaction', 'SafeTx message.to must be an address');
  const data = typeof message.data === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(message.data) ? message.data : '0x';
  ctx.decoded.push('SafeTx');
  return safeCallFindings(to, Number(message.operation ?? 0), big(message.value), data.toLowerCase() as Hex, ctx, 0);
}

/**
 * An on-chain `execTransaction` (the call that executes a signed SafeTx), screened by its inner call; null when
 * `data` is not one. A call that also sends value is not read as a Safe execution (a Safe owner has no reason to),
 * so an unknown contract cannot borrow the selector to escape the unknown-call rule.
 */
export function execTransactionFindings(safe: string, data: Hex, value: bigint, ctx: CallContext): Finding[] | null {
  if (value > 0n || data.length < 10) return null;
  let args: readonly unknown[];
  try {
    const call = decodeFunctionData({ abi: SAFE_ABI, data });
    if (call.functionName !== 'execTransaction') return null;
    args = call.args;
  } catch {
    return null;
  }
  ctx.decoded.push('execTransaction');
  const to = String(args[0]).toLowerCase();
  const operation = Number(args[3]);
  return [
    {
      kind: 'tx.safe_exec',
      severity: 'info',
      message: `executes a Safe transaction of ${safe}: ${operation === 1 ? 'delegatecall' : 'call'} to ${to}`,
      source: heuristic('tx.safe'),
      data: { safe, to, operation },
    },
    ...safeCallFindings(to, operation, args[1] as bigint, (args[2] as Hex).toLowerCase() as Hex, ctx, 0),
  ];
}

function safeCallFindings(to: string, operation: number, value: bigint, data: Hex, ctx: CallContext, depth: number) {
  const out: Finding[] = [];
  const lib = SAFE_DELEGATECALL_LIBS.has(to);
  if (operation === 1) {
    out.push({
      kind: 'tx.safe_delegatecall',
      severity: lib ? 'low' : 'critical',
      message: lib
        ? `Safe transaction delegatecalls ${to}, a Safe library (batch or message signing)`
        : `Safe transaction delegatecalls ${to}: that code would run as the Safe itself and can replace its ` +
          `owners or implementation`,
      source: heuristic('tx.safe'),
      data: { to, operation },
    });
  }
  // a library's own call (a batch) is unpacked; any other target's calldata is decoded as a call from the Safe
  if (operation === 1 && lib) out.push(...multiSendFindings(data, ctx, depth));
  else out.push(...evmCallFindings(to, data, ctx, 1, value));
  out.push(
    ...addressListFindings('evm', to, ctx.knowledge, 'Safe transaction target')
      .filter((f) => f.severity === 'critical')
      .map((f) => ({ ...f, kind: 'tx.counterparty_blocklisted' })),
  );
  return out;
}

/** MultiSend(CallOnly) `multiSend(bytes)`: packed (operation u8, to, value u256, length u256, data) entries. */
function multiSendFindings(data: Hex, ctx: CallContext, depth: number): Finding[] {
  let packed: Hex;
  try {
    const call = decodeFunctionData({ abi: SAFE_ABI, data });
    if (call.functionName !== 'multiSend') return [];
    packed = call.args[0] as Hex;
  } catch {
    return []; // SignMessageLib and other library calls: nothing to unpack
  }
  if (depth >= MAX_SAFE_DEPTH)
    return [unread('tx.nested_batch', `MultiSend nested deeper than ${MAX_SAFE_DEPTH} levels`)];
  const entries = unpackMultiSend(packed);
  if (entries === null) return [unread('tx.malformed_batch', 'MultiSend batch whose entries do not fit its length')];
  ctx.decoded.push('multiSend');
  const out: Finding[] = [
    {
      kind: 'tx.batch',
      severity: 'info',
      message: `Safe MultiSend with ${entries.length} inner call(s)`,
      source: heuristic('tx.safe'),
      data: { calls: entries.length },
    },
  ];
  const screened = takeCalls(ctx, entries.length);
  for (const [i, e] of entries.slice(0, screened).entries())
    out.push(...atCall(i, safeCallFindings(e.to, e.operation, e.value, e.data, ctx, depth + 1)));
  if (screened < entries.length) out.push(batchTooLarge('Safe MultiSend', entries.length, screened));
  return out;
}

type Entry = { operation: number; to: string; value: bigint; data: Hex };

function unpackMultiSend(packed: Hex): Entry[] | null {
  const hex = packed.slice(2);
  const entries: Entry[] = [];
  let i = 0;
  while (i < hex.length) {
    const head = 2 + 40 + 64 + 64;
    if (i + head > hex.length) return null;
    const length = Number.parseInt(hex.slice(i + 106, i + 170), 16);
    if (!Number.isSafeInteger(length) || i + head + 2 * length > hex.length) return null;
    entries.push({
      operation: Number.parseInt(hex.slice(i, i + 2), 16),
      to: `0x${hex.slice(i + 2, i + 42)}`,
      value: BigInt(`0x${hex.slice(i + 42, i + 106)}`),
      data: `0x${hex.slice(i + head, i + head + 2 * length)}` as Hex,
    });
    i += head + 2 * length;
  }
  return entries;
}

/** A MultiSend this scan does not unpack (too deep, or entries that do not fit): what it runs is unread. */
function unread(kind: string, message: string): Finding {
  return { kind, severity: 'medium', message, source: heuristic('tx.safe') };
}
