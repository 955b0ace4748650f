/** v1 screening scan (starter or growth plan) and the unauthenticated, rate-limited feedback queue. */
import { insertFeedback, insertScan, scanExists } from '../../../storage/repos/screening-repo.ts';
import { kitHistoryFor, markAllowListedSighting } from '../../../storage/repos/kit-memory-repo.ts';
import { isWellKnownHost, kitMemoryEntry } from '../../screening/page/kit-memory.ts';
import { requireV1Access } from '../v1-access.ts';
import { scanScreening, SCREENING_TYPES, MAX_VALUE_LENGTH, type ScreeningRequest } from '../../screening/scan.ts';
import { ApiError } from '../api-error.ts';
import { notFound } from '../../core/domain-error.ts';
import { newId } from '../../core/ids.ts';
import { principalOf, type RouteDef } from '../route-def.ts';
import { errorSchema } from '../schemas/common.ts';

const err = (description: string) => ({ description, schema: errorSchema });

export const FEEDBACK_VERDICTS = ['false_positive', 'false_negative', 'scam_report', 'confirmed'] as const;
export const FEEDBACK_PER_MINUTE = 30;

export const scanRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'chain', 'value'],
  properties: {
    type: { enum: [...SCREENING_TYPES] },
    chain: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: 'lower-case: evm, ethereum, base, arbitrum, optimism, polygon, bnb, solana ...',
    },
    value: { type: 'string', minLength: 1, maxLength: MAX_VALUE_LENGTH },
    walletAddress: { type: 'string', minLength: 1, maxLength: 128 },
    tokenMetadata: {
      type: 'object',
      additionalProperties: false,
      properties: { symbol: { type: 'string', maxLength: 64 }, name: { type: 'string', maxLength: 200 } },
    },
  },
};

/** A feedback body is three short strings: anything larger is refused before it is parsed. */
export const FEEDBACK_MAX_BYTES = 16 * 1024;

export const feedbackSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['scanId', 'verdict', 'reason'],
  properties: {
    scanId: { type: 'string', minLength: 1, maxLength: 64 },
    verdict: { enum: [...FEEDBACK_VERDICTS] },
    reason: { type: 'string', minLength: 1, maxLength: 2000 },
  },
};

export const screeningRoutes: RouteDef[] = [
  {
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
      const s = ctx.services.screening;
      const req = ctx.state.body as ScreeningRequest;
      const db = ctx.services.store.db;
      const knowledge = await s.knowledge.get();
      const ownerId = ctx.state.principal!.ownerId;
      const result = await scanScreening(req, {
        knowledge,
        fetchPage: s.fetchPage,
        // kit memory is per owner unless confirmed (kit-memory.ts)
        kitHistory: (fingerprint, host) => kitHistoryFor(db, fingerprint, host, ownerId),
      });
      const scanId = newId('scn');
      const kit = kitMemoryEntry(result, isWellKnownHost(result.metadata.subject, knowledge));
      const kitFingerprint = kit?.fingerprint ?? null;
      await insertScan(db, {
        id: scanId,
        ownerId: principalOf(ctx).ownerId,
        type: req.type,
        chain: req.chain,
        value: req.value,
        verdict: result.verdict,
        riskScore: result.riskScore,
        result,
        kitFingerprint,
        subjectHost: kitFingerprint === null ? null : result.metadata.subject,
      });
      if (kit?.role === 'allow_listed') await markAllowListedSighting(db, scanId);
      ctx.body = {
        scanId,
        object: 'screening_scan',
        type: req.type,
        chain: req.chain,
        ...result,
        feedback: { url: '/api/screening/feedback', verdicts: FEEDBACK_VERDICTS },
      };
    },
  },
  {
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
      const body = ctx.state.body as { scanId: string; verdict: string; reason: string };
      if (!(await scanExists(ctx.services.store.db, body.scanId))) throw notFound('scan_not_found', 'scan');
      const id = newId('fbk');
      await insertFeedback(ctx.services.store.db, {
        id,
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
  },
];
