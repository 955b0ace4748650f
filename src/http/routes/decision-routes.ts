import { diffDecisions, type DecisionRow } from '../../../storage/repos/results-repo.ts';
import { decisionsTextPage } from '../../../storage/repos/page-text-repo.ts';
import { displayWalletAddressBytes } from '../../results/cluster-views.ts';
import { objectWithArrayBytes, sendJsonText } from '../json-text.ts';
import { resolveCampaign, resolveRun, runTextPage } from '../scope.ts';
import { comparableRuns } from '../../results/decision-diff.ts';
import { decisionRowView, latestPackageInput, packageCsv, packageJson } from '../../results/decision-package.ts';
import { DECISION_BOUNDARY_HEADER, DECISION_BOUNDARY_VALUE, BOUNDARIES } from '../../results/boundaries.ts';
import { keysetPage } from '../pagination.ts';
import { principalOf, defineRoute, type RouteDef } from '../route-def.ts';
import { Type } from '@sinclair/typebox';
import { cursorParam, errorSchema, limitParam, pageQuery, paginationSchema } from '../schemas/common.ts';
import { StringEnum, Text } from '../schemas/schema-types.ts';

/** The names of the fields whose values differ between two views of one wallet's decision. */
const changedFields = <T extends object>(a: T, b: T): string[] =>
  (Object.keys(a) as Array<keyof T & string>).filter((k) => a[k] !== b[k]);

const err = (description: string) => ({ description, schema: errorSchema });

const pageSchema = (items: string) => ({
  type: 'object',
  required: [items, 'pagination'],
  properties: { [items]: { type: 'array' }, pagination: paginationSchema },
});

export const decisionRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns/{id}/decisions',
    operationId: 'getDecisionPackage',
    summary: 'Decision package of the latest completed run (json or csv)',
    tag: 'Decisions',
    auth: 'key',
    query: Type.Object({ format: StringEnum(['json', 'csv'] as const, { default: 'json' }) }),
    responses: {
      200: { description: 'Decision package', contentType: 'application/json, text/csv' },
      404: err('Unknown campaign'),
      409: err('no_completed_run'),
    },
    async handler(ctx) {
      const campaign = await resolveCampaign(ctx);
      const pkg = await latestPackageInput(ctx.services.store.db, principalOf(ctx).ownerId, campaign);
      ctx.set(DECISION_BOUNDARY_HEADER, DECISION_BOUNDARY_VALUE);
      if (ctx.state.query.format === 'csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.set('Content-Disposition', `attachment; filename="decisions-${campaign.id}-${pkg.run.id}.csv"`);
        ctx.body = packageCsv(pkg);
      } else {
        ctx.body = packageJson(pkg);
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns/{id}/analyses/{analysisId}/decisions',
    operationId: 'listRunDecisions',
    cacheImmutable: true,
    summary: 'Page of persisted decision rows of exactly this run',
    tag: 'Decisions',
    auth: 'key',
    query: pageQuery(500, 100, 512),
    responses: {
      200: { description: 'Decision rows', schema: pageSchema('decisions') },
      404: err('Unknown campaign or analysis'),
      503: err('Store unavailable'),
    },
    async handler(ctx) {
      // the rows come as decisionRowView's JSON text, written by the database (page-text-repo.ts)
      const {
        scope: { campaign, run },
        page,
        pagination,
      } = await runTextPage(ctx, ctx.state.query, 'decisions', decisionsTextPage);
      ctx.state.immutable = run.status === 'completed';
      const head = {
        object: 'decision_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        analysisId: run.id,
        analysisStatus: run.status,
        riskPolicy: run.riskPolicy,
        policyVersion: run.policyVersion,
      };
      const tail = { pagination, boundaries: BOUNDARIES };
      sendJsonText(
        ctx,
        objectWithArrayBytes(head, 'decisions', page.text, tail, displayWalletAddressBytes(run.chain), page.bytes),
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns/{id}/analyses/{analysisId}/decisions/diff',
    operationId: 'diffRunDecisions',
    summary: 'Descriptive diff of stored decisions against another run of the campaign',
    tag: 'Decisions',
    auth: 'key',
    query: Type.Object({ compareTo: Text(100), limit: limitParam(500, 100), cursor: cursorParam(512) }),
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
      const q = ctx.state.query;
      const db = ctx.services.store.db;
      const other = await comparableRuns(db, principalOf(ctx).ownerId, run, q.compareTo);
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
          const fields = a && b ? changedFields(a, b) : [];
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
  }),
];
