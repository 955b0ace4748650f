/** Campaign, lifecycle and policy schemas (spec section 2), used for validation and the OpenAPI document. */
import { CHAINS } from '../../core/chains.ts';
import { LIFECYCLES, RISK_POLICIES } from '../../core/vocabulary.ts';

export const campaignCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'campaignType', 'chain'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    campaignType: { type: 'string', maxLength: 100 },
    chain: { enum: [...CHAINS] },
    riskPolicy: { enum: [...RISK_POLICIES] },
    lifecycle: { const: 'draft' },
    startsAt: { type: ['string', 'null'], format: 'date-time' },
    endsAt: { type: ['string', 'null'], format: 'date-time' },
    rewardPoolUsd: { type: ['number', 'null'], minimum: 0 },
    campaignContracts: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 200 } },
    metadata: { type: 'object' },
    notes: { type: 'string', maxLength: 20000 },
  },
};

export const lifecycleChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['lifecycle'],
  properties: { lifecycle: { enum: [...LIFECYCLES] } },
};

export const policyActivationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['preset', 'rationale'],
  properties: { preset: { enum: [...RISK_POLICIES] }, rationale: { type: 'string', minLength: 1, maxLength: 5000 } },
};

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
