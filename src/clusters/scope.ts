/** Resolves campaign, run and cluster from the path, owner-scoped in SQL; anything not owned is 404. */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { ClusterRow } from '../../storage/repos/results-repo.ts';
import { getCampaign, type CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import { resolveReadScope } from '../../storage/repos/scope-repo.ts';
import { notFound } from '../errors/api-error.ts';
import type { AppContext } from '../api/route-def.ts';

export async function resolveCampaign(ctx: AppContext): Promise<CampaignRow> {
  const c = await getCampaign(ctx.services.store.db, ctx.state.principal!.ownerId, ctx.params.id);
  if (!c) throw notFound('campaign_not_found', 'campaign');
  return c;
}

/** Campaign and run in one owner-scoped query; a run of a campaign not owned is never seen. */
export async function resolveRun(ctx: AppContext): Promise<{ campaign: CampaignRow; run: AnalysisRow }> {
  const { campaign, run } = await resolveReadScope(
    ctx.services.store.db,
    ctx.state.principal!.ownerId,
    ctx.params.id,
    ctx.params.analysisId,
  );
  if (!campaign) throw notFound('campaign_not_found', 'campaign');
  if (!run) throw notFound('analysis_not_found', 'analysis');
  return { campaign, run };
}

/** The cluster is read in the same query as its campaign and run and only returned when both are the caller's. */
export async function resolveCluster(
  ctx: AppContext,
): Promise<{ campaign: CampaignRow; run: AnalysisRow; cluster: ClusterRow }> {
  const { campaign, run, cluster } = await resolveReadScope(
    ctx.services.store.db,
    ctx.state.principal!.ownerId,
    ctx.params.id,
    ctx.params.analysisId,
    ctx.params.clusterLabel,
  );
  if (!campaign) throw notFound('campaign_not_found', 'campaign');
  if (!run) throw notFound('analysis_not_found', 'analysis');
  if (!cluster) throw notFound('cluster_not_found', 'cluster');
  return { campaign, run, cluster };
}
