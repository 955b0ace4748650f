/**
 * The decision package: the latest completed run's stored decisions with their policy context, the stored
 * wallet state and the execution recommendation as separate parts. Packaging never recomputes anything.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { latestCompletedAnalysis, type AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { getPolicyVersion, type CampaignRow, type PolicyVersionRow } from '../../storage/repos/campaigns-repo.ts';
import { listDecisions, type DecisionRow } from '../../storage/repos/results-repo.ts';
import { latestReviews } from '../../storage/repos/reviews-repo.ts';
import { DomainError } from '../core/domain-error.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { toCsv } from '../core/csv.ts';
import { BOUNDARIES } from './boundaries.ts';
import { reviewerOutcome, reviewCsvCells, REVIEW_CSV_COLUMNS } from '../reviews/reviewer-outcome.ts';
import type { LatestReviews } from '../reviews/review-views.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export interface PackageInput {
  campaign: CampaignRow;
  run: AnalysisRow;
  policy: PolicyVersionRow | null;
  decisions: DecisionRow[];
  /** The latest reviews of the run (the reviewer outcome and finalAction); none when absent. */
  reviews?: LatestReviews;
}

/** What the decision package of a campaign's latest completed run holds; 409 no_completed_run without one. */
export async function latestPackageInput(
  db: Kysely<Database>,
  ownerId: string,
  campaign: CampaignRow,
): Promise<PackageInput> {
  const run = await latestCompletedAnalysis(db, ownerId, campaign.id);
  if (!run) throw new DomainError('no_completed_run', 'the campaign has no completed analysis run yet');
  const decisions = await listDecisions(db, run.id, 0, run.walletCount + 1);
  const policy = run.policyVersion === null ? null : await getPolicyVersion(db, campaign.id, run.policyVersion);
  return { campaign, run, policy, decisions, reviews: await latestReviews(db, run.id) };
}

export function decisionRowView(chain: string, d: DecisionRow): Record<string, unknown> {
  return {
    walletAddress: displayAddress(chainFamily(chain), d.walletAddress),
    clusterLabel: d.clusterLabel,
    storedWalletState: {
      riskScore: d.riskScore,
      storedStatus: d.storedStatus,
      clusterLabel: d.clusterLabel,
      reasons: d.reasons,
    },
    executionRecommendation: { storedRecommendedAction: d.recommendedAction, operatorPolicyAction: d.policyAction },
  };
}

export function packageJson(x: PackageInput): Record<string, unknown> {
  const fam = chainFamily(x.run.chain);
  const counts: Record<string, number> = { approve: 0, manual_review: 0, reject: 0 };
  for (const d of x.decisions) counts[d.recommendedAction] = (counts[d.recommendedAction] ?? 0) + 1;
  return {
    object: 'decision_package',
    apiVersion: 'v2',
    campaignId: x.campaign.id,
    campaignName: x.campaign.name,
    chain: x.run.chain,
    analysis: {
      analysisId: x.run.id,
      completedAt: iso(x.run.completedAt),
      inputHash: x.run.inputHash,
      walletCount: x.run.walletCount,
      analysisMode: x.run.analysisMode,
    },
    policyContext: {
      riskPolicy: x.run.riskPolicy,
      policyVersion: x.run.policyVersion,
      rationale: x.policy?.rationale ?? null,
      activatedAt: iso(x.policy?.activatedAt ?? null),
    },
    storedWalletState: x.decisions.map((d) => ({
      walletAddress: displayAddress(fam, d.walletAddress),
      riskScore: d.riskScore,
      storedStatus: d.storedStatus,
      clusterLabel: d.clusterLabel,
      reasons: d.reasons,
    })),
    executionRecommendation: {
      counts,
      wallets: x.decisions.map((d) => ({
        walletAddress: displayAddress(fam, d.walletAddress),
        storedRecommendedAction: d.recommendedAction,
        operatorPolicyAction: d.policyAction,
      })),
    },
    ...reviewerOutcome(x.run.chain, x.decisions, x.reviews),
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
  ...REVIEW_CSV_COLUMNS,
];

export function packageCsv(x: PackageInput): string {
  const fam = chainFamily(x.run.chain);
  return toCsv(
    PACKAGE_CSV_HEADER,
    x.decisions.map((d) => [
      displayAddress(fam, d.walletAddress),
      x.run.chain,
      x.run.id,
      x.run.riskPolicy,
      x.run.policyVersion ?? '',
      d.riskScore,
      d.storedStatus,
      d.clusterLabel ?? '',
      d.recommendedAction,
      d.policyAction ?? '',
      (d.reasons ?? []).join('; '),
      ...reviewCsvCells(d, x.reviews),
    ]),
  );
}
