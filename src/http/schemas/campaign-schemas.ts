/** Campaign, lifecycle and policy schemas (spec section 2), used for validation and the OpenAPI document. */
import { Type, type Static } from '@sinclair/typebox';
import { CHAINS } from '../../core/chains.ts';
import { LIFECYCLES, RISK_POLICIES } from '../../core/vocabulary.ts';
import { JsonObject, NullableNumber, NullableString, StringEnum, Text } from './schema-types.ts';

export const campaignCreateSchema = Type.Object(
  {
    name: Text(200),
    campaignType: Text(100, 0),
    chain: StringEnum(CHAINS),
    riskPolicy: Type.Optional(StringEnum(RISK_POLICIES)),
    lifecycle: Type.Optional(Type.Literal('draft')),
    startsAt: Type.Optional(NullableString({ format: 'date-time' })),
    endsAt: Type.Optional(NullableString({ format: 'date-time' })),
    rewardPoolUsd: Type.Optional(NullableNumber({ minimum: 0 })),
    campaignContracts: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
    metadata: Type.Optional(JsonObject()),
    notes: Type.Optional(Type.String({ maxLength: 20000 })),
  },
  { additionalProperties: false },
);
export type CampaignCreateBody = Static<typeof campaignCreateSchema>;

export const lifecycleChangeSchema = Type.Object(
  { lifecycle: StringEnum(LIFECYCLES) },
  { additionalProperties: false },
);

export const policyActivationSchema = Type.Object(
  { preset: StringEnum(RISK_POLICIES), rationale: Text(5000) },
  { additionalProperties: false },
);

export const campaignSchema = {
  type: 'object',
  required: ['id', 'object', 'apiVersion', 'name', 'campaignType', 'chain', 'lifecycle', 'riskPolicy'],
  properties: {
    id: { type: 'string' },
    object: { const: 'campaign' },
    apiVersion: { const: 'v2' },
    name: { type: 'string' },
    campaignType: { type: 'string' },
    chain: { enum: [...CHAINS] },
    lifecycle: { enum: [...LIFECYCLES] },
    riskPolicy: { enum: [...RISK_POLICIES] },
    policyVersion: { type: ['integer', 'null'] },
    startsAt: { type: ['string', 'null'] },
    endsAt: { type: ['string', 'null'] },
    rewardPoolUsd: { type: ['number', 'null'] },
    campaignContracts: { type: 'array', items: { type: 'string' } },
    metadata: { type: 'object' },
    notes: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    policy: {
      type: ['object', 'null'],
      description: 'Active policy (single read only): preset, version, rationale, activatedAt.',
    },
    analysis: {
      type: 'object',
      description: 'Analysis context (single read only): runCount, latestAnalysisId, latestStatus.',
    },
  },
};
