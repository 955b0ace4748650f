/** v1 screening scan (starter or growth plan) and the unauthenticated, rate-limited feedback queue. */
import { recordFeedback, screenAndRecord } from '../../screening/service/scan-service.ts';
import { requireV1Access } from '../v1-access.ts';
import { SCREENING_TYPES, MAX_VALUE_LENGTH } from '../../screening/scan.ts';
import { ApiError } from '../api-error.ts';
import { principalOf, defineRoute, type RouteDef } from '../route-def.ts';
import { Type } from '@sinclair/typebox';
import { errorSchema } from '../schemas/common.ts';
import { StringEnum, Text } from '../schemas/schema-types.ts';

const err = (description: string) => ({ description, schema: errorSchema });

export const FEEDBACK_VERDICTS = ['false_positive', 'false_negative', 'scam_report', 'confirmed'] as const;
export const FEEDBACK_PER_MINUTE = 30;

export const scanRequestSchema = Type.Object(
  {
    type: StringEnum(SCREENING_TYPES),
    chain: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'lower-case: evm, ethereum, base, arbitrum, optimism, polygon, bnb, solana ...',
    }),
    value: Text(MAX_VALUE_LENGTH),
    walletAddress: Type.Optional(Text(128)),
    tokenMetadata: Type.Optional(
      Type.Object(
        { symbol: Type.Optional(Type.String({ maxLength: 64 })), name: Type.Optional(Type.String({ maxLength: 200 })) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A feedback body is three short strings: anything larger is refused before it is parsed. */
export const FEEDBACK_MAX_BYTES = 16 * 1024;

export const feedbackSchema = Type.Object(
  { scanId: Text(64), verdict: StringEnum(FEEDBACK_VERDICTS), reason: Text(2000) },
  { additionalProperties: false },
);

export const screeningRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/screening/scan',
    operationId: 'screeningScan',
    summary: 'Screen a URL, wallet, token mint/contract or transaction before signing',
    tag: 'v1',
    auth: 'key',
    body: { schema: scanRequestSchema },
    responses: {
      200: {
        description:
          'Verdict (allow, warn, block), risk score, findings with their sources, lists used, metadata (sandbox and ' +
          'scamDna for url)',
      },
      403: err('plan_required'),
      429: err('quota_exceeded'),
    },
    // plan and allowance are checked before the body is read: a spent allowance is 429 whatever the body
    beforeBody: requireV1Access,
    async handler(ctx) {
      const req = ctx.state.body;
      const { scanId, result } = await screenAndRecord(
        { db: ctx.services.store.db, ...ctx.services.screening },
        principalOf(ctx).ownerId,
        req,
      );
      ctx.body = {
        scanId,
        object: 'screening_scan',
        type: req.type,
        chain: req.chain,
        ...result,
        feedback: { url: '/api/screening/feedback', verdicts: FEEDBACK_VERDICTS },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/screening/feedback',
    operationId: 'screeningFeedback',
    summary:
      'Report a false positive, a missed scam or a confirmation for a scan (no key needed; rate-limited per client)',
    tag: 'v1',
    auth: 'none',
    body: { schema: feedbackSchema, maxBytes: FEEDBACK_MAX_BYTES },
    responses: {
      201: { description: 'Feedback queued for review' },
      404: err('scan_not_found'),
      413: err('payload_too_large'),
      429: err('rate_limited'),
    },
    // the limit is taken before the body is read: malformed and oversize reports count too
    beforeBody(ctx) {
      const wait = ctx.services.screening.feedbackLimiter.take(ctx.ip || 'unknown');
      if (wait > 0)
        throw new ApiError('rate_limited', `at most ${FEEDBACK_PER_MINUTE} feedback reports a minute per client`, {
          retryAfterSeconds: Math.ceil(wait / 1000),
        });
    },
    async handler(ctx) {
      const body = ctx.state.body;
      const id = await recordFeedback(ctx.services.store.db, {
        scanId: body.scanId,
        verdict: body.verdict,
        reason: body.reason,
        clientIp: ctx.ip || null,
      });
      ctx.status = 201;
      ctx.body = {
        feedbackId: id,
        object: 'screening_feedback',
        scanId: body.scanId,
        verdict: body.verdict,
        status: 'queued_for_review',
      };
    },
  }),
];
