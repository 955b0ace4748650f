/** Keyset pages with opaque scope-bound cursors (spec: Pagination object). */
import type { CursorCodec, CursorScope } from './cursor-codec.ts';
import type { TextPage } from '../../storage/repos/scope-repo.ts';

export interface Page<T> {
  items: T[];
  pagination: { limit: number; returned: number; hasMore: boolean; nextCursor: string | null };
}

/** What a keyset page is cut by: the cursor of the request and its scope, the limit, the first position. */
interface PageOptions<R, P> {
  cursors: CursorCodec;
  scope: CursorScope;
  cursor: string | undefined;
  maxCursorLength: number;
  limit: number;
  start: P;
  positionOf: (row: R) => P;
}

/**
 * `fetch(position, limit + 1)` returns rows after the position; the extra row tells whether more exist.
 * `positionOf(lastRow)` is what the next cursor carries.
 */
export async function keysetPage<R, P>(
  opts: PageOptions<R, P> & { fetch: (position: P, take: number) => Promise<R[]> },
): Promise<Page<R>> {
  const position =
    opts.cursor === undefined ? opts.start : opts.cursors.decode<P>(opts.cursor, opts.scope, opts.maxCursorLength);
  return pageOf(await opts.fetch(position, opts.limit + 1), opts);
}

function pageOf<R, P>(
  rows: R[],
  opts: { cursors: CursorCodec; scope: CursorScope; limit: number; positionOf: (row: R) => P },
): Page<R> {
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

/**
 * A keyset page whose `fetch` resolves the request's scope (campaign, run, cluster) in the same statement as the
 * page, so a read is one round trip. The cursor scope is built from the request path, which names the same ids.
 * A bad cursor is only reported once the scope is known to exist: a missing resource stays a 404 before a 400.
 */
export async function scopedKeysetPage<S, R, P>(
  opts: PageOptions<R, P> & { fetch: (position: P, take: number) => Promise<{ scope: S; rows: R[] }> },
): Promise<{ scope: S; page: Page<R> }> {
  const { scope, rows } = await fetchAfterCursor(opts);
  return { scope, page: pageOf(rows, opts) };
}

/** The request's position (a bad cursor reported after the fetch that resolves the scope, see above). */
async function fetchAfterCursor<P, T>(
  opts: Pick<PageOptions<unknown, P>, 'cursors' | 'scope' | 'cursor' | 'maxCursorLength' | 'limit' | 'start'> & {
    fetch: (position: P, take: number) => Promise<T>;
  },
): Promise<T> {
  let position = opts.start;
  let badCursor: unknown = null;
  if (opts.cursor !== undefined) {
    try {
      position = opts.cursors.decode<P>(opts.cursor, opts.scope, opts.maxCursorLength);
    } catch (err) {
      badCursor = err;
    }
  }
  const fetched = await opts.fetch(position, badCursor === null ? opts.limit + 1 : 0);
  if (badCursor !== null) throw badCursor;
  return fetched;
}

/**
 * scopedKeysetPage for a page the database wrote as JSON text (scope-repo.ts, TextPage), by ordinal: the same
 * cursors and pagination object, the items left as text.
 */
export async function scopedTextPage<S>(
  opts: Omit<PageOptions<unknown, number>, 'positionOf'> & {
    fetch: (position: number, take: number) => Promise<{ scope: S; page: TextPage }>;
  },
): Promise<{ scope: S; page: TextPage; pagination: Page<unknown>['pagination'] }> {
  const { scope, page } = await fetchAfterCursor(opts);
  const hasMore = page.count > opts.limit;
  const pagination = {
    limit: opts.limit,
    returned: Math.min(page.count, opts.limit),
    hasMore,
    nextCursor: hasMore ? opts.cursors.encode(opts.scope, page.last) : null,
  };
  return { scope, page, pagination };
}

/** A page of rows listed newest first by their `seq` (reviews, appeals), with cursors of up to 512 characters. */
export function newestFirstPage<R extends { seq: number }>(opts: {
  cursors: CursorCodec;
  scope: CursorScope;
  cursor: string | undefined;
  limit: number;
  fetch: (beforeSeq: number, take: number) => Promise<R[]>;
}): Promise<Page<R>> {
  return keysetPage({ ...opts, maxCursorLength: 512, start: Number.MAX_SAFE_INTEGER, positionOf: (r) => r.seq });
}
