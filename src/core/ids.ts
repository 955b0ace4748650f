/** Random, prefixed resource ids (URL-safe, 16 base32 characters of entropy = 80 bits). */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] & 31];
  return out;
}

export const newId = (prefix: string): string => `${prefix}_${randomToken(16)}`;
