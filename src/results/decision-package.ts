/**
 * The decision package: the latest completed run's stored decisions with their policy context, the stored
 * wallet state and the execution recommendation as separate parts. Packaging never recomputes anything.
 */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { CampaignRow, PolicyVersionRow } from '../../storage/repos/campaigns-repo.ts';
import type { DecisionRow } from '../../storage/repos/results-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { toCsv } from '../core/csv.ts';
import { BOUNDARIES } from './boundaries.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export interface PackageInput {
  campaign: CampaignRow;
  run: AnalysisRow;
  policy: PolicyVersionRow | null;
  decisions: DecisionRow[];
}

export function decisionRowView(chain: string, d: DecisionRow): Record<string, unknown> {
  return {
    walletAddress: displayAddress(chainFamily(chain), d.wallet_address),
    clusterLabel: d.cluster_label,
    storedWalletState: {
      riskScore: d.risk_score,
      storedStatus: d.stored_status,
      clusterLabel: d.cluster_label,
      reasons: d.reasons,
    },
    executionRecommendation: { storedRecommendedAction: d.recommended_action, operatorPolicyAction: d.policy_action },
  };
}

export function packageJson(x: PackageInput): Record<string, unknown> {
  const fam = chainFamily(x.run.chain);
  const counts: Record<string, number> = { approve: 0, manual_review: 0, reject: 0 };
  for (const d of x.decisions) counts[d.recommended_action] = (counts[d.recommended_action] ?? 0) + 1;
  return {
    object: 'decision_package',
    apiVersion: 'v2',
    campaignId: x.campaign.id,
    campaignName: x.campaign.name,
    chain: x.run.chain,
    analysis: {
      analysisId: x.run.id,
      completedAt: iso(x.run.completed_at),
      inputHash: x.run.input_hash,
      walletCount: x.run.wallet_count,
      analysisMode: x.run.analysis_mode,
    },
    policyContext: {
      riskPolicy: x.run.risk_policy,
      policyVersion: x.run.policy_version,
      rationale: x.policy?.rationale ?? null,
      activatedAt: iso(x.policy?.activatedAt ?? null),
    },
    storedWalletState: x.decisions.map((d) => ({
      walletAddress: displayAddress(fam, d.wallet_address),
      riskScore: d.risk_score,
      storedStatus: d.stored_status,
      clusterLabel: d.cluster_label,
      reasons: d.reasons,
    })),
    executionRecommendation: {
      counts,
      wallets: x.decisions.map((d) => ({
        walletAddress: displayAddress(fam, d.wallet_address),
        storedRecommendedAction: d.recommended_action,
        operatorPolicyAction: d.policy_action,
      })),
    },
    boundaries: BOUNDARIES,
  };
}

export const PACKAGE_CSV_HEADER = [
  'walletAddress',
  'chain',
  'analysisId',
  'riskPolicy',
  'policyVersion',
  'riskScore',
  'storedStatus',
  'clusterLabel',
  'storedRecommendedAction',
  'operatorPolicyAction',
  'reasons',
];

export function packageCsv(x: PackageInput): string {
  const fam = chainFamily(x.run.chain);
  return toCsv(
    PACKAGE_CSV_HEADER,
    x.decisions.map((d) => [
      displayAddress(fam, d.wallet_address),
      x.run.chain,
      x.run.id,
      x.run.risk_policy,
      x.run.policy_version ?? '',
      d.risk_score,
      d.stored_status,
      d.cluster_label ?? '',
      d.recommended_action,
      d.policy_action ?? '',
      (d.reasons ?? []).join('; '),
    ]),
  );
}
