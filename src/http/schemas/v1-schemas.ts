/** The v1 analyze body (spec: v1 analyze). */
import { V1_CHAINS } from '../../core/chains.ts';
import { ANALYSIS_MODES, RISK_POLICIES } from '../../core/vocabulary.ts';
import { walletItemSchema } from './analysis-schemas.ts';

export const v1AnalyzeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['chain', 'projectName', 'wallets'],
  properties: {
    chain: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: `One of: ${Object.keys(V1_CHAINS).join(', ')} (case-insensitive)`,
    },
    projectName: { type: 'string', minLength: 1, maxLength: 200 },
    campaignType: { type: 'string', maxLength: 100 },
    riskPolicy: { enum: [...RISK_POLICIES] },
    analysisMode: { enum: [...ANALYSIS_MODES] },
    wallets: { type: 'array', minItems: 1, items: walletItemSchema },
  },
};
