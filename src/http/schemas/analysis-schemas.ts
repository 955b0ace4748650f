/** Schemas of analysis start input and run resources (spec section 2). */
import { Type, type Static } from '@sinclair/typebox';
import { ANALYSIS_MODES, POLICY_ACTIONS } from '../../core/vocabulary.ts';
import { OneOf, StringEnum, Text } from './schema-types.ts';

const upTo = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** One wallet of a list: an address, or an object naming it with optional wallet-input fields. */
export const walletItemSchema = OneOf([
  Text(256),
  Type.Object(
    {
      wallet: upTo(256),
      walletAddress: upTo(256),
      address: upTo(256),
      policyAction: Type.Optional(StringEnum(POLICY_ACTIONS)),
      reputationLabel: upTo(500),
      policyReason: upTo(2000),
      campaignPoints: Type.Optional(Type.Number()),
      campaignEventType: upTo(200),
      referrerAddress: upTo(256),
      referralCode: upTo(200),
    },
    { additionalProperties: false },
  ),
]);
export type WalletItem = Static<typeof walletItemSchema>;

export const analysisStartSchema = Type.Object(
  { analysisMode: Type.Optional(StringEnum(ANALYSIS_MODES)), wallets: Type.Array(walletItemSchema, { minItems: 1 }) },
  { additionalProperties: false },
);

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
    dataCoverage: {
      type: 'object',
      description: 'Stored transfer data found for the wallets, with a warning when low',
    },
  },
};
