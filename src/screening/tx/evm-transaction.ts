/**
 * EVM transaction-request screening. Accepted shapes (docs/screening.md, "Transaction shapes"):
 * - a transaction object `{to, data?, value?, from?, chainId?}` (also `input` for data; `gas*` ignored);
 * - `{method: 'eth_sendTransaction', params: [tx]}`;
 * - `{method: 'eth_signTypedData_v4' | 'eth_signTypedData_v3' | 'eth_signTypedData', params: [address, typedData]}`
 *   (typedData as JSON text or object; v1-style params order [typedData, address] is also read);
 * - `{method: 'eth_sign', params: [address, hash]}` and `{method: 'personal_sign', params: [message, address]}`;
 * - `{method: 'wallet_sendCalls', params: [{chainId, from, calls}]}` (EIP-5792; evm-send-calls.ts) or the params alone;
 * - the typed data alone, `{primaryType, domain, message, types?}`, read as eth_signTypedData_v4.
 * Any of them may name the requesting site in `origin` (a URL or host).
 */
import type { Hex } from 'viem';
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { addressListFindings, poisoningFinding } from '../wallet/analyze-wallet.ts';
import { atCall, batchTooLarge, type CallContext, takeCalls } from './evm-asset-findings.ts';
import { evmCallFindings } from './evm-call-findings.ts';
import { inCall, readSendCalls } from './evm-send-calls.ts';
import { typedDataFindings } from './evm-typed-data.ts';
import { execTransactionFindings } from './evm-safe.ts';
import { type Oddity, readChainId, readEvmAddress, readHexData, readValue } from './evm-normalise.ts';
import { authorizationFindings } from './evm-7702.ts';
import { readOrigin } from './origin-findings.ts';

const bad = (message: string): never => {
  throw new ScreeningInputError('invalid_transaction', message);
};

/** One finding for every odd encoding of the request (evm-normalise.ts): medium when calldata was odd. */
function oddityFinding(odd: Oddity[]): Finding[] {
  if (odd.length === 0) return [];
  const calldata = odd.some((o) => o.calldata);
  return [
    {
      kind: 'tx.nonstandard_encoding',
      severity: calldata ? 'medium' : 'low',
      message:
        `the request is not in the form wallet libraries produce ` +
        `(${odd.map((o) => `${o.field}: ${o.what}`).join('; ')}):` +
        ' read as the node would, and reported because hand-made encodings are used to slip past decoders',
      source: heuristic('tx.encoding'),
      data: { oddities: odd },
    },
  ];
}

export interface EvmTxResult {
  findings: Finding[];
  decoded: string[];
  kind: string;
}

/** What the contexts of one request share: the inner-call budget and the requesting site. */
type RequestScope = Pick<CallContext, 'budget' | 'origin'>;

export function screenEvmRequest(
  doc: Record<string, unknown>,
  knowledge: ScreeningKnowledge,
  walletAddress?: string,
  chainId: number | null = null,
  scope: RequestScope = { budget: { screened: 0 }, origin: readOrigin(doc.origin) },
): EvmTxResult {
  if (typeof doc.method === 'string') {
    const method = doc.method;
    const params = doc.params;
    if (!Array.isArray(params)) return bad(`${method} needs a params array`);
    if (method === 'eth_sendTransaction' || method === 'eth_signTransaction') {
      if (params[0] === null || typeof params[0] !== 'object')
        return bad(`${method} params[0] must be a transaction object`);
      return screenEvmRequest(params[0] as Record<string, unknown>, knowledge, walletAddress, chainId, scope);
    }
    if (method === 'wallet_sendCalls') return sendCallsResult(params[0], knowledge, walletAddress, chainId, scope);
    if (/^eth_signTypedData(_v[34])?$/.test(method)) {
      if (params.length < 2) return bad(`${method} params must be [address, typedData]`);
      const [first, second] = params;
      const addrFirst = typeof first === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(first.trim());
      const odd: Oddity[] = [];
      const signer = addrFirst ? readEvmAddress(first, 'params[0]', odd) : readEvmAddress(second, 'params[1]', odd);
      const decoded = [method];
      const ctx = { knowledge, walletAddress: walletAddress?.toLowerCase() ?? signer, decoded, chainId, ...scope };
      return {
        findings: [...typedDataFindings(addrFirst ? second : first, ctx, signer), ...oddityFinding(odd)],
        decoded,
        kind: 'typed_data',
      };
    }
    if (method === 'eth_sign') {
      return {
        findings: [
          {
            kind: 'tx.eth_sign',
            severity: 'critical',
            message:
              'eth_sign signs a raw hash: it can authorise any transaction, and wallets disable it for that reason',
            source: heuristic('tx.eth_sign'),
          },
        ],
        decoded: [method],
        kind: 'eth_sign',
      };
    }
    if (method === 'personal_sign') {
      const msg = params[0];
      if (typeof msg !== 'string') return bad('personal_sign params[0] must be the message string');
      return {
        findings: [personalSignFinding(msg)],
        decoded: [method],
        kind: 'personal_sign',
      };
    }
    return bad(
      `method ${JSON.stringify(method)} is not screened (eth_sendTransaction, eth_signTypedData*, eth_sign, ` +
        `personal_sign, wallet_sendCalls)`,
    );
  }
  if (Array.isArray(doc.calls) && doc.to === undefined && doc.data === undefined)
    return sendCallsResult(doc, knowledge, walletAddress, chainId, scope);
  // the typed data alone, without its eth_signTypedData envelope, is what the wallet is asked to sign: screened as
  // such, not refused (issue 14, thirteenth pass: a client passing on what the dapp sent)
  if (doc.to === undefined && doc.primaryType !== undefined && doc.domain !== undefined && doc.message !== undefined) {
    const decoded = ['eth_signTypedData_v4'];
    const signer = walletAddress?.toLowerCase() ?? null;
    const ctx = { knowledge, walletAddress: signer ?? undefined, decoded, chainId, ...scope };
    return { findings: typedDataFindings(doc, ctx, signer), decoded, kind: 'typed_data' };
  }
  if (doc.to === undefined && doc.data === undefined && doc.input === undefined)
    return bad('an EVM transaction needs at least `to` (and optionally data, value, from, chainId)');
  const findings: Finding[] = [];
  const decoded: string[] = [];
  const odd: Oddity[] = [];
  const data =
    doc.data !== undefined && doc.data !== null
      ? readHexData(doc.data, 'data', odd)
      : doc.input !== undefined && doc.input !== null
        ? readHexData(doc.input, 'input', odd)
        : ('0x' as Hex);
  const value = readValue(doc.value, odd);
  if (doc.from !== undefined && doc.from !== null) readEvmAddress(doc.from, 'from', odd);
  if (doc.chainId !== undefined && doc.chainId !== null) {
    const c = readChainId(doc.chainId, 'chainId', odd);
    if (chainId !== null && c !== chainId)
      findings.push({
        kind: 'tx.chain_mismatch',
        severity: 'medium',
        message: `transaction chainId ${c} differs from the requested chain (${chainId})`,
        source: heuristic('tx.chain'),
      });
  }
  const ctx = { knowledge, walletAddress: walletAddress?.toLowerCase(), decoded, chainId, ...scope };
  if (doc.authorizationList !== undefined) findings.push(...authorizationFindings(doc.authorizationList, ctx, odd));
  if (doc.to === undefined || doc.to === null) {
    findings.push({
      kind: 'tx.contract_creation',
      severity: 'low',
      message: 'transaction without `to` deploys a contract',
      source: heuristic('tx.contract_creation'),
    });
    findings.push(...oddityFinding(odd));
    return { findings, decoded, kind: 'evm' };
  }
  const to = readEvmAddress(doc.to, 'to', odd);
  findings.push(
    ...addressListFindings('evm', to, knowledge, 'to').map((f) =>
      f.kind === 'wallet.blocklisted' ? { ...f, kind: 'tx.counterparty_blocklisted' } : f,
    ),
  );
  const poison = poisoningFinding('evm', to, walletAddress);
  if (poison) findings.push({ ...poison, kind: 'tx.address_poisoning' });
  const known = knowledge.wellKnownContract('evm', to);
  if (value > 0n)
    findings.push({
      kind: 'tx.native_transfer',
      severity: 'info',
      message: `sends ${value} wei to ${to}${known ? ` (${known.label})` : ''}`,
      source: heuristic('tx.native_transfer'),
      data: { value: value.toString(), to, known: known?.label ?? null },
    });
  findings.push(...(execTransactionFindings(to, data, value, ctx) ?? evmCallFindings(to, data, ctx, 0, value)));
  findings.push(...oddityFinding(odd));
  return { findings, decoded, kind: 'evm' };
}

/**
 * EIP-5792 wallet_sendCalls: every call screened as a transaction of its own from the same account (the request's
 * call budget shared), each finding named by its call index; the verdict follows from all findings together, so the
 * worst call decides. `from` stands in for walletAddress when that is not given (the calls run from it).
 */
function sendCallsResult(
  p: unknown,
  knowledge: ScreeningKnowledge,
  walletAddress: string | undefined,
  chainId: number | null,
  scope: RequestScope,
): EvmTxResult {
  const odd: Oddity[] = [];
  const req = readSendCalls(p, odd);
  const findings: Finding[] = [];
  const decoded = ['wallet_sendCalls'];
  if (req.chainId !== null && chainId !== null && req.chainId !== chainId)
    findings.push({
      kind: 'tx.chain_mismatch',
      severity: 'medium',
      message: `wallet_sendCalls chainId ${req.chainId} differs from the requested chain (${chainId})`,
      source: heuristic('tx.chain'),
    });
  findings.push({
    kind: 'tx.batch',
    severity: 'info',
    message: `wallet_sendCalls with ${req.calls.length} call(s)`,
    source: heuristic('tx.batch'),
    data: { calls: req.calls.length },
  });
  const own = walletAddress ?? req.from ?? undefined;
  const screened = takeCalls(scope, req.calls.length);
  for (const [i, call] of req.calls.slice(0, screened).entries()) {
    const r = inCall(i, () => screenEvmRequest(call, knowledge, own, chainId, scope));
    findings.push(...atCall(i, r.findings));
    decoded.push(...r.decoded);
  }
  if (screened < req.calls.length) findings.push(batchTooLarge('wallet_sendCalls', req.calls.length, screened));
  findings.push(...oddityFinding(odd));
  return { findings, decoded, kind: 'wallet_sendCalls' };
}

const READABLE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/** Serialized transactions: an RLP list (legacy) or a typed envelope 0x01..0x04 followed by an RLP list. */
const TX_ENVELOPE = /^0x(0[1-4])?f[89a-f]/i;

/**
 * personal_sign: wallets show the message as text, so a message that is text is readable (dapps often send it
 * hex-encoded UTF-8, as ethers does). Hex that is not text is opaque bytes the user cannot read: a bare 32-byte
 * hash, or a serialized transaction or order a drainer page asks to have signed "to verify the wallet".
 */
function personalSignFinding(msg: string): Finding {
  const hex = /^0x([0-9a-fA-F]{2})+$/.test(msg) ? msg : null;
  let text: string | null = hex === null ? msg : null;
  if (hex !== null) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex.slice(2), 'hex'));
    } catch {
      text = null;
    }
  }
  const hashLike = hex !== null && hex.length === 66;
  if (!hashLike && text !== null && READABLE.test(text))
    return {
      kind: 'tx.message_signature',
      severity: 'info',
      message: 'personal_sign of a readable message',
      source: heuristic('tx.personal_sign'),
    };
  const txLike = !hashLike && TX_ENVELOPE.test(msg);
  return {
    kind: 'tx.blind_signature',
    severity: 'high',
    message: hashLike
      ? 'personal_sign of a bare 32-byte hash: the message cannot be read and may authorise an order or transaction'
      : `personal_sign of ${(msg.length - 2) / 2} bytes that are not text` +
        `${txLike ? ' (shaped like a serialized transaction)' : ''}: the user cannot read what is signed`,
    source: heuristic('tx.personal_sign'),
    data: { bytes: (msg.length - 2) / 2, transactionShaped: txLike },
  };
}
