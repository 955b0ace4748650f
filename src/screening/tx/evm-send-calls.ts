/**
 * EIP-5792 `wallet_sendCalls`: `{method: 'wallet_sendCalls', params: [{version, chainId, from?, calls: [{to?,
 * data?, value?, capabilities?}], capabilities?, atomicRequired?}]}`, or that params object alone. The wallet sends
 * the calls from `from` as one batch, so each is screened like an `eth_sendTransaction` of its own (by the caller,
 * evm-transaction.ts), and every finding names its call (`call 2: ...`, data.callIndex). This module only reads and
 * checks the shape: anything that is not a list of call objects is `invalid_transaction`, never a silent allow.
 */
import { ScreeningInputError } from '../screening-input-error.ts';
import { type Oddity, readChainId, readEvmAddress } from './evm-normalise.ts';

export interface SendCalls {
  /** The sending account (params.from), lower-case; null when the dapp left it to the wallet. */
  from: string | null;
  /** params.chainId read as a number; null when absent. */
  chainId: number | null;
  calls: Record<string, unknown>[];
}

const bad = (message: string): never => {
  throw new ScreeningInputError('invalid_transaction', `wallet_sendCalls ${message}`);
};

/** Reads the params object of a wallet_sendCalls request. */
export function readSendCalls(p: unknown, odd: Oddity[]): SendCalls {
  if (p === null || typeof p !== 'object' || Array.isArray(p))
    return bad('params[0] must be an object {version, chainId, from, calls}');
  const o = p as Record<string, unknown>;
  if (!Array.isArray(o.calls) || o.calls.length === 0) return bad('calls must be a non-empty array of calls');
  const calls = o.calls.map((c, i) => {
    if (c === null || typeof c !== 'object' || Array.isArray(c))
      return bad(`calls[${i}] must be an object {to, data, value}`);
    // a call is a call: an RPC request or another batch in its place is refused, so batches cannot nest here
    if ('method' in c || 'calls' in c) return bad(`calls[${i}] must be a call {to, data, value}, not a request`);
    return c as Record<string, unknown>;
  });
  const from = o.from === undefined || o.from === null ? null : readEvmAddress(o.from, 'from', odd);
  const chainId = o.chainId === undefined || o.chainId === null ? null : readChainId(o.chainId, 'chainId', odd);
  return { from, chainId, calls };
}

/** Prefixes a shape error of call i with where it is, so the caller can fix the right call. */
export function inCall<T>(i: number, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ScreeningInputError) bad(`calls[${i}]: ${err.message}`);
    throw err;
  }
}
