/** Starting runs: validation against the campaign, then the run and its job committed in one transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { getCampaign } from '../../storage/repos/campaigns-repo.ts';
import { insertAnalysis, type AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { DomainError, notFound } from '../core/domain-error.ts';
import { newId } from '../core/ids.ts';
import { chainFamily } from '../core/chains.ts';
import { RUNNABLE_LIFECYCLES } from '../campaigns/lifecycle.ts';
import { normaliseWallets } from './wallet-input.ts';

export interface StartInput {
  analysisMode?: string;
  items: Array<string | Record<string, unknown>>;
  source?: string;
}

export async function startAnalysis(
  db: Kysely<Database>,
  ownerId: string,
  campaignId: string,
  input: StartInput,
  maxWallets: number,
): Promise<{ run: AnalysisRow; duplicates: number }> {
  const campaign = await getCampaign(db, ownerId, campaignId);
  if (!campaign) throw notFound('campaign_not_found', 'campaign');
  if (!(RUNNABLE_LIFECYCLES as readonly string[]).includes(campaign.lifecycle)) {
    throw new DomainError(
      'campaign_not_accepting_runs',
      `a ${campaign.lifecycle} campaign accepts no new analysis runs`,
      {
        lifecycle: campaign.lifecycle,
      },
    );
  }
  const { wallets, duplicates, inputHash } = normaliseWallets(chainFamily(campaign.chain), input.items, maxWallets);
  const run = await db.transaction().execute(async (tx) => {
    const locked = await getCampaign(tx, ownerId, campaignId, true);
    if (!locked) throw notFound('campaign_not_found', 'campaign');
    if (!(RUNNABLE_LIFECYCLES as readonly string[]).includes(locked.lifecycle)) {
      throw new DomainError(
        'campaign_not_accepting_runs',
        `a ${locked.lifecycle} campaign accepts no new analysis runs`,
        {
          lifecycle: locked.lifecycle,
        },
      );
    }
    return insertAnalysis(
      tx,
      {
        id: newId('anl'),
        campaignId,
        ownerId,
        analysisMode: input.analysisMode ?? 'onchain',
        riskPolicy: locked.riskPolicy,
        policyVersion: locked.policyVersion,
        chain: locked.chain,
        walletCount: wallets.length,
        inputHash,
        source: input.source ?? 'v2',
      },
      wallets,
    );
  });
  return { run, duplicates };
}

export function runAcceptedView(run: AnalysisRow, duplicates: number): Record<string, unknown> {
  return {
    object: 'analysis_run',
    apiVersion: 'v2',
    campaignId: run.campaignId,
    analysisId: run.id,
    status: run.status,
    walletCount: run.walletCount,
    duplicatesRemoved: duplicates,
    inputHash: run.inputHash,
    analysisMode: run.analysisMode,
    riskPolicy: run.riskPolicy,
    policyVersion: run.policyVersion,
    links: { status: `/api/v2/campaigns/${run.campaignId}/analyses/${run.id}` },
  };
}
