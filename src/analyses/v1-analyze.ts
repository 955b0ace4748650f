/**
 * v1 analyze: queues wallets into the same batch worker as v2. The v1 campaign is found by owner, projectName
 * and chain (source v1) among campaigns that still accept runs, or created (lifecycle active) otherwise; when the
 * requested riskPolicy differs from
 * the campaign's active one, a new policy version is activated for it (event campaign.policy_changed).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { findCampaignByName, setLifecycle } from '../../storage/repos/campaigns-repo.ts';
import { activatePolicy, createCampaign } from '../campaigns/campaign-service.ts';
import { startAnalysis } from './analysis-service.ts';
import { DomainError } from '../core/domain-error.ts';
import { V1_CHAINS } from '../core/chains.ts';

export interface V1AnalyzeInput {
  chain: string;
  projectName: string;
  campaignType?: string;
  riskPolicy?: string;
  analysisMode?: string;
  wallets: Array<string | Record<string, unknown>>;
}

export async function v1Analyze(
  db: Kysely<Database>,
  ownerId: string,
  keyId: string,
  input: V1AnalyzeInput,
  maxWallets: number,
) {
  const chain = V1_CHAINS[input.chain.trim().toLowerCase()];
  if (!chain)
    throw new DomainError(
      'validation_failed',
      `invalid request body: chain must be one of ${Object.keys(V1_CHAINS).join(', ')}`,
    );
  let campaign = await findCampaignByName(db, ownerId, input.projectName, 'v1', chain);
  if (!campaign) {
    campaign = await createCampaign(
      db,
      ownerId,
      {
        name: input.projectName,
        campaignType: input.campaignType ?? 'airdrop',
        chain,
        riskPolicy: input.riskPolicy ?? 'balanced',
      },
      'v1',
    );
    campaign = await setLifecycle(db, campaign.id, 'active');
  } else if (input.riskPolicy && input.riskPolicy !== campaign.riskPolicy) {
    await activatePolicy(
      db,
      ownerId,
      campaign.id,
      input.riskPolicy,
      'riskPolicy requested by a v1 analyze call',
      keyId,
    );
  }
  return {
    campaign,
    ...(await startAnalysis(
      db,
      ownerId,
      campaign.id,
      { analysisMode: input.analysisMode, items: input.wallets, source: 'v1' },
      maxWallets,
    )),
  };
}
