/**
 * Solana addresses: base58 text (Bitcoin alphabet, @scure/base) of exactly 32 bytes, kept as given (base58 is
 * case-sensitive).
 */
import { base58 } from '@scure/base';
import type { Normalised } from './normalised.ts';

/** Decodes base58 text, or returns null when it holds a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

export const base58Encode = (bytes: Uint8Array): string => base58.encode(bytes);

export function normaliseSolanaAddress(raw: string): Normalised {
  const text = raw.trim();
  if (text.length < 32 || text.length > 44) return { ok: false, reason: 'not base58 of 32 bytes' };
  const bytes = base58Decode(text);
  if (!bytes) return { ok: false, reason: 'contains characters outside base58' };
  if (bytes.length !== 32) return { ok: false, reason: `decodes to ${bytes.length} bytes, not 32` };
  return { ok: true, address: text };
}
