/** The v1 analysis summary: counts, top wallet decisions, clusters, graph intelligence and v2 export links. */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { getAnalysisForOwner, type AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { listClusters, topDecisions } from '../../storage/repos/results-repo.ts';
import { analysisLinks, type SummaryCounts } from '../analyses/analysis-events.ts';
import { chainFamily } from '../core/chains.ts';
import { notFound } from '../core/domain-error.ts';
import { displayAddress } from '../core/address/address.ts';
import { clusterLinks } from './cluster-views.ts';

export const V1_TOP_WALLETS = 25;
export const V1_TOP_CLUSTERS = 25;

/** The v1 summary of an owner's run; 404 analysis_not_found when it is unknown or another owner's. */
export async function v1SummaryFor(db: Kysely<Database>, ownerId: string, analysisId: string) {
  const run = await getAnalysisForOwner(db, ownerId, analysisId);
  if (!run) throw notFound('analysis_not_found', 'analysis');
  return v1Summary(db, run);
}

export async function v1Summary(db: Kysely<Database>, run: AnalysisRow): Promise<Record<string, unknown>> {
  const done = run.status === 'completed';
  const summary = (run.summary ?? {}) as Record<string, unknown> & SummaryCounts;
  const fam = chainFamily(run.chain);
  const top = done ? await topDecisions(db, run.id, V1_TOP_WALLETS) : [];
  const clusters = done ? await listClusters(db, run.id, 0, V1_TOP_CLUSTERS) : [];
  const links = analysisLinks(run.campaignId, run.id);
  return {
    analysisId: run.id,
    campaignId: run.campaignId,
    status: run.status,
    chain: run.chain,
    riskPolicy: run.riskPolicy,
    policyVersion: run.policyVersion,
    progress: run.progress,
    error: run.errorCode ? { code: run.errorCode, message: run.errorMessage } : null,
    summary: {
      walletCount: run.walletCount,
      clusters: summary.clusters ?? 0,
      clusteredWallets: summary.clusteredWallets ?? 0,
      ...(summary.actions ?? { approve: 0, manual_review: 0, reject: 0 }),
    },
    topWalletDecisions: top.map((d) => ({
      walletAddress: displayAddress(fam, d.walletAddress),
      riskScore: d.riskScore,
      storedStatus: d.storedStatus,
      storedRecommendedAction: d.recommendedAction,
      clusterLabel: d.clusterLabel,
      operatorPolicyAction: d.policyAction,
    })),
    clusters: clusters.map((c) => ({
      clusterLabel: c.label,
      size: c.size,
      riskScore: c.riskScore,
      groupingBasis: c.groupingBasis,
      archetype: c.archetype?.name ?? null,
      supportConfidence: c.support?.confidence ?? null,
      links: clusterLinks(run.campaignId, run.id, c.label),
    })),
    graphIntelligence: done
      ? {
          transfersLoaded: summary.transfersLoaded ?? 0,
          secondHopCounterparties: summary.secondHopCounterparties ?? 0,
          truncated: summary.truncated ?? false,
          labelledAddresses: summary.labelledAddresses ?? 0,
          dataSource: summary.dataSource ?? 'stored',
          engine: summary.engineStats ?? {},
        }
      : null,
    exportUrls: { ...links, decisionPackageJson: links.decisionPackage },
  };
}
