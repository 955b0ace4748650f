/**
 * EVM transaction-request screening. Accepted shapes (docs/screening.md, "Transaction shapes"):
 * - a transaction object `{to, data?, value?, from?, chainId?}` (also `input` for data; `gas*` ignored);
 * - `{method: 'eth_sendTransaction', params: [tx]}`;
 * - `{method: 'eth_signTypedData_v4' | 'eth_signTypedData_v3' | 'eth_signTypedData', params: [address, typedData]}`
 *   (typedData as JSON text or object; v1-style params order [typedData, address] is also read);
 * - `{method: 'eth_sign', params: [address, hash]}` and `{method: 'personal_sign', params: [message, address]}`.
 */
import type { Hex } from 'viem';
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { normaliseAddress } from '../../core/address/address.ts';
import { addressListFindings, poisoningFinding } from '../wallet/analyze-wallet.ts';
import { evmCallFindings } from './evm-call-findings.ts';
import { typedDataFindings } from './evm-typed-data.ts';

const bad = (message: string): never => {
  throw new ScreeningInputError('invalid_transaction', message);
};

function readEvmAddress(v: unknown, field: string): string {
  if (typeof v !== 'string') return bad(`${field} must be a 0x-prefixed address string`);
  if (!v.startsWith('0x') && !v.startsWith('0X'))
    return bad(`${field} ${JSON.stringify(v.slice(0, 50))} is missing the 0x prefix`);
  const c = normaliseAddress('evm', v);
  if (!c.ok) return bad(`${field} is not a valid address: ${c.reason}`);
  return c.address;
}

function readHexData(v: unknown, field: string): Hex {
  if (typeof v !== 'string') return bad(`${field} must be a 0x-prefixed hex string`);
  if (!/^0x/i.test(v)) return bad(`${field} is missing the 0x prefix`);
  if (!/^0x[0-9a-fA-F]*$/.test(v)) return bad(`${field} holds characters that are not hex digits`);
  if (v.length % 2 !== 0) return bad(`${field} has an odd number of hex digits (${v.length - 2})`);
  return v.toLowerCase() as Hex;
}

function readValue(v: unknown): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v)) return BigInt(v);
  if (typeof v === 'string' && /^[0-9]+$/.test(v)) return BigInt(v);
  return bad('value must be a non-negative integer (hex 0x.. string, decimal string or safe integer)');
}

export interface EvmTxResult {
  findings: Finding[];
  decoded: string[];
  kind: string;
}

export function screenEvmRequest(
  doc: Record<string, unknown>,
  knowledge: ScreeningKnowledge,
  walletAddress?: string,
  chainId: number | null = null,
): EvmTxResult {
  if (typeof doc.method === 'string') {
    const method = doc.method;
    const params = doc.params;
    if (!Array.isArray(params)) return bad(`${method} needs a params array`);
    if (method === 'eth_sendTransaction' || method === 'eth_signTransaction') {
      if (params[0] === null || typeof params[0] !== 'object')
        return bad(`${method} params[0] must be a transaction object`);
      return screenEvmRequest(params[0] as Record<string, unknown>, knowledge, walletAddress, chainId);
    }
    if (/^eth_signTypedData(_v[34])?$/.test(method)) {
      if (params.length < 2) return bad(`${method} params must be [address, typedData]`);
      const [first, second] = params;
      const addrFirst = typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first);
      const signer = addrFirst ? readEvmAddress(first, 'params[0]') : readEvmAddress(second, 'params[1]');
      return {
        findings: typedDataFindings(addrFirst ? second : first, knowledge, signer),
        decoded: [method],
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
      const hashLike = /^0x[0-9a-fA-F]{64}$/.test(msg);
      return {
        findings: [
          {
            kind: hashLike ? 'tx.blind_signature' : 'tx.message_signature',
            severity: hashLike ? 'high' : 'info',
            message: hashLike
              ? 'personal_sign of a bare 32-byte hash: the message cannot be read and may authorise an order or ' +
                'transaction'
              : 'personal_sign of a readable message',
            source: heuristic('tx.personal_sign'),
          },
        ],
        decoded: [method],
        kind: 'personal_sign',
      };
    }
    return bad(
      `method ${JSON.stringify(method)} is not screened (eth_sendTransaction, eth_signTypedData*, eth_sign, ` +
        `personal_sign)`,
    );
  }
  if (doc.to === undefined && doc.data === undefined && doc.input === undefined)
    return bad('an EVM transaction needs at least `to` (and optionally data, value, from, chainId)');
  const findings: Finding[] = [];
  const decoded: string[] = [];
  const data =
    doc.data !== undefined
      ? readHexData(doc.data, 'data')
      : doc.input !== undefined
        ? readHexData(doc.input, 'input')
        : ('0x' as Hex);
  const value = readValue(doc.value);
  if (doc.from !== undefined) readEvmAddress(doc.from, 'from');
  if (doc.chainId !== undefined) {
    const raw = doc.chainId;
    const c =
      typeof raw === 'number'
        ? raw
        : typeof raw === 'string' && /^0x[0-9a-fA-F]+$/.test(raw)
          ? Number(BigInt(raw))
          : typeof raw === 'string' && /^[0-9]+$/.test(raw)
            ? Number(raw)
            : null;
    if (c === null || !Number.isSafeInteger(c) || c <= 0)
      return bad('chainId must be a positive integer (number, decimal or hex string)');
    if (chainId !== null && c !== chainId)
      findings.push({
        kind: 'tx.chain_mismatch',
        severity: 'medium',
        message: `transaction chainId ${c} differs from the requested chain (${chainId})`,
        source: heuristic('tx.chain'),
      });
  }
  if (doc.to === undefined || doc.to === null) {
    findings.push({
      kind: 'tx.contract_creation',
      severity: 'low',
      message: 'transaction without `to` deploys a contract',
      source: heuristic('tx.contract_creation'),
    });
    return { findings, decoded, kind: 'evm' };
  }
  const to = readEvmAddress(doc.to, 'to');
  findings.push(
    ...addressListFindings('evm', to, knowledge, 'to').map((f) =>
      f.kind === 'wallet.blocklisted' ? { ...f, kind: 'tx.counterparty_blocklisted' } : f,
    ),
  );
  const poison = poisoningFinding('evm', to, walletAddress);
  if (poison) findings.push({ ...poison, kind: 'tx.address_poisoning' });
  if (value > 0n)
    findings.push({
      kind: 'tx.native_transfer',
      severity: 'info',
      message: `sends ${value} wei to ${to}`,
      source: heuristic('tx.native_transfer'),
      data: { value: value.toString(), to },
    });
  findings.push(...evmCallFindings(to, data, { knowledge, walletAddress: walletAddress?.toLowerCase(), decoded }));
  return { findings, decoded, kind: 'evm' };
}
