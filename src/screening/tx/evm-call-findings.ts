/**
 * Decodes one EVM call (calldata decoded with viem against evm-abis.ts) and returns its findings: token approvals
 * (evm-asset-findings.ts; one ERC-721 token: evm-nft-approval.ts), NFT operator approvals, EIP-2612 permits,
 * Permit2, transfers, and batches (multicall / aggregate, smart-account execute / executeBatch, ERC-7579 execute:
 * evm-erc7579.ts) whose inner calls are decoded the same way (depth-limited, at most MAX_SCREENED_CALLS a request).
 */
import { decodeFunctionData, type Hex } from 'viem';
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { ERC7579_ABI, MULTICALL_ABI, PERMIT2_ABI, PERMIT2_ADDRESS, SMART_ACCOUNT_ABI, TOKEN_ABI } from './evm-abis.ts';
import {
  approvalFinding,
  atCall,
  batchTooLarge,
  batchTransferFindings,
  type CallContext,
  counterparty,
  lc,
  MAX_SCREENED_CALLS,
  permit2AllowanceTransfer,
  signatureTransferFindings,
  takeCalls,
  unknownCall,
} from './evm-asset-findings.ts';
import { decodeErc7579, type InnerCall } from './evm-erc7579.ts';
import { approveReading, nftApprovalFinding } from './evm-nft-approval.ts';

export type { CallContext } from './evm-asset-findings.ts';

const ABI = [...TOKEN_ABI, ...PERMIT2_ABI, ...MULTICALL_ABI, ...SMART_ACCOUNT_ABI, ...ERC7579_ABI];
/** Batch levels decoded inside one call (a batch in a batch in a batch); deeper is `tx.nested_batch`. */
const MAX_DEPTH = 3;

/** Decodes `data` sent to `to` and returns findings (unknownCall for selectors no ABI here decodes). */
export function evmCallFindings(to: string, data: Hex, ctx: CallContext, depth = 0, value = 0n): Finding[] {
  if (data === '0x') return [];
  if (data.length < 10)
    return [
      {
        kind: 'tx.short_calldata',
        severity: 'medium',
        message: `calldata ${data} is shorter than a 4-byte selector`,
        source: heuristic('tx.calldata'),
      },
    ];
  let call: { functionName: string; args?: readonly unknown[] };
  try {
    call = decodeFunctionData({ abi: ABI, data }) as { functionName: string; args?: readonly unknown[] };
  } catch {
    return [unknownCall(to, data, ctx, value)];
  }
  const a = call.args ?? [];
  const fn = call.functionName;
  ctx.decoded.push(fn);
  const isPermit2 = to === PERMIT2_ADDRESS;
  switch (fn) {
    case 'approve': {
      if (a.length === 4)
        return approvalFinding('tx.permit2_approval', 'Permit2 approve', lc(a[1]), a[2] as bigint, lc(a[0]), ctx);
      const reading = approveReading(to, a[1] as bigint, ctx);
      if (reading !== 'erc20') return nftApprovalFinding(lc(a[0]), a[1] as bigint, to, reading, ctx);
      return approvalFinding('tx.token_approval', 'approve', lc(a[0]), a[1] as bigint, to, ctx);
    }
    case 'increaseAllowance':
      return approvalFinding('tx.token_approval', 'increaseAllowance', lc(a[0]), a[1] as bigint, to, ctx);
    case 'setApprovalForAll': {
      if (a[1] !== true)
        return [
          {
            kind: 'tx.revoke_operator',
            severity: 'info',
            message: `setApprovalForAll(${lc(a[0])}, false) revokes an operator of ${to}`,
            source: heuristic('tx.nft_operator'),
          },
        ];
      // a known marketplace operator (OpenSea's conduit, Blur) is how every listing starts: low, like a known
      // router's unlimited allowance; an unknown operator is high
      return approvalFinding('tx.nft_operator_approval', 'setApprovalForAll', lc(a[0]), null, to, ctx);
    }
    case 'permit': {
      if (a.length === 3) {
        // Permit2 permit(owner, PermitSingle|PermitBatch, signature)
        const p = a[1] as { details: unknown; spender: string };
        const details = Array.isArray(p.details)
          ? (p.details as Array<{ token: string; amount: bigint }>)
          : [p.details as { token: string; amount: bigint }];
        return details.flatMap((d, i) =>
          approvalFinding('tx.permit2_permit', 'Permit2 permit', lc(p.spender), d.amount, lc(d.token), ctx).filter(
            (f, j) => i === 0 || j === 0,
          ),
        );
      }
      if (a.length === 8)
        return approvalFinding('tx.permit', 'DAI-style permit', lc(a[1]), a[4] === true ? null : 0n, to, ctx);
      return approvalFinding('tx.permit', 'EIP-2612 permit', lc(a[1]), a[2] as bigint, to, ctx);
    }
    case 'permitTransferFrom':
    case 'permitWitnessTransferFrom':
      return signatureTransferFindings(fn, a, isPermit2, ctx);
    case 'transfer': {
      const cp = counterparty(lc(a[0]), 'recipient', ctx);
      return [
        {
          kind: 'tx.token_transfer',
          severity: 'info',
          message: `transfer of ${a[1]} units of ${to} to ${lc(a[0])}`,
          source: heuristic('tx.transfer'),
          data: { token: to, to: lc(a[0]), amount: String(a[1]) },
        },
        ...cp.findings,
      ];
    }
    case 'safeBatchTransferFrom':
      return batchTransferFindings(to, a, ctx);
    case 'transferFrom':
    case 'safeTransferFrom': {
      if (fn === 'transferFrom' && (a.length === 1 || a.length === 4)) return permit2AllowanceTransfer(a, ctx);
      const cp = counterparty(lc(a[1]), 'recipient', ctx);
      const own = ctx.walletAddress?.toLowerCase();
      const fromOther = own !== undefined && lc(a[0]) !== own;
      return [
        {
          kind: 'tx.token_transfer_from',
          severity: fromOther ? 'medium' : 'info',
          message:
            `${fn} of ${a[2]} (amount or id) of ${to} from ${lc(a[0])} to ` +
            `${lc(a[1])}${fromOther ? ' (not from your wallet: it spends an allowance)' : ''}`,
          source: heuristic('tx.transfer'),
          data: { token: to, from: lc(a[0]), to: lc(a[1]) },
        },
        ...cp.findings,
      ];
    }
    case 'multicall':
    case 'aggregate':
    case 'tryAggregate':
    case 'aggregate3': {
      const inner: InnerCall[] =
        fn === 'multicall'
          ? (a[a.length - 1] as Hex[]).map((d) => ({ target: to, callData: d, value: 0n }))
          : (a[a.length - 1] as Array<{ target: string; callData: Hex }>).map((c) => ({
              target: lc(c.target),
              callData: c.callData,
              value: 0n,
            }));
      return batchFindings(fn, to, inner, ctx, depth);
    }
    case 'execute':
    case 'executeFromExecutor':
    case 'executeBatch':
      if (a.length === 2 && fn !== 'executeBatch') return erc7579Findings({ fn, to, data, a, depth, value }, ctx);
      return smartAccountFindings({ fn, to, data, a, depth, value }, ctx);
    default:
      return [];
  }
}

/** A batch's inner calls, each decoded like a top-level call (depth-limited, within the request's call budget). */
function batchFindings(fn: string, to: string, inner: InnerCall[], ctx: CallContext, depth: number): Finding[] {
  if (depth >= MAX_DEPTH)
    return [
      {
        kind: 'tx.nested_batch',
        severity: 'medium',
        message: `batch nested deeper than ${MAX_DEPTH} levels`,
        source: heuristic('tx.multicall'),
      },
    ];
  const out: Finding[] = [
    {
      kind: 'tx.batch',
      severity: 'info',
      message: `${fn} with ${inner.length} inner call(s)`,
      source: heuristic('tx.multicall'),
      data: { calls: inner.length },
    },
  ];
  const screened = takeCalls(ctx, inner.length);
  for (const [i, c] of inner.slice(0, screened).entries()) {
    const found = c.target !== to ? counterparty(c.target, 'batch target', ctx).findings : [];
    out.push(...atCall(i, [...found, ...evmCallFindings(c.target, c.callData, ctx, depth + 1, c.value)]));
  }
  if (screened < inner.length) out.push(batchTooLarge(fn, inner.length, screened));
  return out;
}

/**
 * Whether a batch sent to `to` is judged by its inner calls only: the user's own account (walletAddress: an ERC-4337
 * account or an EIP-7702 delegated wallet) or a well-known contract. Sent to any other contract the selector proves
 * nothing about the code, so the call stays an unknown call besides its decoded inner calls.
 */
function accountCallFindings(to: string, data: Hex, ctx: CallContext, value: bigint): Finding[] {
  const own = ctx.walletAddress !== undefined && to === ctx.walletAddress.toLowerCase();
  const known = ctx.knowledge.wellKnownContract('evm', to) !== null;
  return own || known ? [] : [unknownCall(to, data, ctx, value)];
}

/** An account's execute call as decoded: function name, account, calldata, arguments, batch depth, value sent. */
type AccountCall = { fn: string; to: string; data: Hex; a: readonly unknown[]; depth: number; value: bigint };

/** Smart-account execute / executeBatch (SimpleAccount, Kernel, Biconomy, Coinbase Smart Wallet). */
function smartAccountFindings({ fn, to, data, a, depth, value }: AccountCall, ctx: CallContext): Finding[] {
  let inner: InnerCall[];
  if (fn === 'execute') inner = [{ target: lc(a[0]), value: a[1] as bigint, callData: a[2] as Hex }];
  else if (a.length === 1)
    inner = (a[0] as Array<{ target: string; value: bigint; data: Hex }>).map((c) => ({
      target: lc(c.target),
      value: c.value,
      callData: c.data,
    }));
  else {
    const targets = a[0] as string[];
    const datas = a[a.length - 1] as Hex[];
    const values = a.length === 3 ? (a[1] as bigint[]) : [];
    inner = targets.map((t, i) => ({ target: lc(t), value: values[i] ?? 0n, callData: datas[i] ?? '0x' }));
  }
  return [...accountCallFindings(to, data, ctx, value), ...batchFindings(fn, to, inner, ctx, depth)];
}

/**
 * ERC-7579 `execute(bytes32 mode, bytes executionCalldata)` (and `executeFromExecutor`): single and batch calls are
 * screened like any batch; a delegatecall runs the target's code as the account itself (it can move every asset and
 * change the account's owners or modules), so it is high for code no list knows, never read as a plain call; a
 * staticcall changes nothing; execution data that does not decode or an unknown call type is `tx.malformed_batch`.
 */
function erc7579Findings({ fn, to, data, a, depth, value }: AccountCall, ctx: CallContext): Finding[] {
  const exec = decodeErc7579(a[0] as Hex, a[1] as Hex, to, MAX_SCREENED_CALLS);
  const out = accountCallFindings(to, data, ctx, value);
  const mode = { mode: a[0] as string, callType: exec.callType };
  if (exec.callType === 'unreadable') {
    out.push({
      kind: 'tx.malformed_batch',
      severity: 'medium',
      message: `ERC-7579 ${fn} with ${exec.reason}: the account rejects it or runs something this scan cannot read`,
      source: heuristic('tx.erc7579'),
      data: mode,
    });
  } else if (exec.callType === 'delegatecall') {
    const cp = counterparty(exec.target, 'delegatecall target', ctx);
    const known = ctx.knowledge.wellKnownContract('evm', exec.target);
    out.push(
      {
        kind: 'tx.account_delegatecall',
        severity: cp.listed ? 'critical' : known !== null ? 'medium' : 'high',
        message:
          `ERC-7579 ${fn} delegatecalls ${exec.target}${known !== null ? ` (${known.label})` : ''}: its code ` +
          `(selector ${exec.callData.slice(0, 10)}) runs as the account itself and can move every asset or ` +
          `replace the account's owners`,
        source: heuristic('tx.erc7579'),
        data: { ...mode, target: exec.target, known: known?.label ?? null },
      },
      ...cp.findings,
    );
  } else if (exec.callType === 'staticcall') {
    out.push({
      kind: 'tx.batch',
      severity: 'info',
      message: `ERC-7579 ${fn} staticcall to ${exec.calls[0].target}: it cannot change state`,
      source: heuristic('tx.erc7579'),
      data: mode,
    });
  } else out.push(...batchFindings(`ERC-7579 ${fn} (${exec.callType})`, to, exec.calls, ctx, depth));
  return out;
}
