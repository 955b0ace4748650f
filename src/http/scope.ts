/** The resource a request's path names (campaign, run, cluster), for the signed-in owner (src/results/scope.ts). */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import type { ClusterRow } from '../../storage/repos/results-repo.ts';
import type { RawBuilder } from 'kysely';
import {
  findCampaign,
  findCluster,
  findClusterWithPage,
  findClusterWithTextPage,
  findRun,
  findRunWithPage,
  findRunWithTextPage,
} from '../results/scope.ts';
import { principalOf, type AppContext } from './route-def.ts';
import { scopedKeysetPage, scopedTextPage } from './pagination.ts';
import type { CursorScope } from './cursor-codec.ts';

export const resolveCampaign = (ctx: AppContext): Promise<CampaignRow> =>
  findCampaign(ctx.services.store.db, principalOf(ctx).ownerId, ctx.params.id);

export const resolveRun = (ctx: AppContext): Promise<{ campaign: CampaignRow; run: AnalysisRow }> =>
  findRun(ctx.services.store.hotReads, principalOf(ctx).ownerId, ctx.params.id, ctx.params.analysisId);

export const resolveCluster = (
  ctx: AppContext,
): Promise<{ campaign: CampaignRow; run: AnalysisRow; cluster: ClusterRow }> =>
  findCluster(
    ctx.services.store.hotReads,
    principalOf(ctx).ownerId,
    ctx.params.id,
    ctx.params.analysisId,
    ctx.params.clusterLabel,
  );

/** resolveRun and a page of the run's rows in one statement (see scopedKeysetPage). */
export const resolveRunPage = <R>(ctx: AppContext, page: RawBuilder<unknown>) =>
  findRunWithPage<R>(ctx.services.store.hotReads, principalOf(ctx).ownerId, ctx.params.id, ctx.params.analysisId, page);

/** resolveCluster and a page of the cluster's rows in one statement (see scopedKeysetPage). */
export const resolveClusterPage = <R>(ctx: AppContext, page: RawBuilder<unknown>) =>
  findClusterWithPage<R>(
    ctx.services.store.hotReads,
    principalOf(ctx).ownerId,
    ctx.params.id,
    ctx.params.analysisId,
    ctx.params.clusterLabel,
    page,
  );

/** The paging query parameters of a request, and the select of one page after `position` (`take` rows). */
export type PageQuery = { limit: number; cursor?: string };
type PageSql = (position: number, take: number) => RawBuilder<unknown>;

/** The request's cursor scope of a run's pages: owner, campaign, run and `kind`. */
const runCursorScope = (ctx: AppContext, kind: string): CursorScope => ({
  o: principalOf(ctx).ownerId,
  c: ctx.params.id,
  a: ctx.params.analysisId,
  k: kind,
});

/** The same for a cluster's pages: also the cluster label and `extra` (the evidence lane). */
const clusterCursorScope = (ctx: AppContext, kind: string, extra: CursorScope = {}): CursorScope => ({
  ...runCursorScope(ctx, kind),
  l: ctx.params.clusterLabel,
  ...extra,
});

/** What a page of the request starts from: its cursor (up to 512 characters) bound to `scope`, its limit. */
const pageOptions = (ctx: AppContext, query: PageQuery, scope: CursorScope) => ({
  cursors: ctx.services.cursors,
  scope,
  cursor: query.cursor,
  maxCursorLength: 512,
  limit: query.limit,
  start: 0,
});

/**
 * A page of a run's rows in ordinal order (cluster catalog, decisions), the run resolved in the same statement
 * (scopedKeysetPage); the cursor is bound to owner, campaign, run and `kind`.
 */
export const runOrdinalPage = <R extends { ordinal: number }>(
  ctx: AppContext,
  query: PageQuery,
  kind: string,
  page: PageSql,
) =>
  scopedKeysetPage({
    ...pageOptions(ctx, query, runCursorScope(ctx, kind)),
    fetch: (position, take) => resolveRunPage<R>(ctx, page(position, take)),
    positionOf: (r) => r.ordinal,
  });

/**
 * The same for a cluster's rows (members, evidence): the cursor is also bound to the cluster label and to
 * `scopeExtra` (the evidence lane).
 */
export const clusterOrdinalPage = <R extends { ordinal: number }>(
  ctx: AppContext,
  query: PageQuery,
  kind: string,
  page: PageSql,
  scopeExtra: CursorScope = {},
) =>
  scopedKeysetPage({
    ...pageOptions(ctx, query, clusterCursorScope(ctx, kind, scopeExtra)),
    fetch: (position, take) => resolveClusterPage<R>(ctx, page(position, take)),
    positionOf: (r) => r.ordinal,
  });

/** The path's ids for an owner-scoped read. */
const pathIds = (ctx: AppContext) => ({
  ownerId: principalOf(ctx).ownerId,
  campaignId: ctx.params.id,
  analysisId: ctx.params.analysisId,
});

/**
 * runOrdinalPage with the items written as JSON text by the database (page-text-repo.ts, scopedTextPage): the same
 * cursors, so either path continues the other's pages.
 */
export const runTextPage = (ctx: AppContext, query: PageQuery, kind: string, page: PageSql) =>
  scopedTextPage({
    ...pageOptions(ctx, query, runCursorScope(ctx, kind)),
    fetch: (position, take) =>
      findRunWithTextPage(ctx.services.store.hotReads, pathIds(ctx), page(position, take), query.limit),
  });

/** clusterOrdinalPage with the items written as JSON text by the database. */
export const clusterTextPage = (ctx: AppContext, query: PageQuery, kind: string, page: PageSql) =>
  scopedTextPage({
    ...pageOptions(ctx, query, clusterCursorScope(ctx, kind)),
    fetch: (position, take) =>
      findClusterWithTextPage(
        ctx.services.store.hotReads,
        { ...pathIds(ctx), clusterLabel: ctx.params.clusterLabel },
        page(position, take),
        query.limit,
      ),
  });
