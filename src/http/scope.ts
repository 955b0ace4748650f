/** The resource a request's path names (campaign, run, cluster), for the signed-in owner (src/results/scope.ts). */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import type { ClusterRow } from '../../storage/repos/results-repo.ts';
import { findCampaign, findCluster, findRun } from '../results/scope.ts';
import { principalOf, type AppContext } from './route-def.ts';

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
