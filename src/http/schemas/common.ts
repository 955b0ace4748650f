/** Shared schemas of the interface (spec section 2): error body, pagination, limit and cursor parameters. */
import { Type } from '@sinclair/typebox';

export const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, code: { type: ['string', 'null'] } },
};

export const paginationSchema = {
  type: 'object',
  required: ['limit', 'returned', 'hasMore', 'nextCursor'],
  properties: {
    limit: { type: 'integer' },
    returned: { type: 'integer' },
    hasMore: { type: 'boolean' },
    nextCursor: { type: ['string', 'null'] },
  },
};

/** A page size: optional for the caller (the default fills it in), so always present for the handler. */
export const limitParam = (max: number, def: number) => Type.Integer({ minimum: 1, maximum: max, default: def });
export const cursorParam = (max: number, min = 1) => Type.Optional(Type.String({ minLength: min, maxLength: max }));

/** The query of a keyset page: `limit` and an optional opaque `cursor`. */
export const pageQuery = (maxLimit: number, defaultLimit: number, maxCursor: number) =>
  Type.Object({ limit: limitParam(maxLimit, defaultLimit), cursor: cursorParam(maxCursor) });
