/**
 * EIP-712 typed-data signature requests (eth_signTypedData_v3/v4): Permit (EIP-2612), Permit2 (PermitSingle,
 * PermitBatch, PermitTransferFrom, PermitBatchTransferFrom, PermitWitnessTransferFrom) and marketplace orders
 * (Seaport OrderComponents, Blur and LooksRare sell orders: evm-market-orders.ts) and Safe SafeTx (evm-safe.ts).
 * A signature of these moves assets later without another prompt, which is what drainers ask for.
 */
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { CallContext } from './evm-call-findings.ts';
import { bulkRootFindings, seaportOrderFindings, sellOrderFindings } from './evm-market-orders.ts';
import { safeTxFindings } from './evm-safe.ts';
import { addressListFindings } from '../wallet/analyze-wallet.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { HUGE_AMOUNT, KNOWN_SPENDERS, PERMIT2_ADDRESS } from './evm-abis.ts';

const ADDR = /^0x[0-9a-fA-F]{40}$/;
const big = (v: unknown): bigint | null => {
  try {
    return v === undefined || v === null ? null : BigInt(v as string);
  } catch {
    return null;
  }
};

/** Every address string anywhere in the message (iterative: a deeply nested message must not overflow the stack). */
function collectAddresses(root: unknown, out: Set<string>): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string' && ADDR.test(v)) out.add(v.toLowerCase());
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) stack.push(x);
  }
}

export function typedDataFindings(raw: unknown, ctx: CallContext, signer: string | null): Finding[] {
  const { knowledge } = ctx;
  let td: any = raw;
  if (typeof raw === 'string') {
    try {
      td = JSON.parse(raw);
    } catch (err) {
      throw new ScreeningInputError('invalid_transaction', `typed data is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (
    td === null ||
    typeof td !== 'object' ||
    typeof td.primaryType !== 'string' ||
    td.message === null ||
    typeof td.message !== 'object' ||
    td.domain === null ||
    typeof td.domain !== 'object'
  ) {
    throw new ScreeningInputError(
      'invalid_transaction',
      'typed data must be an object with primaryType (string), domain (object) and message (object)',
    );
  }
  const { primaryType, domain, message } = td;
  const verifying = typeof domain.verifyingContract === 'string' ? domain.verifyingContract.toLowerCase() : null;
  const findings: Finding[] = [...domainChainFindings(domain, ctx.chainId)];
  const spenderFinding = (kind: string, what: string, spender: unknown, amount: bigint | null): void => {
    const s = typeof spender === 'string' ? spender.toLowerCase() : 'unknown';
    const listed = addressListFindings('evm', s, knowledge, 'spender').filter((f) => f.severity === 'critical');
    const known = KNOWN_SPENDERS[s] ?? null;
    const unlimited = amount === null || amount >= HUGE_AMOUNT;
    const severity: Severity =
      listed.length > 0 ? 'critical' : known !== null ? (unlimited ? 'medium' : 'low') : 'high';
    findings.push({
      kind,
      severity,
      message:
        `signing this ${what} lets ${s}${known ? ` (${known})` : ' (not a known contract)'} move ` +
        `${amount === null ? 'your tokens' : unlimited ? `an unlimited amount (${amount})` : `${amount} units`} ` +
        `without another prompt`,
      source: heuristic(kind),
      data: { spender: s, amount: amount?.toString() ?? null, verifyingContract: verifying, knownSpender: known },
    });
    findings.push(...listed.map((f) => ({ ...f, kind: 'tx.counterparty_blocklisted' })));
  };
  const isPermit2 = verifying === PERMIT2_ADDRESS || domain.name === 'Permit2';
  let order: Finding[] | null;
  if (primaryType === 'Permit' && !isPermit2) {
    const amount = message.value !== undefined ? big(message.value) : message.allowed === true ? null : 0n;
    spenderFinding(
      'tx.permit_signature',
      `${domain.name ?? 'token'} Permit (EIP-2612) signature`,
      message.spender,
      amount,
    );
  } else if (isPermit2 && /^Permit(Single|Batch)$/.test(primaryType)) {
    const details = Array.isArray(message.details) ? message.details : [message.details ?? {}];
    const amounts = details.map((d: any) => big(d?.amount));
    const max = amounts.reduce(
      (m: bigint | null, x: bigint | null) => (x === null || m === null ? null : x > m ? x : m),
      0n,
    );
    spenderFinding('tx.permit2_signature', `Permit2 ${primaryType} (${details.length} token(s))`, message.spender, max);
  } else if (isPermit2 && /TransferFrom$/.test(primaryType)) {
    // PermitTransferFrom, PermitBatchTransferFrom, Permit(Batch)WitnessTransferFrom: `permitted` is one or many
    const permitted: any[] = Array.isArray(message.permitted) ? message.permitted : [message.permitted ?? {}];
    const amounts = permitted.map((x) => big(x?.amount));
    const max = amounts.some((x) => x === null) ? null : amounts.reduce((m, x) => (x! > m! ? x : m), 0n);
    spenderFinding(
      'tx.permit2_signature',
      `Permit2 ${primaryType} (${permitted.length} token(s))`,
      message.spender,
      max,
    );
  } else if (primaryType === 'SafeTx') {
    findings.push(...safeTxFindings(message, ctx));
  } else if (primaryType === 'OrderComponents' || domain.name === 'Seaport') {
    findings.push(...seaportOrderFindings(message, signer));
  } else if ((order = sellOrderFindings(domain.name, primaryType, message)) !== null) {
    findings.push(...order);
  } else if ((order = bulkRootFindings(domain.name, primaryType, message, ctx.origin)) !== null) {
    findings.push(...order);
  } else {
    findings.push({
      kind: 'tx.typed_data',
      severity: 'info',
      message: `typed-data signature of ${primaryType} for ${domain.name ?? 'an unnamed domain'}`,
      source: heuristic('tx.typed_data'),
    });
  }
  const addrs = new Set<string>();
  collectAddresses(message, addrs);
  if (verifying) addrs.add(verifying);
  for (const a of addrs) {
    if (findings.some((f) => f.kind === 'tx.counterparty_blocklisted' && f.data?.address === a)) continue;
    findings.push(
      ...addressListFindings('evm', a, knowledge, 'address in the typed data')
        .filter((f) => f.severity === 'critical')
        .map((f) => ({ ...f, kind: 'tx.counterparty_blocklisted' })),
    );
  }
  return findings;
}

/** A typed-data signature for another chain than the one the request names (replayed there, or a decoy domain). */
function domainChainFindings(domain: Record<string, unknown>, chainId: number | null): Finding[] {
  if (domain.chainId === undefined || domain.chainId === null || chainId === null) return [];
  const d = big(domain.chainId);
  if (d === null) throw new ScreeningInputError('invalid_transaction', 'typed data domain.chainId is not an integer');
  if (d === BigInt(chainId)) return [];
  return [
    {
      kind: 'tx.typed_data_chain_mismatch',
      severity: 'high',
      message:
        `the typed data is signed for chain ${d}, but the request is for chain ${chainId}: the signature ` +
        `would be used on the other chain`,
      source: heuristic('tx.typed_data'),
      data: { domainChainId: d.toString(), chainId },
    },
  ];
}
