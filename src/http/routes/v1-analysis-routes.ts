/** v1 analyze and analysis summary (starter or growth plan; starter metered). */
import { requireV1Access } from '../v1-access.ts';
import { v1Analyze } from '../../analyses/v1-analyze.ts';
import { v1AnalyzeSchema } from '../schemas/v1-schemas.ts';
import { v1SummaryFor } from '../../results/v1-summary.ts';
import { principalOf, defineRoute, type RouteDef } from '../route-def.ts';
import { errorSchema } from '../schemas/common.ts';

const err = (description: string) => ({ description, schema: errorSchema });

export const v1AnalysisRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/analyze',
    operationId: 'v1Analyze',
    summary: 'Queue a wallet-list analysis (same batch worker as v2)',
    tag: 'v1',
    auth: 'key',
    body: { schema: v1AnalyzeSchema },
    responses: {
      202: { description: 'Queued run with its v2 links' },
      403: err('plan_required, plan_expired'),
      409: err('campaign_not_accepting_runs'),
      429: err('quota_exceeded (Retry-After)'),
    },
    // plan and allowance are checked before the body is read: a spent allowance is 429 whatever the body
    beforeBody: requireV1Access,
    async handler(ctx) {
      const p = principalOf(ctx);
      const { campaign, run, duplicates } = await v1Analyze(
        ctx.services.store.db,
        p.ownerId,
        p.keyId,
        ctx.state.body,
        ctx.config.maxWalletsPerAnalysis,
      );
      ctx.services.wake();
      ctx.status = 202;
      ctx.body = {
        analysisId: run.id,
        campaignId: campaign.id,
        projectName: campaign.name,
        status: run.status,
        walletCount: run.walletCount,
        duplicatesRemoved: duplicates,
        inputHash: run.inputHash,
        riskPolicy: run.riskPolicy,
        policyVersion: run.policyVersion,
        links: { status: `/api/v1/analysis/${run.id}`, v2: `/api/v2/campaigns/${campaign.id}/analyses/${run.id}` },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/analysis/{analysisId}',
    operationId: 'v1Analysis',
    summary: 'Summary counts, top wallet decisions, clusters, graph intelligence and export URLs',
    tag: 'v1',
    auth: 'key',
    responses: {
      200: { description: 'Analysis summary; poll until status is completed' },
      403: err('plan_required'),
      404: err('analysis_not_found'),
      429: err('quota_exceeded'),
    },
    // plan and allowance are checked before the body is read: a spent allowance is 429 whatever the body
    beforeBody: requireV1Access,
    async handler(ctx) {
      ctx.body = await v1SummaryFor(ctx.services.store.db, principalOf(ctx).ownerId, ctx.params.analysisId);
    },
  }),
];
