/** Shared schemas of the interface (spec section 2): error body, pagination, limit and cursor parameters. */
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

export const limitParam = (max: number, def: number): object => ({
  type: 'integer',
  minimum: 1,
  maximum: max,
  default: def,
});
export const cursorParam = (max: number, min = 1): object => ({ type: 'string', minLength: min, maxLength: max });
