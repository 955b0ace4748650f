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

/** The counts a stored run summary (JSON) carries: clusters, clustered wallets and wallets per action. */
export interface SummaryCounts {
  clusters?: number;
  clusteredWallets?: number;
  actions?: Record<string, number>;
}

/** Counts as the API shows them: the per-action counts flattened next to clusters and clustered wallets. */
export function countsView(summary: object): Record<string, number | undefined> {
  const s = summary as SummaryCounts;
  return { clusters: s.clusters, clusteredWallets: s.clusteredWallets, ...s.actions };
}

export function analysisEventPayload(run: AnalysisRow, summary: object): Record<string, unknown> {
  return {
    campaignId: run.campaignId,
    analysisId: run.id,
    status: 'completed',
    riskPolicy: run.riskPolicy,
    policyVersion: run.policyVersion,
    walletCount: run.walletCount,
    inputHash: run.inputHash,
    counts: countsView(summary),
    links: analysisLinks(run.campaignId, run.id),
  };
}
