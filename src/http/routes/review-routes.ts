/**
 * Human review API (outside the read-only v2 cluster resources): reviews with their history, the review queue,
 * appeals and their resolution, and the run chart counts. Reviews never change stored run results.
 */
import { listAppeals, listReviews } from '../../../storage/repos/reviews-repo.ts';
import { runDistributions } from '../../../storage/repos/review-reads-repo.ts';
import { resolveCampaign, resolveRun } from '../scope.ts';
import { newestFirstPage } from '../pagination.ts';
import { reviewQueue } from '../../reviews/review-queue.ts';
import {
  appealCreateSchema,
  appealListQuerySchema,
  appealResolveSchema,
  appealSchema,
  queueQuerySchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '../schemas/review-schemas.ts';
import { recordAppeal, recordReview, resolveAppeal, reviewScope, storedAddress } from '../../reviews/review-service.ts';
import { appealView, reviewView } from '../../reviews/review-views.ts';
import { type AppContext, principalOf, defineRoute, type RouteDef } from '../route-def.ts';
import { errorSchema, paginationSchema } from '../schemas/common.ts';

const err = (description: string) => ({ description, schema: errorSchema });
const owner = (ctx: AppContext): string => principalOf(ctx).ownerId;
const BASE = '/api/v2/campaigns/{id}';
const page = (items: string, item: object) => ({
  type: 'object',
  required: [items, 'pagination'],
  properties: { [items]: { type: 'array', items: item }, pagination: paginationSchema },
});

export const reviewRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: `${BASE}/reviews`,
    operationId: 'recordReview',
    summary:
      'Record a cluster or wallet review (human context; stored decisions, scores and evidence stay as they are)',
    tag: 'Reviews',
    auth: 'key',
    body: { schema: reviewCreateSchema, maxBytes: 64 * 1024 },
    responses: {
      201: { description: 'The review', schema: reviewSchema },
      400: err('validation_failed, invalid_wallets, review_evidence_not_found'),
      404: err('campaign_not_found, analysis_not_found, cluster_not_found, wallet_not_in_run'),
      409: err('no_completed_run, run_not_completed'),
    },
    async handler(ctx) {
      const { review, run } = await recordReview(ctx.services.store.db, owner(ctx), ctx.params.id, {
        ...ctx.state.body,
      });
      ctx.services.wake();
      ctx.status = 201;
      ctx.body = reviewView(run.chain, review);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/reviews`,
    operationId: 'listReviews',
    summary: 'Review history of a campaign, newest first (every review is kept)',
    tag: 'Reviews',
    auth: 'key',
    query: reviewListQuerySchema,
    responses: {
      200: { description: 'Review page', schema: page('reviews', reviewSchema) },
      404: err('Unknown campaign'),
    },
    async handler(ctx) {
      const campaign = await resolveCampaign(ctx);
      const q = ctx.state.query;
      const walletAddress = q.walletAddress === undefined ? undefined : storedAddress(campaign.chain, q.walletAddress);
      const filter = { analysisId: q.analysisId, subject: q.subject };
      const result = await newestFirstPage({
        cursors: ctx.services.cursors,
        scope: { o: owner(ctx), c: campaign.id, k: 'reviews', f: JSON.stringify({ ...filter, ...q, cursor: null }) },
        cursor: q.cursor,
        limit: q.limit,
        fetch: (pos, take) =>
          listReviews(ctx.services.store.db, {
            ownerId: owner(ctx),
            campaignId: campaign.id,
            ...filter,
            clusterLabel: q.clusterLabel,
            walletAddress,
            reviewer: q.reviewer,
            beforeSeq: pos,
            limit: take,
          }),
      });
      ctx.body = {
        object: 'review_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        reviews: result.items.map((r) => reviewView(campaign.chain, r)),
        pagination: result.pagination,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/review-queue`,
    operationId: 'getReviewQueue',
    summary: 'Wallets, clusters and open appeals awaiting review, by risk then reward at stake',
    tag: 'Reviews',
    auth: 'key',
    query: queueQuerySchema,
    responses: {
      200: { description: 'Review queue of a completed run (latest by default)' },
      404: err('Unknown campaign or analysis'),
      409: err('no_completed_run, run_not_completed'),
    },
    async handler(ctx) {
      const q = ctx.state.query;
      const { run } = await reviewScope(ctx.services.store.db, owner(ctx), ctx.params.id, q.analysisId);
      const { analysisId, ...filter } = q;
      void analysisId;
      ctx.body = await reviewQueue(ctx.services.store.db, run, filter);
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/appeals`,
    operationId: 'recordAppeal',
    summary: "Record a wallet owner's appeal against the latest completed run",
    tag: 'Reviews',
    auth: 'key',
    body: { schema: appealCreateSchema, maxBytes: 32 * 1024 },
    responses: {
      201: { description: 'The appeal', schema: appealSchema },
      400: err('validation_failed, invalid_wallets'),
      404: err('campaign_not_found, wallet_not_in_run'),
      409: err('no_completed_run'),
    },
    async handler(ctx) {
      const body = ctx.state.body;
      // through the dashboard an operator pastes it; with an API key it comes from the operator's backend
      const source = ctx.path.startsWith('/dashboard/') ? 'operator' : 'api';
      const { appeal, run } = await recordAppeal(ctx.services.store.db, owner(ctx), ctx.params.id, {
        ...body,
        source,
      });
      ctx.status = 201;
      ctx.body = appealView(run.chain, appeal);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/appeals`,
    operationId: 'listAppeals',
    summary: 'Appeals of a campaign, newest first',
    tag: 'Reviews',
    auth: 'key',
    query: appealListQuerySchema,
    responses: {
      200: { description: 'Appeal page', schema: page('appeals', appealSchema) },
      404: err('Unknown campaign'),
    },
    async handler(ctx) {
      const campaign = await resolveCampaign(ctx);
      const q = ctx.state.query;
      const result = await newestFirstPage({
        cursors: ctx.services.cursors,
        scope: { o: owner(ctx), c: campaign.id, k: 'appeals', s: q.status ?? null },
        cursor: q.cursor,
        limit: q.limit,
        fetch: (pos, take) =>
          listAppeals(ctx.services.store.db, {
            ownerId: owner(ctx),
            campaignId: campaign.id,
            status: q.status,
            beforeSeq: pos,
            limit: take,
          }),
      });
      ctx.body = {
        object: 'appeal_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        appeals: result.items.map((a) => appealView(campaign.chain, a)),
        pagination: result.pagination,
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/appeals/{appealId}/resolve`,
    operationId: 'resolveAppeal',
    summary: 'Resolve an open appeal with a review of the appealed wallet (event appeal.resolved)',
    tag: 'Reviews',
    auth: 'key',
    body: { schema: appealResolveSchema, maxBytes: 64 * 1024 },
    responses: {
      200: {
        description: 'The resolved appeal and its review',
        schema: {
          type: 'object',
          required: ['appeal', 'review'],
          properties: { appeal: appealSchema, review: reviewSchema },
        },
      },
      400: err('validation_failed, review_evidence_not_found'),
      404: err('campaign_not_found, appeal_not_found'),
      409: err('appeal_already_resolved'),
    },
    async handler(ctx) {
      const { appeal, review, run } = await resolveAppeal(
        ctx.services.store.db,
        owner(ctx),
        ctx.params.id,
        ctx.params.appealId,
        ctx.state.body,
      );
      ctx.services.wake();
      ctx.body = {
        object: 'appeal_resolution',
        appeal: appealView(run.chain, appeal),
        review: reviewView(run.chain, review),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/analyses/{analysisId}/distributions`,
    operationId: 'getRunDistributions',
    summary: 'Counts behind the run charts: risk scores, cluster sizes, actions per cluster size',
    tag: 'Reviews',
    auth: 'key',
    responses: { 200: { description: 'Distributions of the stored run' }, 404: err('Unknown campaign or analysis') },
    async handler(ctx) {
      const { campaign, run } = await resolveRun(ctx);
      ctx.body = {
        object: 'run_distributions',
        campaignId: campaign.id,
        analysisId: run.id,
        ...(await runDistributions(ctx.services.store.db, run.id)),
      };
    },
  }),
];
