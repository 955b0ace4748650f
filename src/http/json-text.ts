/**
 * Responses spliced from JSON text: the items of a page that the database wrote as JSON (page-text-repo.ts) go
 * into the body as they are, so a page is neither parsed nor serialised again by the server.
 */
import type { AppContext } from './route-def.ts';

/**
 * The UTF-8 bytes of an object with `head`'s members, then `key` holding the array whose inside is `items` (JSON
 * values joined by commas), then `tail`'s members: the bytes of JSON.stringify for that object built in that order,
 * where `items` is the stringified array's inside. One buffer: the items are encoded once, straight into the body,
 * and `display` may rewrite them there in place (the items' byte range); the socket, Content-Length and the ETag
 * then take these bytes as they are instead of encoding or measuring a string each. `itemsBytes`, the items' UTF-8
 * length when the database has counted it, spares measuring them (7 µs for a 64 KB page); a count that the
 * encoding does not bear out is measured again.
 */
export function objectWithArrayBytes(
  head: Record<string, unknown>,
  key: string,
  items: string,
  tail: Record<string, unknown>,
  display?: (items: string, buf: Buffer, start: number, end: number) => void,
  itemsBytes?: number,
): Buffer {
  const h = JSON.stringify(head);
  const t = JSON.stringify(tail);
  const before = `${h === '{}' ? '{' : `${h.slice(0, -1)},`}${JSON.stringify(key)}:[`;
  const after = `]${t === '{}' ? '}' : `,${t.slice(1)}`}`;
  const start = Buffer.byteLength(before);
  const end = start + (itemsBytes ?? Buffer.byteLength(items));
  const length = end + Buffer.byteLength(after);
  // room past the end: text longer than its count then writes past `end` and shows, whole characters and all
  const buf = Buffer.allocUnsafe(length + MAX_UTF8_CHAR_BYTES - 1);
  if (buf.write(items, start) !== end - start)
    return objectWithArrayBytes(head, key, items, tail, display, Buffer.byteLength(items));
  buf.write(before, 0);
  buf.write(after, end);
  display?.(items, buf, start, end);
  return buf.subarray(0, length);
}

/** The most bytes one character takes in UTF-8. */
const MAX_UTF8_CHAR_BYTES = 4;

/** Answers with JSON text or its UTF-8 bytes (the read cache stores either like a serialised object). */
export function sendJsonText(ctx: AppContext, text: string | Buffer): void {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = text;
}
