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
 * then take these bytes as they are instead of encoding or measuring a string each.
 */
export function objectWithArrayBytes(
  head: Record<string, unknown>,
  key: string,
  items: string,
  tail: Record<string, unknown>,
  display?: (items: string, buf: Buffer, start: number, end: number) => void,
): Buffer {
  const h = JSON.stringify(head);
  const t = JSON.stringify(tail);
  const before = `${h === '{}' ? '{' : `${h.slice(0, -1)},`}${JSON.stringify(key)}:[`;
  const after = `]${t === '{}' ? '}' : `,${t.slice(1)}`}`;
  const start = Buffer.byteLength(before);
  const end = start + Buffer.byteLength(items);
  const buf = Buffer.allocUnsafe(end + Buffer.byteLength(after));
  buf.write(before, 0);
  buf.write(items, start);
  buf.write(after, end);
  display?.(items, buf, start, end);
  return buf;
}

/** Answers with JSON text or its UTF-8 bytes (the read cache stores either like a serialised object). */
export function sendJsonText(ctx: AppContext, text: string | Buffer): void {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = text;
}
