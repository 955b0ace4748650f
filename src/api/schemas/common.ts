/** Enumerations and shared schemas of the interface (spec section 2). */
export const CHAINS = ['Ethereum', 'Base', 'Arbitrum', 'Optimism', 'Polygon', 'BNB Chain', 'Solana'] as const;
export const RISK_POLICIES = ['conservative', 'balanced', 'strict'] as const;
export const LIFECYCLES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export const ANALYSIS_MODES = ['onchain', 'hybrid'] as const;
export const POLICY_ACTIONS = ['approve', 'manual_review', 'reject'] as const;
export const WEBHOOK_EVENTS = [
  'analysis.completed',
  'analysis.review_required',
  'decision_package.ready',
  'campaign.policy_changed',
  'campaign.lifecycle_changed',
  'policy.blocked',
  'policy.review',
  'review.recorded',
  'appeal.resolved',
] as const;

export type Chain = (typeof CHAINS)[number];
export type RiskPolicy = (typeof RISK_POLICIES)[number];
export type Lifecycle = (typeof LIFECYCLES)[number];

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
