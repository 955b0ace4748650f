/** Payloads of the analysis-scoped events (documented with examples in docs/webhooks.md). */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';

export function analysisLinks(campaignId: string, analysisId: string): Record<string, string> {
  const run = `/api/v2/campaigns/${campaignId}/analyses/${analysisId}`;
  return {
    campaign: `/api/v2/campaigns/${campaignId}`,
    analysis: run,
    clusters: `${run}/clusters`,
    decisions: `${run}/decisions`,
    decisionPackage: `/api/v2/campaigns/${campaignId}/decisions`,
    decisionPackageCsv: `/api/v2/campaigns/${campaignId}/decisions?format=csv`,
  };
}

export function analysisEventPayload(run: AnalysisRow, summary: Record<string, any>): Record<string, unknown> {
  return {
    campaignId: run.campaignId,
    analysisId: run.id,
    status: 'completed',
    riskPolicy: run.riskPolicy,
    policyVersion: run.policyVersion,
    walletCount: run.walletCount,
    inputHash: run.inputHash,
    counts: { clusters: summary.clusters, clusteredWallets: summary.clusteredWallets, ...summary.actions },
    links: analysisLinks(run.campaignId, run.id),
  };
}
