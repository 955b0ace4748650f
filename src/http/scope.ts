/** The resource a request's path names (campaign, run, cluster), for the signed-in owner (src/results/scope.ts). */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import type { ClusterRow } from '../../storage/repos/results-repo.ts';
import type { RawBuilder } from 'kysely';
import { findCampaign, findCluster, findClusterWithPage, findRun, findRunWithPage } from '../results/scope.ts';
import { principalOf, type AppContext } from './route-def.ts';
import { scopedKeysetPage } from './pagination.ts';
import type { CursorScope } from './cursor-codec.ts';

export const resolveCampaign = (ctx: AppContext): Promise<CampaignRow> =>
  findCampaign(ctx.services.store.db, principalOf(ctx).ownerId, ctx.params.id);

export const resolveRun = (ctx: AppContext): Promise<{ campaign: CampaignRow; run: AnalysisRow }> =>
  findRun(ctx.services.store.db, principalOf(ctx).ownerId, ctx.params.id, ctx.params.analysisId);

export const resolveCluster = (
  ctx: AppContext,
): Promise<{ campaign: CampaignRow; run: AnalysisRow; cluster: ClusterRow }> =>
  findCluster(
    ctx.services.store.db,
    principalOf(ctx).ownerId,
    ctx.params.id,
    ctx.params.analysisId,
    ctx.params.clusterLabel,
  );

/** resolveRun and a page of the run's rows in one statement (see scopedKeysetPage). */
export const resolveRunPage = <R>(ctx: AppContext, page: RawBuilder<unknown>) =>
  findRunWithPage<R>(ctx.services.store.db, principalOf(ctx).ownerId, ctx.params.id, ctx.params.analysisId, page);

/** resolveCluster and a page of the cluster's rows in one statement (see scopedKeysetPage). */
export const resolveClusterPage = <R>(ctx: AppContext, page: RawBuilder<unknown>) =>
  findClusterWithPage<R>(
    ctx.services.store.db,
    principalOf(ctx).ownerId,
    ctx.params.id,
    ctx.params.analysisId,
    ctx.params.clusterLabel,
    page,
  );

/** A keyset page in ordinal order whose fetch resolves the request's scope in the same statement. */
const ordinalPage = <R extends { ordinal: number }, S>(
  ctx: AppContext,
  query: { limit: number; cursor?: string },
  scope: CursorScope,
  fetch: (position: number, take: number) => Promise<{ scope: S; rows: R[] }>,
) =>
  scopedKeysetPage({
    cursors: ctx.services.cursors,
    scope,
    cursor: query.cursor,
    maxCursorLength: 512,
    limit: query.limit,
    start: 0,
    fetch,
    positionOf: (r) => r.ordinal,
  });

/**
 * A page of a run's rows in ordinal order (cluster catalog, decisions), the run resolved in the same statement; the
 * cursor is bound to owner, campaign, run and `kind`.
 */
export const runOrdinalPage = <R extends { ordinal: number }>(
  ctx: AppContext,
  query: { limit: number; cursor?: string },
  kind: string,
  page: (position: number, take: number) => RawBuilder<unknown>,
) =>
  ordinalPage(
    ctx,
    query,
    { o: principalOf(ctx).ownerId, c: ctx.params.id, a: ctx.params.analysisId, k: kind },
    (position, take) => resolveRunPage<R>(ctx, page(position, take)),
  );

/** The same for a cluster's rows (members): the cursor is also bound to the cluster label. */
export const clusterOrdinalPage = <R extends { ordinal: number }>(
  ctx: AppContext,
  query: { limit: number; cursor?: string },
  kind: string,
  page: (position: number, take: number) => RawBuilder<unknown>,
) =>
  ordinalPage(
    ctx,
    query,
    { o: principalOf(ctx).ownerId, c: ctx.params.id, a: ctx.params.analysisId, l: ctx.params.clusterLabel, k: kind },
    (position, take) => resolveClusterPage<R>(ctx, page(position, take)),
  );
