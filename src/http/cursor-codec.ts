/**
 * Opaque, signed, scope-bound cursors. A cursor is base64url(JSON payload) + "." + base64url(HMAC-SHA256)
 * truncated to 128 bits, signed with the server's cursor secret. The payload names its scope (owner, campaign,
 * analysis, cluster, resource kind, lane) and a keyset position; decoding checks the signature, the length
 * limit and that the scope equals the request's scope. Clients never build or decode cursors.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../errors/api-error.ts'

export type CursorScope = Record<string, string | number | null>

export interface CursorCodec {
  encode (scope: CursorScope, position: unknown): string
  decode<T> (cursor: string, scope: CursorScope, maxLength: number): T
}

function sameScope (a: CursorScope, b: CursorScope): boolean {
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k])
}

export function createCursorCodec (secret: string): CursorCodec {
  const sign = (data: string): string => createHmac('sha256', secret).update(data).digest().subarray(0, 16).toString('base64url')
  return {
    encode (scope, position) {
      const data = Buffer.from(JSON.stringify({ s: scope, p: position })).toString('base64url')
      return `${data}.${sign(data)}`
    },
    decode<T> (cursor: string, scope: CursorScope, maxLength: number): T {
      const bad = (why: string): never => { throw new ApiError('invalid_cursor', `invalid cursor: ${why}`) }
      if (cursor.length === 0) bad('empty')
      if (cursor.length > maxLength) bad(`longer than ${maxLength} characters`)
      const dot = cursor.indexOf('.')
      if (dot <= 0) bad('malformed')
      const data = cursor.slice(0, dot)
      const mac = Buffer.from(cursor.slice(dot + 1), 'base64url')
      const expected = Buffer.from(sign(data), 'base64url')
      if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) bad('signature does not match')
      let parsed: { s: CursorScope; p: T }
      try { parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) } catch { return bad('malformed') }
      if (!parsed || typeof parsed !== 'object' || !sameScope(parsed.s ?? {}, scope)) bad('it belongs to another resource or scope')
      return parsed.p
    }
  }
}
