/** Request schemas of the review API (reviews, appeals, appeal resolution, queue filters). */
import { Type } from '@sinclair/typebox';
import { REVIEW_VERDICTS } from '../../reviews/review-views.ts';
import { StringEnum, Text } from './schema-types.ts';
import { cursorParam, limitParam } from './common.ts';

const optionalText = (max: number, min = 1) => Type.Optional(Text(max, min));
const LANES = ['funding', 'graph'] as const;

export const evidenceRefsSchema = Type.Array(
  Type.Object(
    { lane: StringEnum(LANES), ordinal: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
    { additionalProperties: false },
  ),
  { maxItems: 100 },
);

const verdictFields = {
  verdict: StringEnum(REVIEW_VERDICTS),
  reviewer: Text(200),
  note: optionalText(4000, 0),
  evidence: Type.Optional(evidenceRefsSchema),
};

export const reviewCreateSchema = Type.Object(
  {
    analysisId: optionalText(100),
    clusterLabel: optionalText(512),
    walletAddress: optionalText(200),
    ...verdictFields,
  },
  {
    additionalProperties: false,
    description: 'Name exactly one of clusterLabel or walletAddress; analysisId defaults to the latest completed run.',
  },
);

export const appealCreateSchema = Type.Object(
  { walletAddress: Text(200), message: Text(4000), contact: Text(320) },
  { additionalProperties: false },
);

export const appealResolveSchema = Type.Object(verdictFields, { additionalProperties: false });

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

export const queueQuerySchema = Type.Object({
  analysisId: optionalText(100),
  status: StringEnum(['awaiting', 'reviewed', 'all'] as const, { default: 'awaiting' }),
  clusterLabel: optionalText(512),
  evidenceKind: optionalText(100),
  reviewer: optionalText(200),
  limit: limitParam(500, 100),
});

export const reviewListQuerySchema = Type.Object({
  analysisId: optionalText(100),
  subject: Type.Optional(StringEnum(['cluster', 'wallet'] as const)),
  clusterLabel: optionalText(512),
  walletAddress: optionalText(200),
  reviewer: optionalText(200),
  limit: limitParam(500, 100),
  cursor: cursorParam(512),
});

export const appealListQuerySchema = Type.Object({
  status: Type.Optional(StringEnum(['open', 'resolved'] as const)),
  limit: limitParam(500, 100),
  cursor: cursorParam(512),
});
