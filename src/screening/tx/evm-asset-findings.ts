/**
 * Findings for the asset-moving calls of one decoded EVM call: token approvals (unlimited, to unknown / listed
 * spenders, or one ERC-721 token), Permit2 signature and allowance transfers, ERC-1155 batch transfers, and calls
 * no ABI here decodes. evm-call-findings.ts decodes the calldata and hands the arguments here.
 */
import type { Hex } from 'viem';
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { addressListFindings, poisoningFinding } from '../wallet/analyze-wallet.ts';
import { HUGE_AMOUNT, KNOWN_SPENDERS } from './evm-abis.ts';

/**
 * Inner calls one request may have screened, over all its batches and levels together (wallet_sendCalls, multicall,
 * smart-account and ERC-7579 batches, Safe MultiSend). A work and response-size bound, not a risk threshold: past it
 * a batch gets `tx.batch_too_large` (warn) for the calls left unread.
 */
export const MAX_SCREENED_CALLS = 256;

export interface CallContext {
  knowledge: ScreeningKnowledge;
  walletAddress?: string;
  decoded: string[];
  /** Chain id of the requested chain (null: any EVM chain). */
  chainId: number | null;
  /** Inner calls screened so far in this request (shared by every context of one request). */
  budget: { screened: number };
  /** Host of the site that asked for the signature, when the request names it (`origin`); null when not given. */
  origin: string | null;
}

/** Takes up to n inner calls from the request's budget; returns how many may be screened. */
export function takeCalls(ctx: Pick<CallContext, 'budget'>, n: number): number {
  const k = Math.max(0, Math.min(n, MAX_SCREENED_CALLS - ctx.budget.screened));
  ctx.budget.screened += k;
  return k;
}

/** A batch whose calls beyond the request's budget were not read: what they do is unknown, so it warns. */
export function batchTooLarge(what: string, total: number, screened: number): Finding {
  return {
    kind: 'tx.batch_too_large',
    severity: 'medium',
    message:
      `${what} carries ${total} call(s); ${screened} were screened (at most ${MAX_SCREENED_CALLS} inner calls a ` +
      `request): the ${total - screened} left unread could do anything`,
    source: heuristic('tx.batch'),
    data: { calls: total, screened },
  };
}

/** Names the inner call a batch's findings come from: `call 2: ...`, data.callIndex "2" (nested: "2.0"). */
export function atCall(index: number, findings: Finding[]): Finding[] {
  return findings.map((f) => {
    const inner = f.data?.callIndex;
    return {
      ...f,
      message: `call ${index}: ${f.message}`,
      data: { ...f.data, callIndex: inner === undefined ? String(index) : `${index}.${String(inner)}` },
    };
  });
}

export const lc = (a: unknown): string => String(a).toLowerCase();

/** Findings for a spender/operator/recipient: listed (critical), known contract (null) or unknown. */
export function counterparty(
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

export function approvalFinding(
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
export function unknownCall(to: string, data: Hex, ctx: CallContext, value: bigint): Finding {
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

type Permitted = { token: string; amount: bigint };
type Details = { to: string; requestedAmount: bigint };

/** Permit2 SignatureTransfer (single, batch, witness): tokens leave `owner` on the strength of a signature. */
export function signatureTransferFindings(
  fn: string,
  a: readonly unknown[],
  isPermit2: boolean,
  ctx: CallContext,
): Finding[] {
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
export function permit2AllowanceTransfer(a: readonly unknown[], ctx: CallContext): Finding[] {
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
export function batchTransferFindings(to: string, a: readonly unknown[], ctx: CallContext): Finding[] {
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
