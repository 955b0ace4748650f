/**
 * Random, prefixed resource ids (URL-safe, 16 base32 characters of entropy = 80 bits), and request ids.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] & 31];
  return out;
}

export const newId = (prefix: string): string => `${prefix}_${randomToken(16)}`;

/** Bytes drawn at a time for request ids: one draw serves 512 requests. */
const REQUEST_ID_POOL_BYTES = 4096;
const REQUEST_ID_BYTES = 8;
let requestIdPool = Buffer.alloc(0);
let requestIdOffset = 0;

/**
 * A request's id when the caller sends none: 16 hex characters (64 random bits), cut from a pool of random bytes.
 * A draw of 8 bytes of its own cost 1.8 µs a request alone and 4.5% of a small page's server CPU under load (issue
 * 17, tenth pass); the pool draws once per 512 requests. The ids only tell log lines apart: nothing secret rests on
 * them.
 */
export function newRequestId(): string {
  if (requestIdOffset + REQUEST_ID_BYTES > requestIdPool.length) {
    requestIdPool = randomBytes(REQUEST_ID_POOL_BYTES);
    requestIdOffset = 0;
  }
  const id = requestIdPool.toString('hex', requestIdOffset, requestIdOffset + REQUEST_ID_BYTES);
  requestIdOffset += REQUEST_ID_BYTES;
  return id;
}
