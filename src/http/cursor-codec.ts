/**
 * Opaque, signed, scope-bound cursors. A cursor is base64url(JSON position) + "." + base64url(HMAC-SHA256)
 * truncated to 128 bits, signed with the server's cursor secret over the scope (owner, campaign, analysis,
 * cluster, resource kind, lane) and the position. The scope is bound by the signature but not carried in the
 * cursor, so a cursor stays short whatever the owner or label length. Decoding checks the length limit and that
 * the signature, compared as exact text, matches the request's scope. Clients never build or decode cursors.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from './api-error.ts';

export type CursorScope = Record<string, string | number | null>;

export interface CursorCodec {
  encode(scope: CursorScope, position: unknown): string;
  decode<T>(cursor: string, scope: CursorScope, maxLength: number): T;
}

/** The scope as canonical text: keys sorted, so the same scope always signs the same way. */
const canonicalScope = (scope: CursorScope): string =>
  JSON.stringify(
    Object.keys(scope)
      .sort()
      .map((k) => [k, scope[k]]),
  );

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function createCursorCodec(secret: string): CursorCodec {
  const sign = (scope: CursorScope, data: string): string =>
    createHmac('sha256', secret)
      .update(`${canonicalScope(scope)}\n${data}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  return {
    encode(scope, position) {
      const data = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${data}.${sign(scope, data)}`;
    },
    decode<T>(cursor: string, scope: CursorScope, maxLength: number): T {
      const bad = (why: string): never => {
        throw new ApiError('invalid_cursor', `invalid cursor: ${why}`);
      };
      if (cursor.length === 0) bad('empty');
      if (cursor.length > maxLength) bad(`longer than ${maxLength} characters`);
      const parts = cursor.split('.');
      if (parts.length !== 2 || !BASE64URL.test(parts[0]) || !BASE64URL.test(parts[1])) bad('malformed');
      const [data, mac] = parts;
      const expected = sign(scope, data);
      // exact text: base64url decoding ignores stray characters and spare bits, so a tampered cursor could decode to
      // the same bytes
      if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
        bad('tampered with, or issued for another resource or scope');
      try {
        return JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T;
      } catch {
        return bad('malformed');
      }
    },
  };
}
