/** Schemas of analysis start input and run resources (spec section 2). */
import { ANALYSIS_MODES, POLICY_ACTIONS } from '../../core/vocabulary.ts';

export const walletItemSchema = {
  oneOf: [
    { type: 'string', minLength: 1, maxLength: 256 },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        wallet: { type: 'string', maxLength: 256 },
        walletAddress: { type: 'string', maxLength: 256 },
        address: { type: 'string', maxLength: 256 },
        policyAction: { enum: [...POLICY_ACTIONS] },
        reputationLabel: { type: 'string', maxLength: 500 },
        policyReason: { type: 'string', maxLength: 2000 },
        campaignPoints: { type: 'number' },
        campaignEventType: { type: 'string', maxLength: 200 },
        referrerAddress: { type: 'string', maxLength: 256 },
        referralCode: { type: 'string', maxLength: 200 },
      },
    },
  ],
};

export const analysisStartSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['wallets'],
  properties: {
    analysisMode: { enum: [...ANALYSIS_MODES] },
    wallets: { type: 'array', minItems: 1, items: walletItemSchema },
  },
};

export const analysisStartMultipartSchema = {
  type: 'object',
  required: ['csvFile'],
  properties: {
    csvFile: {
      type: 'string',
      format: 'binary',
      description:
        'CSV with a header row naming the address column (wallet, walletAddress or address) plus optional ' +
        'wallet-input columns',
    },
    analysisMode: { enum: [...ANALYSIS_MODES] },
  },
};

export const analysisRunSchema = {
  type: 'object',
  required: ['campaignId', 'analysisId', 'status', 'walletCount'],
  properties: {
    campaignId: { type: 'string' },
    analysisId: { type: 'string' },
    status: { type: 'string' },
    walletCount: { type: 'integer', minimum: 0 },
    inputHash: { type: 'string' },
    riskPolicy: { type: 'string' },
    policyVersion: { type: ['integer', 'null'] },
  },
};
