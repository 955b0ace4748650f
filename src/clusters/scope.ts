/** Resolves campaign, run and cluster from the path, owner-scoped in SQL; anything not owned is 404. */
import { getAnalysis, type AnalysisRow } from '../../storage/repos/analyses-repo.ts'
import { getClusterByLabel, type ClusterRow } from '../../storage/repos/results-repo.ts'
import { getCampaign, type CampaignRow } from '../../storage/repos/campaigns-repo.ts'
import { notFound } from '../errors/api-error.ts'
import type { AppContext } from '../api/route-def.ts'

export async function resolveCampaign (ctx: AppContext): Promise<CampaignRow> {
  const c = await getCampaign(ctx.services.store.db, ctx.state.principal!.ownerId, ctx.params.id)
  if (!c) throw notFound('campaign_not_found', 'campaign')
  return c
}

/** Campaign and run read concurrently (both owner-scoped in SQL); a run of a campaign not owned is never seen. */
export async function resolveRun (ctx: AppContext): Promise<{ campaign: CampaignRow; run: AnalysisRow }> {
  const db = ctx.services.store.db
  const owner = ctx.state.principal!.ownerId
  const [campaign, run] = await Promise.all([getCampaign(db, owner, ctx.params.id), getAnalysis(db, owner, ctx.params.id, ctx.params.analysisId)])
  if (!campaign) throw notFound('campaign_not_found', 'campaign')
  if (!run) throw notFound('analysis_not_found', 'analysis')
  return { campaign, run }
}

/** The cluster is read together with its campaign and run and only returned when both are the caller's. */
export async function resolveCluster (ctx: AppContext): Promise<{ campaign: CampaignRow; run: AnalysisRow; cluster: ClusterRow }> {
  const [{ campaign, run }, cluster] = await Promise.all([resolveRun(ctx), getClusterByLabel(ctx.services.store.db, ctx.params.analysisId, ctx.params.clusterLabel)])
  if (!cluster) throw notFound('cluster_not_found', 'cluster')
  return { campaign, run, cluster }
}
