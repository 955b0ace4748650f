/** v2 decisions (read-only): the campaign decision package, a run's decisions, and a descriptive diff. */
import { getAnalysis, latestCompletedAnalysis } from '../../../storage/repos/analyses-repo.ts';
import { getPolicyVersion } from '../../../storage/repos/campaigns-repo.ts';
import { countDecisions, diffDecisions, listDecisions, type DecisionRow } from '../../../storage/repos/results-repo.ts';
import { resolveCampaign, resolveRun } from '../scope.ts';
import { decisionRowView, packageCsv, packageJson } from '../../results/decision-package.ts';
import { DECISION_BOUNDARY_HEADER, DECISION_BOUNDARY_VALUE, BOUNDARIES } from '../../results/boundaries.ts';
import { ApiError } from '../api-error.ts';
import { notFound } from '../../core/domain-error.ts';
import { keysetPage } from '../pagination.ts';
import { principalOf, type RouteDef } from '../route-def.ts';
import { cursorParam, errorSchema, limitParam, paginationSchema } from '../schemas/common.ts';

const err = (description: string) => ({ description, schema: errorSchema });
export const MAX_DIFF_DECISIONS = 50000;

const pageSchema = (items: string) => ({
  type: 'object',
  required: [items, 'pagination'],
  properties: { [items]: { type: 'array' }, pagination: paginationSchema },
});

export const decisionRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/api/v2/campaigns/{id}/decisions',
    operationId: 'getDecisionPackage',
    summary: 'Decision package of the latest completed run (json or csv)',
    tag: 'Decisions',
    auth: 'key',
    query: { properties: { format: { enum: ['json', 'csv'], default: 'json' } } },
    responses: {
      200: { description: 'Decision package', contentType: 'application/json, text/csv' },
      404: err('Unknown campaign'),
      409: err('no_completed_run'),
    },
    async handler(ctx) {
      const campaign = await resolveCampaign(ctx);
      const db = ctx.services.store.db;
      const run = await latestCompletedAnalysis(db, principalOf(ctx).ownerId, campaign.id);
      if (!run) throw new ApiError('no_completed_run', 'the campaign has no completed analysis run yet');
      const decisions = await listDecisions(db, run.id, 0, run.walletCount + 1);
      const policy = run.policyVersion === null ? null : await getPolicyVersion(db, campaign.id, run.policyVersion);
      ctx.set(DECISION_BOUNDARY_HEADER, DECISION_BOUNDARY_VALUE);
      if ((ctx.state.query as { format: string }).format === 'csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.set('Content-Disposition', `attachment; filename="decisions-${campaign.id}-${run.id}.csv"`);
        ctx.body = packageCsv({ campaign, run, policy, decisions });
      } else {
        ctx.body = packageJson({ campaign, run, policy, decisions });
      }
    },
  },
  {
    method: 'get',
    path: '/api/v2/campaigns/{id}/analyses/{analysisId}/decisions',
    operationId: 'listRunDecisions',
    cacheImmutable: true,
    summary: 'Page of persisted decision rows of exactly this run',
    tag: 'Decisions',
    auth: 'key',
    query: { properties: { limit: limitParam(500, 100), cursor: cursorParam(512) } },
    responses: {
      200: { description: 'Decision rows', schema: pageSchema('decisions') },
      404: err('Unknown campaign or analysis'),
      503: err('Store unavailable'),
    },
    async handler(ctx) {
      const { campaign, run } = await resolveRun(ctx);
      ctx.state.immutable = run.status === 'completed';
      const q = ctx.state.query as { limit: number; cursor?: string };
      const page = await keysetPage({
        cursors: ctx.services.cursors,
        scope: { o: principalOf(ctx).ownerId, c: campaign.id, a: run.id, k: 'decisions' },
        cursor: q.cursor,
        maxCursorLength: 512,
        limit: q.limit,
        start: 0,
        fetch: (pos, take) => listDecisions(ctx.services.store.db, run.id, pos, take),
        positionOf: (r) => r.ordinal,
      });
      ctx.body = {
        object: 'decision_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        analysisId: run.id,
        analysisStatus: run.status,
        riskPolicy: run.riskPolicy,
        policyVersion: run.policyVersion,
        decisions: page.items.map((d) => decisionRowView(run.chain, d)),
        pagination: page.pagination,
        boundaries: BOUNDARIES,
      };
    },
  },
  {
    method: 'get',
    path: '/api/v2/campaigns/{id}/analyses/{analysisId}/decisions/diff',
    operationId: 'diffRunDecisions',
    summary: 'Descriptive diff of stored decisions against another run of the campaign',
    tag: 'Decisions',
    auth: 'key',
    query: {
      properties: {
        compareTo: { type: 'string', minLength: 1, maxLength: 100 },
        limit: limitParam(500, 100),
        cursor: cursorParam(512),
      },
      required: ['compareTo'],
    },
    responses: {
      200: { description: 'Changed rows', schema: pageSchema('changes') },
      404: err('Unknown campaign or analysis, or compareTo of another campaign'),
      400: err(
        'Bad query (validation_failed, invalid_cursor), this run not completed (run_not_completed) ' +
          'or the compareTo run not completed (compare_run_not_completed)',
      ),
      413: err('A run has more than 50000 decisions'),
      503: err('Store unavailable'),
    },
    async handler(ctx) {
      const { campaign, run } = await resolveRun(ctx);
      const q = ctx.state.query as { compareTo: string; limit: number; cursor?: string };
      const db = ctx.services.store.db;
      const other = await getAnalysis(db, principalOf(ctx).ownerId, campaign.id, q.compareTo);
      if (!other) throw notFound('compare_run_not_found', 'compareTo run');
      for (const r of [run, other]) {
        if (r.status !== 'completed')
          throw new ApiError(
            r === run ? 'run_not_completed' : 'compare_run_not_completed',
            `${r === run ? 'run' : 'compareTo run'} ${r.id} is ${r.status}, not completed`,
          );
        if ((await countDecisions(db, r.id)) > MAX_DIFF_DECISIONS)
          throw new ApiError('diff_too_large', `run ${r.id} has more than ${MAX_DIFF_DECISIONS} decisions`, {
            maxDecisions: MAX_DIFF_DECISIONS,
          });
      }
      const page = await keysetPage({
        cursors: ctx.services.cursors,
        scope: { o: principalOf(ctx).ownerId, c: campaign.id, a: run.id, b: other.id, k: 'diff' },
        cursor: q.cursor,
        maxCursorLength: 512,
        limit: q.limit,
        start: '',
        fetch: (pos, take) => diffDecisions(db, run.id, other.id, pos, take),
        positionOf: (r) => r.walletAddress,
      });
      const view = (d: DecisionRow | null) =>
        d && {
          riskScore: d.riskScore,
          storedStatus: d.storedStatus,
          storedRecommendedAction: d.recommendedAction,
          clusterLabel: d.clusterLabel,
          operatorPolicyAction: d.policyAction,
        };
      ctx.body = {
        object: 'decision_diff',
        apiVersion: 'v2',
        campaignId: campaign.id,
        analysisId: run.id,
        compareTo: other.id,
        descriptiveOnly: true,
        changes: page.items.map((r) => {
          const a = view(r.a);
          const b = view(r.b);
          const change = !a ? 'only_in_compareTo' : !b ? 'only_in_analysis' : 'changed';
          const fields = a && b ? Object.keys(a).filter((k) => (a as any)[k] !== (b as any)[k]) : [];
          return {
            walletAddress: decisionRowView(run.chain, (r.a ?? r.b)!).walletAddress,
            change,
            changedFields: fields,
            analysis: a,
            compareTo: b,
          };
        }),
        pagination: page.pagination,
        boundaries: BOUNDARIES,
      };
    },
  },
];
