/** Shared setup of the storage contract suites: a campaign with one queued run, straight through the repos. */
import { insertCampaign } from '../../storage/repos/campaigns-repo.ts';
import { insertAnalysis } from '../../storage/repos/analyses-repo.ts';
import { newId } from '../../src/core/ids.ts';
import type { Store } from '../../storage/store.ts';

export async function storedRun(
  s: Store,
  opts: { ownerId?: string; walletCount?: number } = {},
): Promise<{ campaignId: string; analysisId: string }> {
  const ownerId = opts.ownerId ?? 'o';
  const c = await insertCampaign(s.db, {
    id: newId('cmp'),
    ownerId,
    name: 'c',
    campaignType: 'airdrop',
    chain: 'Ethereum',
    lifecycle: 'draft',
    riskPolicy: 'balanced',
    startsAt: null,
    endsAt: null,
    rewardPoolUsd: null,
    campaignContracts: [],
    metadata: {},
    notes: null,
    source: 'v2',
  });
  const analysisId = newId('anl');
  const run = { id: analysisId, campaignId: c.id, ownerId, analysisMode: 'onchain', riskPolicy: 'balanced' };
  await s.db.transaction().execute((tx) =>
    insertAnalysis(
      tx,
      {
        ...run,
        policyVersion: null,
        chain: 'Ethereum',
        walletCount: opts.walletCount ?? 3,
        inputHash: 'h',
        source: 'v2',
      },
      [],
    ),
  );
  return { campaignId: c.id, analysisId };
}
