/**
 * Wallet address validation and normalisation per chain. EVM: 0x + 40 hex, stored lower-case, shown with the
 * EIP-55 checksum (a mixed-case input must carry a valid checksum). Solana: base58 text of exactly 32 bytes,
 * kept as given (base58 is case-sensitive).
 */
import { getAddress } from 'viem';
import { base58Decode } from './base58.ts';

export type ChainFamily = 'evm' | 'solana';

export const chainFamily = (chain: string): ChainFamily => (chain.toLowerCase() === 'solana' ? 'solana' : 'evm');

export type Normalised = { ok: true; address: string } | { ok: false; reason: string };

export function normaliseAddress(family: ChainFamily, raw: string): Normalised {
  const text = raw.trim();
  if (family === 'evm') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return { ok: false, reason: 'not 0x followed by 40 hex digits' };
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
  if (text.length < 32 || text.length > 44) return { ok: false, reason: 'not base58 of 32 bytes' };
  const bytes = base58Decode(text);
  if (!bytes) return { ok: false, reason: 'contains characters outside base58' };
  if (bytes.length !== 32) return { ok: false, reason: `decodes to ${bytes.length} bytes, not 32` };
  return { ok: true, address: text };
}

/** The address as users see it: EIP-55 checksummed for EVM, unchanged for Solana. */
const checksums = new Map<string, string>();
const MAX_CACHED_CHECKSUMS = 200_000;

/** The display form of a stored address: EIP-55 checksum for EVM (cached: a keccak per address is costly on hot pages). */
export function displayAddress(family: ChainFamily, stored: string): string {
  if (family !== 'evm' || !/^0x[0-9a-f]{40}$/.test(stored)) return stored;
  let out = checksums.get(stored);
  if (out === undefined) {
    if (checksums.size >= MAX_CACHED_CHECKSUMS) checksums.clear();
    out = getAddress(stored);
    checksums.set(stored, out);
  }
  return out;
}
