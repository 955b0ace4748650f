/** Request schemas of the review API (reviews, appeals, appeal resolution, queue filters). */
import { REVIEW_VERDICTS } from '../../reviews/review-views.ts';

const text = (max: number, min = 1) => ({ type: 'string', minLength: min, maxLength: max });

export const evidenceRefsSchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['lane', 'ordinal'],
    properties: { lane: { enum: ['funding', 'graph'] }, ordinal: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
};

const verdictFields = {
  verdict: { enum: [...REVIEW_VERDICTS] },
  reviewer: text(200),
  note: text(4000, 0),
  evidence: evidenceRefsSchema,
};

export const reviewCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['verdict', 'reviewer'],
  description: 'Name exactly one of clusterLabel or walletAddress; analysisId defaults to the latest completed run.',
  properties: { analysisId: text(100), clusterLabel: text(512), walletAddress: text(200), ...verdictFields },
};

export const appealCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['walletAddress', 'message', 'contact'],
  properties: { walletAddress: text(200), message: text(4000), contact: text(320) },
};

export const appealResolveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['verdict', 'reviewer'],
  properties: verdictFields,
};

const reviewViewProps = {
  reviewId: { type: 'string' },
  campaignId: { type: 'string' },
  analysisId: { type: 'string' },
  subject: { enum: ['cluster', 'wallet'] },
  clusterLabel: { type: ['string', 'null'] },
  walletAddress: { type: ['string', 'null'] },
  verdict: { enum: [...REVIEW_VERDICTS] },
  reviewer: { type: 'string' },
  note: { type: 'string' },
  evidence: { type: 'array' },
  appealId: { type: ['string', 'null'] },
  reviewedAt: { type: 'string' },
};

export const reviewSchema = {
  type: 'object',
  required: Object.keys(reviewViewProps),
  properties: { object: { const: 'review' }, ...reviewViewProps },
};

export const appealSchema = {
  type: 'object',
  required: ['appealId', 'campaignId', 'analysisId', 'walletAddress', 'message', 'contact', 'source', 'status'],
  properties: {
    object: { const: 'appeal' },
    appealId: { type: 'string' },
    campaignId: { type: 'string' },
    analysisId: { type: 'string' },
    walletAddress: { type: 'string' },
    message: { type: 'string' },
    contact: { type: 'string' },
    source: { enum: ['api', 'operator'] },
    status: { enum: ['open', 'resolved'] },
    resolutionReviewId: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    resolvedAt: { type: ['string', 'null'] },
  },
};

export const queueQuerySchema = {
  analysisId: text(100),
  status: { enum: ['awaiting', 'reviewed', 'all'], default: 'awaiting' },
  clusterLabel: text(512),
  evidenceKind: text(100),
  reviewer: text(200),
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
};
