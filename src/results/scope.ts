/** Resolves campaign, run and cluster for an owner, in SQL; anything the owner does not own is not found. */
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { ClusterRow } from '../../storage/repos/results-repo.ts';
import { getCampaign, type CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import {
  resolveReadScope,
  resolveReadScopeWithPage,
  resolveReadScopeWithTextPage,
  type ReadScope,
  type TextPage,
  type PageScope,
} from '../../storage/repos/scope-repo.ts';
import { camelRow } from '../../storage/camel-row.ts';
import { notFound } from '../core/domain-error.ts';

/** The parts of a page's scope, once found. */
type PageCampaign = NonNullable<PageScope['campaign']>;
type PageRun = NonNullable<PageScope['run']>;
type PageCluster = NonNullable<PageScope['cluster']>;

export async function findCampaign(db: Kysely<Database>, ownerId: string, campaignId: string): Promise<CampaignRow> {
  const c = await getCampaign(db, ownerId, campaignId);
  if (!c) throw notFound('campaign_not_found', 'campaign');
  return c;
}

/** Campaign and run in one owner-scoped query; a run of a campaign not owned is never seen. */
export async function findRun(
  db: Kysely<Database>,
  ownerId: string,
  campaignId: string,
  analysisId: string,
): Promise<{ campaign: CampaignRow; run: AnalysisRow }> {
  const { campaign, run } = await resolveReadScope(db, ownerId, campaignId, analysisId);
  if (!campaign) throw notFound('campaign_not_found', 'campaign');
  if (!run) throw notFound('analysis_not_found', 'analysis');
  return { campaign, run };
}

/** The cluster is read in the same query as its campaign and run and only returned when both are the owner's. */
export async function findCluster(
  db: Kysely<Database>,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  clusterLabel: string,
): Promise<{ campaign: CampaignRow; run: AnalysisRow; cluster: ClusterRow }> {
  const { campaign, run, cluster } = await resolveReadScope(db, ownerId, campaignId, analysisId, clusterLabel);
  if (!campaign) throw notFound('campaign_not_found', 'campaign');
  if (!run) throw notFound('analysis_not_found', 'analysis');
  if (!cluster) throw notFound('cluster_not_found', 'cluster');
  return { campaign, run, cluster };
}

/** findRun and a page of the run's rows (a page query of results-repo.ts) in one statement. */
export async function findRunWithPage<R>(
  db: Kysely<Database>,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  page: RawBuilder<unknown>,
): Promise<{ scope: { campaign: PageCampaign; run: PageRun }; rows: R[] }> {
  const r = await resolveReadScopeWithPage(db, ownerId, campaignId, analysisId, undefined, page);
  if (!r.campaign) throw notFound('campaign_not_found', 'campaign');
  if (!r.run) throw notFound('analysis_not_found', 'analysis');
  return { scope: { campaign: r.campaign, run: r.run }, rows: r.page.map((p) => camelRow(p) as R) };
}

/** findCluster and a page of the cluster's rows (a page query of results-repo.ts) in one statement. */
export async function findClusterWithPage<R>(
  db: Kysely<Database>,
  ownerId: string,
  campaignId: string,
  analysisId: string,
  clusterLabel: string,
  page: RawBuilder<unknown>,
): Promise<{ scope: { campaign: PageCampaign; run: PageRun; cluster: PageCluster }; rows: R[] }> {
  const r = await resolveReadScopeWithPage(db, ownerId, campaignId, analysisId, clusterLabel, page);
  if (!r.campaign) throw notFound('campaign_not_found', 'campaign');
  if (!r.run) throw notFound('analysis_not_found', 'analysis');
  if (!r.cluster) throw notFound('cluster_not_found', 'cluster');
  return { scope: { campaign: r.campaign, run: r.run, cluster: r.cluster }, rows: r.page.map((p) => camelRow(p) as R) };
}

/** The run of a resolved scope, or the not-found error of its first missing part. */
function runOf<C, R>(r: { campaign: C | null; run: R | null }): { campaign: C; run: R } {
  if (!r.campaign) throw notFound('campaign_not_found', 'campaign');
  if (!r.run) throw notFound('analysis_not_found', 'analysis');
  return { campaign: r.campaign, run: r.run };
}

/** findRun and a page of the run written as JSON text (a page query of page-text-repo.ts) in one statement. */
export async function findRunWithTextPage(
  db: Kysely<Database>,
  ids: { ownerId: string; campaignId: string; analysisId: string },
  page: RawBuilder<unknown>,
  limit: number,
): Promise<{ scope: { campaign: PageCampaign; run: PageRun }; page: TextPage }> {
  const r = await resolveReadScopeWithTextPage(db, ids, page, limit);
  return { scope: runOf(r), page: r.page };
}

/** findCluster and a page of the cluster written as JSON text in one statement. */
export async function findClusterWithTextPage(
  db: Kysely<Database>,
  ids: { ownerId: string; campaignId: string; analysisId: string; clusterLabel: string },
  page: RawBuilder<unknown>,
  limit: number,
): Promise<{ scope: { campaign: PageCampaign; run: PageRun; cluster: PageCluster }; page: TextPage }> {
  const r = await resolveReadScopeWithTextPage(db, ids, page, limit);
  const scope = runOf(r);
  if (!r.cluster) throw notFound('cluster_not_found', 'cluster');
  return { scope: { ...scope, cluster: r.cluster }, page: r.page };
}
