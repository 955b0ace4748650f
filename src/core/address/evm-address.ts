/**
 * EVM addresses: 0x + 40 hex, stored lower-case, shown with the EIP-55 checksum (a mixed-case input must carry
 * a valid checksum).
 */
import { getAddress } from 'viem';
import type { Normalised } from './normalised.ts';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function normaliseEvmAddress(raw: string): Normalised {
  const text = raw.trim();
  if (!HEX_ADDRESS.test(text)) return { ok: false, reason: 'not 0x followed by 40 hex digits' };
  const lower = text.toLowerCase();
  if (text !== lower && text !== '0x' + text.slice(2).toUpperCase()) {
    try {
      if (getAddress(lower) !== text)
        return { ok: false, reason: 'mixed-case address with an invalid EIP-55 checksum' };
    } catch {
      return { ok: false, reason: 'invalid address' };
    }
  }
  return { ok: true, address: lower };
}

/** List files are data: the hex shape is checked, an EIP-55 checksum is not. */
export const listEvmAddress = (raw: string): string | null => {
  const text = raw.trim();
  return HEX_ADDRESS.test(text) ? text.toLowerCase() : null;
};

const checksums = new Map<string, string>();
const MAX_CACHED_CHECKSUMS = 200_000;

/** The EIP-55 form of a stored address (cached: a keccak per address is costly on hot pages). */
export function displayEvmAddress(stored: string): string {
  return /^0x[0-9a-f]{40}$/.test(stored) ? checksumEvmAddress(stored) : stored;
}

/**
 * displayEvmAddress of text the caller has matched as 0x and 40 lower-case hex digits already (a page's address
 * pass): the same cache, without testing the shape again.
 */
export function checksumEvmAddress(lower: string): string {
  let out = checksums.get(lower);
  if (out === undefined) {
    if (checksums.size >= MAX_CACHED_CHECKSUMS) checksums.clear();
    out = getAddress(lower);
    checksums.set(lower, out);
  }
  return out;
}
