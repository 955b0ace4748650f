/** Keyset pages with opaque scope-bound cursors (spec: Pagination object). */
import type { CursorCodec, CursorScope } from './cursor-codec.ts';

export interface Page<T> {
  items: T[];
  pagination: { limit: number; returned: number; hasMore: boolean; nextCursor: string | null };
}

/**
 * `fetch(position, limit + 1)` returns rows after the position; the extra row tells whether more exist.
 * `positionOf(lastRow)` is what the next cursor carries.
 */
export async function keysetPage<R, P>(opts: {
  cursors: CursorCodec;
  scope: CursorScope;
  cursor: string | undefined;
  maxCursorLength: number;
  limit: number;
  start: P;
  fetch: (position: P, take: number) => Promise<R[]>;
  positionOf: (row: R) => P;
}): Promise<Page<R>> {
  const position =
    opts.cursor === undefined ? opts.start : opts.cursors.decode<P>(opts.cursor, opts.scope, opts.maxCursorLength);
  const rows = await opts.fetch(position, opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  const items = hasMore ? rows.slice(0, opts.limit) : rows;
  return {
    items,
    pagination: {
      limit: opts.limit,
      returned: items.length,
      hasMore,
      nextCursor: hasMore ? opts.cursors.encode(opts.scope, opts.positionOf(items[items.length - 1])) : null,
    },
  };
}
