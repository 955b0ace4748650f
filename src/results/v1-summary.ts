/** The v1 analysis summary: counts, top wallet decisions, clusters, graph intelligence and v2 export links. */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { listClusters } from '../../storage/repos/results-repo.ts';
import { analysisLinks } from '../analyses/analysis-events.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { clusterLinks } from './cluster-views.ts';

export const V1_TOP_WALLETS = 25;
export const V1_TOP_CLUSTERS = 25;

export async function v1Summary(db: Kysely<Database>, run: AnalysisRow): Promise<Record<string, unknown>> {
  const done = run.status === 'completed';
  const summary = (run.summary ?? {}) as Record<string, any>;
  const fam = chainFamily(run.chain);
  const top = done
    ? (
        await sql<{
          wallet_address: string;
          risk_score: number;
          recommended_action: string;
          stored_status: string;
          cluster_label: string | null;
          policy_action: string | null;
        }>`
        select wallet_address, risk_score, recommended_action, stored_status, cluster_label, policy_action from
          decisions
        where analysis_id = ${run.id} order by risk_score desc, ordinal limit ${V1_TOP_WALLETS}`.execute(db)
      ).rows
    : [];
  const clusters = done ? await listClusters(db, run.id, 0, V1_TOP_CLUSTERS) : [];
  const links = analysisLinks(run.campaign_id, run.id);
  return {
    analysisId: run.id,
    campaignId: run.campaign_id,
    status: run.status,
    chain: run.chain,
    riskPolicy: run.risk_policy,
    policyVersion: run.policy_version,
    progress: run.progress,
    error: run.error_code ? { code: run.error_code, message: run.error_message } : null,
    summary: {
      walletCount: run.wallet_count,
      clusters: summary.clusters ?? 0,
      clusteredWallets: summary.clusteredWallets ?? 0,
      ...(summary.actions ?? { approve: 0, manual_review: 0, reject: 0 }),
    },
    topWalletDecisions: top.map((d) => ({
      walletAddress: displayAddress(fam, d.wallet_address),
      riskScore: d.risk_score,
      storedStatus: d.stored_status,
      storedRecommendedAction: d.recommended_action,
      clusterLabel: d.cluster_label,
      operatorPolicyAction: d.policy_action,
    })),
    clusters: clusters.map((c) => ({
      clusterLabel: c.label,
      size: c.size,
      riskScore: c.risk_score,
      groupingBasis: c.grouping_basis,
      archetype: c.archetype?.name ?? null,
      supportConfidence: c.support?.confidence ?? null,
      links: clusterLinks(run.campaign_id, run.id, c.label),
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
