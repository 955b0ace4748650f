/** The v1 analyze body (spec: v1 analyze). */
import { Type, type Static } from '@sinclair/typebox';
import { V1_CHAINS } from '../../core/chains.ts';
import { ANALYSIS_MODES, RISK_POLICIES } from '../../core/vocabulary.ts';
import { walletItemSchema } from './analysis-schemas.ts';
import { StringEnum, Text } from './schema-types.ts';

export const v1AnalyzeSchema = Type.Object(
  {
    chain: Type.String({
      minLength: 1,
      maxLength: 40,
      description: `One of: ${Object.keys(V1_CHAINS).join(', ')} (case-insensitive)`,
    }),
    projectName: Text(200),
    campaignType: Type.Optional(Type.String({ maxLength: 100 })),
    riskPolicy: Type.Optional(StringEnum(RISK_POLICIES)),
    analysisMode: Type.Optional(StringEnum(ANALYSIS_MODES)),
    wallets: Type.Array(walletItemSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type V1AnalyzeBody = Static<typeof v1AnalyzeSchema>;
