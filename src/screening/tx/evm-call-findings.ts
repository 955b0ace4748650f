/**
 * Findings for one decoded EVM call (calldata decoded with viem against evm-abis.ts): token approvals (unlimited or
 * to unknown / listed spenders), NFT operator approvals, EIP-2612 permits, Permit2, transfers, and multicall /
 * aggregate batches, whose inner calls are decoded the same way (depth-limited).
 */
import { decodeFunctionData, type Hex } from 'viem';
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { addressListFindings, poisoningFinding } from '../wallet/analyze-wallet.ts';
import {
  HUGE_AMOUNT,
  KNOWN_SPENDERS,
  MULTICALL_ABI,
  PERMIT2_ABI,
  PERMIT2_ADDRESS,
  SMART_ACCOUNT_ABI,
  TOKEN_ABI,
} from './evm-abis.ts';

const ABI = [...TOKEN_ABI, ...PERMIT2_ABI, ...MULTICALL_ABI, ...SMART_ACCOUNT_ABI];
const MAX_DEPTH = 3;

export interface CallContext {
  knowledge: ScreeningKnowledge;
  walletAddress?: string;
  decoded: string[];
  /** Chain id of the requested chain (null: any EVM chain). */
  chainId: number | null;
}

const lc = (a: unknown): string => String(a).toLowerCase();

/** Findings for a spender/operator/recipient: listed (critical), known contract (null) or unknown. */
function counterparty(
  address: string,
  role: string,
  ctx: CallContext,
): { findings: Finding[]; known: string | null; listed: boolean } {
  const findings = addressListFindings('evm', address, ctx.knowledge, role).map((f) =>
    f.kind === 'wallet.blocklisted' ? { ...f, kind: 'tx.counterparty_blocklisted' } : f,
  );
  const poison = poisoningFinding('evm', address, ctx.walletAddress);
  if (poison) findings.push({ ...poison, kind: 'tx.address_poisoning', message: `${role}: ${poison.message}` });
  return { findings, known: KNOWN_SPENDERS[address] ?? null, listed: findings.some((f) => f.severity === 'critical') };
}

function approvalFinding(
  kind: string,
  what: string,
  spender: string,
  amount: bigint | null,
  token: string,
  ctx: CallContext,
): Finding[] {
  if (amount === 0n) {
    // an allowance of 0 is a revocation (what revoke tools send): never a risk, least of all for a listed spender
    const listed = ctx.knowledge.blockedAddress('evm', spender) !== null;
    return [
      {
        kind: 'tx.revoke_approval',
        severity: 'info',
        message:
          `${what} of 0 for ${spender}${listed ? ' (a listed scam address)' : ''} on ${token} grants nothing ` +
          `(approve / permit of 0 revokes)`,
        source: heuristic(kind),
        data: { spender, token, listedSpender: listed },
      },
    ];
  }
  const cp = counterparty(spender, 'spender', ctx);
  const unlimited = amount === null || amount >= HUGE_AMOUNT;
  let severity: Severity;
  if (cp.listed) severity = 'critical';
  else if (cp.known !== null) severity = unlimited ? 'low' : 'info';
  else severity = unlimited ? 'high' : 'medium';
  const who = cp.known !== null ? `${spender} (${cp.known})` : `${spender} (not a known contract)`;
  const amountText = amount === null ? 'all tokens' : unlimited ? `an unlimited amount (${amount})` : `${amount} units`;
  return [
    {
      kind: unlimited && amount !== null ? `${kind}_unlimited` : kind,
      severity,
      message: `${what} lets ${who} spend ${amountText} of ${token}`,
      source: heuristic(kind),
      data: { spender, amount: amount?.toString() ?? null, token, knownSpender: cp.known },
    },
    ...cp.findings,
  ];
}

/**
 * A call none of the ABIs decodes. To a well-known contract (registry, token list) it is information; to any other
 * contract nothing vouches for the code, so it warns, and more so when it sends value (a `claim()` paying ETH to
 * a fresh contract is how drainer pages take native coins).
 */
function unknownCall(to: string, data: Hex, ctx: CallContext, value: bigint): Finding {
  const known = ctx.knowledge.wellKnownContract('evm', to);
  const severity: Severity = known !== null ? 'info' : value > 0n ? 'high' : 'medium';
  return {
    kind: 'tx.unknown_call',
    severity,
    message:
      known !== null
        ? `selector ${data.slice(0, 10)} to ${to} (${known.label}) is not one of the decoded calls`
        : `selector ${data.slice(0, 10)} calls ${to}, a contract no loaded list or registry ` +
          `knows${value > 0n ? `, and sends it ${value} wei` : ''}: what it does cannot be read here`,
    source: heuristic('tx.calldata'),
    data: { selector: data.slice(0, 10), known: known?.label ?? null, value: value.toString() },
  };
}

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
    case 'approve':
      if (a.length === 4)
        return approvalFinding('tx.permit2_approval', 'Permit2 approve', lc(a[1]), a[2] as bigint, lc(a[0]), ctx);
      return approvalFinding('tx.token_approval', 'approve', lc(a[0]), a[1] as bigint, to, ctx);
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
    case 'executeBatch':
      return smartAccountFindings(fn, to, data, a, ctx, depth, value);
    default:
      return [];
  }
}

type Permitted = { token: string; amount: bigint };
type Details = { to: string; requestedAmount: bigint };

/** Permit2 SignatureTransfer (single, batch, witness): tokens leave `owner` on the strength of a signature. */
function signatureTransferFindings(fn: string, a: readonly unknown[], isPermit2: boolean, ctx: CallContext): Finding[] {
  const p = a[0] as { permitted: Permitted | Permitted[] };
  const permitted = Array.isArray(p.permitted) ? p.permitted : [p.permitted];
  const details = Array.isArray(a[1]) ? (a[1] as Details[]) : [a[1] as Details];
  const owner = lc(a[2]);
  const out: Finding[] = [];
  const parties = details.map((d) => counterparty(lc(d.to), 'recipient', ctx));
  const listed = parties.some((c) => c.listed);
  const toSelf = details.every((d) => lc(d.to) === ctx.walletAddress);
  out.push({
    kind: 'tx.permit2_transfer',
    severity: listed ? 'critical' : toSelf ? 'info' : 'high',
    message:
      `Permit2 ${fn} moves ${permitted.length} token(s) ` +
      `(${permitted.map((x) => lc(x.token)).join(', ')}) from ${owner} to ` +
      `${[...new Set(details.map((d) => lc(d.to)))].join(', ')} with a signature`,
    source: heuristic('tx.permit2'),
    data: { tokens: permitted.map((x) => lc(x.token)), to: details.map((d) => lc(d.to)), owner, permit2: isPermit2 },
  });
  for (const c of parties) out.push(...c.findings);
  return out;
}

/** Permit2 AllowanceTransfer transferFrom (single or batch): spends an allowance given to the caller earlier. */
function permit2AllowanceTransfer(a: readonly unknown[], ctx: CallContext): Finding[] {
  const rows =
    a.length === 1
      ? (a[0] as Array<{ from: string; to: string; amount: bigint; token: string }>)
      : [{ from: lc(a[0]), to: lc(a[1]), amount: a[2] as bigint, token: lc(a[3]) }];
  const out: Finding[] = [];
  for (const r of rows) {
    const cp = counterparty(lc(r.to), 'recipient', ctx);
    const fromOther = ctx.walletAddress !== undefined && lc(r.from) !== ctx.walletAddress;
    out.push(
      {
        kind: 'tx.token_transfer_from',
        severity: cp.listed ? 'critical' : fromOther ? 'medium' : 'info',
        message: `Permit2 transferFrom of ${r.amount} of ${lc(r.token)} from ${lc(r.from)} to ${lc(r.to)}`,
        source: heuristic('tx.permit2'),
        data: { token: lc(r.token), from: lc(r.from), to: lc(r.to) },
      },
      ...cp.findings,
    );
  }
  return out;
}

/** Items an ERC-1155 batch may move before it reads as a sweep of the wallet's collection. */
export const SWEEP_ITEMS = 5;

/** ERC-1155 safeBatchTransferFrom: many items in one call, the shape of NFT sweeps. */
function batchTransferFindings(to: string, a: readonly unknown[], ctx: CallContext): Finding[] {
  const from = lc(a[0]);
  const recipient = lc(a[1]);
  const ids = a[2] as readonly bigint[];
  const cp = counterparty(recipient, 'recipient', ctx);
  const fromOther = ctx.walletAddress !== undefined && from !== ctx.walletAddress;
  const severity: Severity = cp.listed ? 'critical' : fromOther ? 'medium' : ids.length >= SWEEP_ITEMS ? 'low' : 'info';
  return [
    {
      kind: 'tx.token_batch_transfer',
      severity,
      message:
        `ERC-1155 safeBatchTransferFrom of ${ids.length} item id(s) of ${to} from ${from} to ` +
        `${recipient}${fromOther ? ' (not from your wallet: it spends an operator approval)' : ''}`,
      source: heuristic('tx.transfer'),
      data: { token: to, from, to: recipient, items: ids.length },
    },
    ...cp.findings,
  ];
}

type InnerCall = { target: string; callData: Hex; value: bigint };

/** A batch's inner calls, each decoded like a top-level call (depth-limited). */
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
  for (const c of inner) {
    if (c.target !== to) out.push(...counterparty(c.target, 'batch target', ctx).findings);
    out.push(...evmCallFindings(c.target, c.callData, ctx, depth + 1, c.value));
  }
  return out;
}

/**
 * Smart-account execute / executeBatch. Sent to the user's own account (walletAddress: an ERC-4337 account or an
 * EIP-7702 delegated wallet) it is the user's batch: only the inner calls are judged. Sent to any other contract
 * the selector proves nothing about the code, so the call stays an unknown call besides its decoded inner calls.
 */
function smartAccountFindings(
  fn: string,
  to: string,
  data: Hex,
  a: readonly unknown[],
  ctx: CallContext,
  depth: number,
  value: bigint,
): Finding[] {
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
  const own = ctx.walletAddress !== undefined && to === ctx.walletAddress.toLowerCase();
  const known = ctx.knowledge.wellKnownContract('evm', to) !== null;
  return [...(own || known ? [] : [unknownCall(to, data, ctx, value)]), ...batchFindings(fn, to, inner, ctx, depth)];
}
