/**
 * Responses spliced from JSON text: the items of a page that the database wrote as JSON (page-text-repo.ts) go
 * into the body as they are, so a page is neither parsed nor serialised again by the server.
 */
import type { AppContext } from './route-def.ts';

/**
 * The JSON text of an object with `head`'s members, then `key` holding the array whose inside is `items` (JSON
 * values joined by commas), then `tail`'s members: the bytes JSON.stringify gives for that object built in that
 * order, where `items` is the stringified array's inside.
 */
export function objectWithArrayText(
  head: Record<string, unknown>,
  key: string,
  items: string,
  tail: Record<string, unknown>,
): string {
  const h = JSON.stringify(head);
  const t = JSON.stringify(tail);
  const open = h === '{}' ? '{' : `${h.slice(0, -1)},`;
  return `${open}${JSON.stringify(key)}:[${items}]${t === '{}' ? '}' : `,${t.slice(1)}`}`;
}

/** Answers with JSON text (the read cache stores it like a serialised object). */
export function sendJsonText(ctx: AppContext, text: string): void {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = text;
}
