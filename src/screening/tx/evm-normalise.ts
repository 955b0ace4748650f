/**
 * Normalisation of EVM transaction fields that arrive in odd encodings. Wallet libraries send canonical forms
 * (0x-prefixed, even-length calldata, 20-byte addresses, plain chain ids); a request that needs normalising was
 * hand-crafted, which is what a drainer does to slip past decoders that refuse or misread it. So an odd form is
 * read (the call is screened for what it does) and reported as an evasion signal, never answered with a 400.
 * What cannot be read at all (letters that are not hex, an address over 160 bits) still throws.
 */
import type { Hex } from 'viem';
import { normaliseAddress } from '../../core/address/address.ts';
import { ScreeningInputError } from '../screening-input-error.ts';

/** One odd encoding met while reading the request: field and what was odd. */
export interface Oddity {
  field: string;
  what: string;
  /** Calldata oddities hide what is called: they weigh more than an odd address or chain id form. */
  calldata: boolean;
}

const bad = (message: string): never => {
  throw new ScreeningInputError('invalid_transaction', message);
};

const MAX_ADDRESS = 2n ** 160n;

/** An address: 0x + 40 hex; also 40 hex without 0x, 0x + fewer hex digits (leading zeros dropped), an integer. */
export function readEvmAddress(v: unknown, field: string, odd: Oddity[]): string {
  let n: bigint | null = null;
  let what = '';
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) {
    n = BigInt(v);
    what = 'address given as a JSON number';
  } else if (typeof v !== 'string') return bad(`${field} must be an address string`);
  else {
    const text = v.trim();
    if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
      const c = normaliseAddress('evm', text);
      if (!c.ok) return bad(`${field} is not a valid address: ${c.reason}`);
      if (text !== v) odd.push({ field, what: 'surrounding whitespace', calldata: false });
      return c.address;
    }
    if (/^[0-9a-fA-F]{40}$/.test(text) && /[a-fA-F]/.test(text)) {
      n = BigInt('0x' + text);
      what = 'address without the 0x prefix';
    } else if (/^0x[0-9a-fA-F]{1,39}$/i.test(text)) {
      n = BigInt(text);
      what = 'address shorter than 20 bytes (leading zeros dropped)';
    } else if (/^[0-9]{1,49}$/.test(text)) {
      n = BigInt(text);
      what = 'address given as a decimal integer';
    } else if (/^[0-9a-fA-F]{40}$/.test(text)) {
      n = BigInt('0x' + text);
      what = 'address without the 0x prefix';
    } else return bad(`${field} ${JSON.stringify(text.slice(0, 50))} is not an address`);
  }
  if (n >= MAX_ADDRESS) return bad(`${field} is larger than a 20-byte address`);
  odd.push({ field, what, calldata: false });
  return '0x' + n.toString(16).padStart(40, '0');
}

/** Calldata: 0x + even-length hex; also without 0x, or with an odd digit count (read with a leading zero). */
export function readHexData(v: unknown, field: string, odd: Oddity[]): Hex {
  if (typeof v !== 'string') return bad(`${field} must be a hex string`);
  let text = v.trim();
  if (!/^0x/i.test(text)) {
    if (!/^[0-9a-fA-F]*$/.test(text)) return bad(`${field} holds characters that are not hex digits`);
    odd.push({ field, what: 'calldata without the 0x prefix', calldata: true });
    text = '0x' + text;
  }
  if (!/^0x[0-9a-fA-F]*$/i.test(text)) return bad(`${field} holds characters that are not hex digits`);
  if (text.length % 2 !== 0) {
    // `0x95ea7b3...`: a selector whose leading zero was dropped; read as the node does, zero-padded on the left
    odd.push({
      field,
      what: `odd number of hex digits (${text.length - 2}), read with a leading zero`,
      calldata: true,
    });
    text = '0x0' + text.slice(2);
  }
  return text.toLowerCase() as Hex;
}

/** Native value: 0x-hex, decimal string, integer; also hex without 0x. */
export function readValue(v: unknown, odd: Oddity[]): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) {
    if (!Number.isSafeInteger(v))
      odd.push({ field: 'value', what: 'value beyond 2^53 as a JSON number', calldata: false });
    return BigInt(v);
  }
  if (typeof v === 'string') {
    const text = v.trim();
    if (/^0x[0-9a-fA-F]+$/i.test(text)) return BigInt(text);
    if (/^[0-9]+$/.test(text)) return BigInt(text);
    if (/^[0-9a-fA-F]+$/.test(text)) {
      odd.push({ field: 'value', what: 'hex value without the 0x prefix', calldata: false });
      return BigInt('0x' + text);
    }
  }
  return bad('value must be a non-negative integer (hex 0x.. string, decimal string or integer)');
}

/** Chain id: number, decimal or 0x-hex string; zero-padded or spaced forms are read and reported. */
export function readChainId(raw: unknown, field: string, odd: Oddity[]): number {
  let c: number | null = null;
  if (typeof raw === 'number') c = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (/^0x[0-9a-fA-F]+$/i.test(text)) c = Number(BigInt(text));
    else if (/^[0-9]+$/.test(text)) c = Number(text);
    if (c !== null && (text !== raw || /^0x0|^0[0-9]/i.test(text)))
      odd.push({ field, what: `chain id written as ${JSON.stringify(raw.slice(0, 30))}`, calldata: false });
  }
  if (c === null || !Number.isSafeInteger(c) || c <= 0)
    return bad(`${field} must be a positive integer (number, decimal or hex string)`);
  return c;
}
