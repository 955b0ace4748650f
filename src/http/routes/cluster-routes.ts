/** v2 clusters (read-only, never recomputed): catalog, intelligence, evidence, members, export. */
import {
  clusterCatalogPage,
  evidencePage,
  type EvidenceRow,
  countClusters,
  listMembers,
  membersPage,
  scanEvidence,
  type ClusterRow,
  type DecisionRow,
} from '../../../storage/repos/results-repo.ts';
import type { AnalysisRow } from '../../../storage/repos/analyses-repo.ts';
import type { CampaignRow } from '../../../storage/repos/campaigns-repo.ts';
import {
  resolveCluster,
  clusterOrdinalPage,
  clusterTextPage,
  runOrdinalPage,
  runTextPage,
  type PageQuery,
} from '../scope.ts';
import { catalogTextPage, membersTextPage } from '../../../storage/repos/page-text-repo.ts';
import { objectWithArrayBytes, sendJsonText } from '../json-text.ts';
import {
  catalogRow,
  displayWalletAddressBytes,
  evidenceItem,
  intelligenceView,
  memberItem,
} from '../../results/cluster-views.ts';
import { CLUSTER_EXPORT_FORMATS, clusterExport } from '../../results/cluster-export-service.ts';
import { BOUNDARIES, DECISION_BOUNDARY_HEADER, DECISION_BOUNDARY_VALUE } from '../../results/boundaries.ts';
import { type AppContext, principalOf, defineRoute, type RouteDef } from '../route-def.ts';
import { reviewsCacheKey, teamReviews } from '../../reviews/team-review.ts';
import { Type } from '@sinclair/typebox';
import { cursorParam, errorSchema, limitParam, pageQuery, paginationSchema } from '../schemas/common.ts';
import { StringEnum } from '../schemas/schema-types.ts';

type CatalogRow = Pick<ClusterRow, 'ordinal' | 'label' | 'size' | 'riskScore' | 'groupingBasis'>;

const err = (description: string) => ({ description, schema: errorSchema });
const BASE = '/api/v2/campaigns/{id}/analyses/{analysisId}/clusters';
export const MAX_SCAN_ROWS = 10000;

/** Pages that show teamReview are cached per newest review of their run as well. */
const reviewsCacheVariant = (ctx: AppContext): Promise<string> =>
  reviewsCacheKey(ctx.services.store.db, String(ctx.params.analysisId ?? ''));

const scoped = (description: string) => ({
  type: 'object',
  required: ['object', 'apiVersion', 'campaignId', 'analysisId'],
  description,
});

export const clusterRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listClusters',
    cacheImmutable: true,
    summary: 'Cluster catalog of a run (labels and links)',
    tag: 'Clusters',
    auth: 'key',
    query: pageQuery(500, 100, 512),
    responses: {
      200: {
        description: 'ClusterCatalog',
        schema: {
          ...scoped('ClusterCatalog'),
          properties: { object: { const: 'cluster_list' }, clusters: { type: 'array' }, pagination: paginationSchema },
        },
      },
      404: err('Unknown campaign or analysis'),
    },
    async handler(ctx) {
      // catalogRow's JSON text, written by the database; a label that a link must escape takes the general path
      const fast = await runTextPage(ctx, ctx.state.query, 'catalog', catalogTextPage);
      if (!fast.page.plain) return catalogPage(ctx, ctx.state.query);
      ctx.state.immutable = fast.scope.run.status === 'completed';
      const head = await catalogHead(ctx, fast.scope);
      const tail = { pagination: fast.pagination, boundaries: BOUNDARIES };
      sendJsonText(ctx, objectWithArrayBytes(head, 'clusters', fast.page.text, tail, undefined, fast.page.bytes));
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/{clusterLabel}`,
    operationId: 'getClusterIntelligence',
    cacheImmutable: true,
    cacheVariant: reviewsCacheVariant,
    summary: 'Cluster intelligence: support, archetype, grouping basis, bounded provenance and timeline',
    tag: 'Clusters',
    auth: 'key',
    responses: {
      200: {
        description: 'ClusterIntelligence',
        schema: {
          ...scoped('ClusterIntelligence'),
          properties: {
            object: { const: 'cluster_intelligence' },
            support: { type: 'object', required: ['confidence'] },
            archetype: { type: 'object' },
            boundaries: { type: 'array' },
            links: { type: 'object' },
          },
        },
      },
      404: err('Unknown campaign, analysis or cluster'),
    },
    async handler(ctx) {
      const { campaign, run, cluster } = await resolveCluster(ctx);
      ctx.state.immutable = run.status === 'completed';
      const preview = [
        ...(await scanEvidence(ctx.services.store.db, run.id, cluster.ordinal, 'funding', 0, 5)),
        ...(await scanEvidence(ctx.services.store.db, run.id, cluster.ordinal, 'graph', 0, 5)),
      ];
      const sample = await listMembers(ctx.services.store.db, run.id, cluster.ordinal, 0, 10);
      const teamReviewOf = await teamReviews(ctx.services.store.db, run.id, cluster.label, sample);
      ctx.body = intelligenceView(campaign.id, run.id, run.chain, cluster, preview, sample, teamReviewOf);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/{clusterLabel}/evidence`,
    operationId: 'listClusterEvidence',
    cacheImmutable: true,
    summary: 'Page of stored evidence of one lane (bounded scan of 10000 rows)',
    tag: 'Clusters',
    auth: 'key',
    query: Type.Object({
      lane: StringEnum(['funding', 'graph'] as const, { default: 'funding' }),
      limit: limitParam(200, 100),
      cursor: cursorParam(512),
    }),
    responses: {
      200: {
        description: 'ClusterEvidenceList',
        schema: {
          ...scoped('ClusterEvidenceList'),
          properties: {
            object: { const: 'cluster_evidence_list' },
            lane: { enum: ['funding', 'graph'] },
            evidence: { type: 'array' },
            pagination: {
              type: 'object',
              required: [
                'limit',
                'returned',
                'hasMore',
                'nextCursor',
                'scannedRows',
                'scanLimitReached',
                'maxScanRowsPerRequest',
              ],
            },
          },
        },
      },
      404: err('Unknown campaign, analysis or cluster'),
    },
    async handler(ctx) {
      // scope and page in one statement; the cursor is bound to the lane as well
      const q = ctx.state.query;
      const {
        scope: { campaign, run, cluster },
        page,
      } = await clusterOrdinalPage<EvidenceRow>(ctx, q, 'evidence', evidencePage(q.lane), { lane: q.lane });
      ctx.state.immutable = run.status === 'completed';
      // a page reads limit + 1 rows (limit is at most 200), always within the scan bound
      const scanned = page.items.length + (page.pagination.hasMore ? 1 : 0);
      ctx.body = {
        object: 'cluster_evidence_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        analysisId: run.id,
        clusterLabel: cluster.label,
        lane: q.lane,
        evidence: page.items.map((e) => evidenceItem(run.chain, e)),
        pagination: {
          ...page.pagination,
          scannedRows: scanned,
          scanLimitReached: scanned >= MAX_SCAN_ROWS,
          maxScanRowsPerRequest: MAX_SCAN_ROWS,
        },
        boundaries: BOUNDARIES,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/{clusterLabel}/members`,
    operationId: 'listClusterMembers',
    cacheImmutable: true,
    cacheVariant: reviewsCacheVariant,
    summary: 'Page of stored cluster members with their stored wallet state',
    tag: 'Clusters',
    auth: 'key',
    query: pageQuery(500, 100, 512),
    responses: {
      200: {
        description: 'ClusterMemberList',
        schema: {
          ...scoped('ClusterMemberList'),
          properties: {
            object: { const: 'cluster_member_list' },
            members: { type: 'array' },
            pagination: paginationSchema,
          },
        },
      },
      404: err('Unknown campaign, analysis or cluster'),
    },
    async handler(ctx) {
      // memberItem's JSON text, written by the database; a page that a review speaks for takes the general path
      const fast = await clusterTextPage(ctx, ctx.state.query, 'members', membersTextPage);
      if (!fast.page.plain) return membersPageWithReviews(ctx, ctx.state.query);
      const { run } = fast.scope;
      ctx.state.immutable = run.status === 'completed';
      const head = membersHead(fast.scope);
      const tail = { pagination: fast.pagination, boundaries: BOUNDARIES };
      sendJsonText(
        ctx,
        objectWithArrayBytes(
          head,
          'members',
          fast.page.text,
          tail,
          displayWalletAddressBytes(run.chain),
          fast.page.bytes,
        ),
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/{clusterLabel}/export`,
    operationId: 'exportCluster',
    summary: 'Cluster export as an attachment (json, csv, markdown; md is an alias)',
    tag: 'Clusters',
    auth: 'key',
    query: Type.Object({ format: StringEnum(CLUSTER_EXPORT_FORMATS, { default: 'json' }) }),
    responses: {
      200: { description: 'Attachment', contentType: 'application/json, text/csv, text/markdown' },
      404: err('Unknown campaign, analysis or cluster'),
      503: err('Store unavailable'),
    },
    async handler(ctx) {
      const { campaign, run, cluster } = await resolveCluster(ctx);
      const x = await clusterExport(ctx.services.store.db, { campaign, run, cluster }, ctx.state.query.format, {
        members: ctx.services.config.exportMaxMembers,
        evidence: ctx.services.config.exportMaxEvidence,
      });
      if (x.truncated.length > 0) ctx.set('X-Export-Truncated', x.truncated.join(', '));
      ctx.set(DECISION_BOUNDARY_HEADER, DECISION_BOUNDARY_VALUE);
      ctx.set('Content-Disposition', `attachment; filename="${x.fileName}"`);
      ctx.type = x.contentType;
      ctx.body = x.body;
    },
  }),
];

/** A completed run's summary holds its cluster count (stored with the results in one transaction). */
function storedClusterCount(run: { status: string; summary: unknown }): number | null {
  const n = (run.summary as { clusters?: unknown } | null)?.clusters;
  return run.status === 'completed' && typeof n === 'number' ? n : null;
}

/** The members of a catalog before its clusters, in the order the response shows them. */
const catalogHead = async (
  ctx: AppContext,
  { campaign, run }: { campaign: Pick<CampaignRow, 'id'>; run: Pick<AnalysisRow, 'id' | 'status' | 'summary'> },
) => ({
  object: 'cluster_list',
  apiVersion: 'v2',
  campaignId: campaign.id,
  analysisId: run.id,
  analysisStatus: run.status,
  storedClusterCount: storedClusterCount(run) ?? (await countClusters(ctx.services.store.db, run.id)),
});

/** The members of a members page before its items. */
const membersHead = (s: {
  campaign: Pick<CampaignRow, 'id'>;
  run: Pick<AnalysisRow, 'id'>;
  cluster: Pick<ClusterRow, 'label' | 'size'>;
}) => ({
  object: 'cluster_member_list',
  apiVersion: 'v2',
  campaignId: s.campaign.id,
  analysisId: s.run.id,
  clusterLabel: s.cluster.label,
  storedTotalMembers: s.cluster.size,
});

/** The catalog built from rows (labels that a link must escape). */
async function catalogPage(ctx: AppContext, query: PageQuery): Promise<void> {
  const { scope, page } = await runOrdinalPage<CatalogRow>(ctx, query, 'catalog', clusterCatalogPage);
  const { campaign, run } = scope;
  ctx.state.immutable = run.status === 'completed';
  ctx.body = {
    ...(await catalogHead(ctx, scope)),
    clusters: page.items.map((c) => catalogRow(campaign.id, run.id, c)),
    pagination: page.pagination,
    boundaries: BOUNDARIES,
  };
}

/** A members page built from rows, with the team review that speaks for each member. */
async function membersPageWithReviews(ctx: AppContext, query: PageQuery): Promise<void> {
  const { scope, page } = await clusterOrdinalPage<DecisionRow>(ctx, query, 'members', membersPage);
  const { run, cluster } = scope;
  ctx.state.immutable = run.status === 'completed';
  const teamReviewOf = await teamReviews(ctx.services.store.db, run.id, cluster.label, page.items);
  ctx.body = {
    ...membersHead(scope),
    members: page.items.map((m) => memberItem(run.chain, m, teamReviewOf(m))),
    pagination: page.pagination,
    boundaries: BOUNDARIES,
  };
}
