/**
 * Recording human review: cluster and wallet reviews, appeals and their resolution. Each change and the webhook
 * event announcing it are committed in one transaction. Reviews are checked against the stored run (the cluster
 * or wallet and the evidence items named must exist) and never change it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { getAnalysis, latestCompletedAnalysis, type AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { getCampaign, type CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import { appendEvent } from '../../storage/repos/outbox-repo.ts';
import { getClusterByLabel } from '../../storage/repos/results-repo.ts';
import { evidenceKinds, storedWallet } from '../../storage/repos/review-reads-repo.ts';
import {
  getAppeal,
  insertAppeal,
  insertReview,
  markAppealResolved,
  type AppealRow,
  type EvidenceRef,
  type ReviewRow,
} from '../../storage/repos/reviews-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { normaliseAddress } from '../core/address/address.ts';
import { DomainError } from '../core/domain-error.ts';
import { newId } from '../core/ids.ts';
import { appealResolvedPayload, reviewRecordedPayload } from './review-events.ts';

type Db = Kysely<Database>;

export interface ReviewInput {
  analysisId?: string;
  clusterLabel?: string;
  walletAddress?: string;
  verdict: string;
  reviewer: string;
  note?: string;
  evidence?: Array<{ lane: string; ordinal: number }>;
}

export interface AppealInput {
  walletAddress: string;
  message: string;
  contact: string;
  source: 'api' | 'operator';
}

/** The campaign and the completed run a review applies to: the one named, else the latest completed run. */
export async function reviewScope(
  db: Db,
  ownerId: string,
  campaignId: string,
  analysisId?: string,
): Promise<{ campaign: CampaignRow; run: AnalysisRow }> {
  const campaign = await getCampaign(db, ownerId, campaignId);
  if (!campaign) throw new DomainError('campaign_not_found', 'campaign not found');
  const run = analysisId
    ? await getAnalysis(db, ownerId, campaignId, analysisId)
    : await latestCompletedAnalysis(db, ownerId, campaignId);
  if (!run) {
    if (analysisId) throw new DomainError('analysis_not_found', 'analysis not found');
    throw new DomainError('no_completed_run', 'the campaign has no completed analysis run yet');
  }
  if (run.status !== 'completed')
    throw new DomainError('run_not_completed', `run ${run.id} is ${run.status}, not completed`);
  return { campaign, run };
}

export function storedAddress(chain: string, raw: string): string {
  const n = normaliseAddress(chainFamily(chain), raw);
  if (!n.ok) throw new DomainError('invalid_wallets', `walletAddress is not a valid ${chain} address: ${n.reason}`);
  return n.address;
}

/** Resolves what the review is about and the evidence items it relies on, all from the stored run. */
async function reviewSubject(
  db: Db,
  run: AnalysisRow,
  input: ReviewInput,
): Promise<{ clusterLabel: string | null; walletAddress: string | null; evidence: EvidenceRef[] }> {
  if ((input.clusterLabel === undefined) === (input.walletAddress === undefined))
    throw new DomainError('validation_failed', 'name exactly one of clusterLabel or walletAddress');
  let clusterOrdinal: number | null = null;
  let walletAddress: string | null = null;
  let clusterLabel: string | null = null;
  if (input.walletAddress !== undefined) {
    walletAddress = storedAddress(run.chain, input.walletAddress);
    const w = await storedWallet(db, run.id, walletAddress);
    if (!w) throw new DomainError('wallet_not_in_run', `wallet ${input.walletAddress} is not in run ${run.id}`);
    clusterOrdinal = w.clusterOrdinal;
  } else {
    const c = await getClusterByLabel(db, run.id, input.clusterLabel!);
    if (!c) throw new DomainError('cluster_not_found', 'cluster not found');
    clusterOrdinal = c.ordinal;
    clusterLabel = c.label;
  }
  const refs = input.evidence ?? [];
  const kinds = clusterOrdinal === null ? new Map() : await evidenceKinds(db, run.id, clusterOrdinal, refs);
  const missing = refs.filter((e) => !kinds.has(`${e.lane}/${e.ordinal}`));
  if (missing.length)
    throw new DomainError(
      'review_evidence_not_found',
      `evidence not stored for this ${clusterLabel === null ? "wallet's cluster" : 'cluster'}: ${missing
        .slice(0, 5)
        .map((e) => `${e.lane}/${e.ordinal}`)
        .join(', ')}`,
    );
  const evidence = refs.map((e) => ({ lane: e.lane, ordinal: e.ordinal, kind: kinds.get(`${e.lane}/${e.ordinal}`)! }));
  return { clusterLabel, walletAddress, evidence };
}

export async function recordReview(
  db: Db,
  ownerId: string,
  campaignId: string,
  input: ReviewInput,
): Promise<{ review: ReviewRow; run: AnalysisRow }> {
  const { run } = await reviewScope(db, ownerId, campaignId, input.analysisId);
  const subject = await reviewSubject(db, run, input);
  const review = await db.transaction().execute(async (tx) => {
    const r = await insertReview(tx, {
      id: newId('rev'),
      ownerId,
      campaignId,
      analysisId: run.id,
      subject: subject.walletAddress === null ? 'cluster' : 'wallet',
      ...subject,
      verdict: input.verdict,
      reviewer: input.reviewer,
      note: input.note ?? '',
      appealId: null,
    });
    // no analysisId on the event: analysis-scoped events are delivered once per run, review events every time
    const base = { ownerId, campaignId, analysisId: null };
    await appendEvent(tx, { ...base, type: 'review.recorded', payload: reviewRecordedPayload(run.chain, r) });
    return r;
  });
  return { review, run };
}

/** Records a wallet owner's appeal against the latest completed run, which must hold the wallet. */
export async function recordAppeal(
  db: Db,
  ownerId: string,
  campaignId: string,
  input: AppealInput,
): Promise<{ appeal: AppealRow; run: AnalysisRow }> {
  const { run } = await reviewScope(db, ownerId, campaignId);
  const walletAddress = storedAddress(run.chain, input.walletAddress);
  if (!(await storedWallet(db, run.id, walletAddress)))
    throw new DomainError('wallet_not_in_run', `wallet ${input.walletAddress} is not in run ${run.id}`);
  const appeal = await insertAppeal(db, {
    id: newId('apl'),
    ownerId,
    campaignId,
    analysisId: run.id,
    walletAddress,
    message: input.message,
    contact: input.contact,
    source: input.source,
  });
  return { appeal, run };
}

/** Resolving an appeal is a wallet review of the appealed wallet in the appeal's run. */
export async function resolveAppeal(
  db: Db,
  ownerId: string,
  campaignId: string,
  appealId: string,
  input: Omit<ReviewInput, 'clusterLabel' | 'walletAddress' | 'analysisId'>,
): Promise<{ appeal: AppealRow; review: ReviewRow; run: AnalysisRow }> {
  const found = await getAppeal(db, ownerId, campaignId, appealId);
  if (!found) throw new DomainError('appeal_not_found', 'appeal not found');
  const { run } = await reviewScope(db, ownerId, campaignId, found.analysisId);
  const subject = await reviewSubject(db, run, { ...input, walletAddress: found.walletAddress });
  return db.transaction().execute(async (tx) => {
    const locked = await getAppeal(tx, ownerId, campaignId, appealId, true);
    if (locked?.status !== 'open')
      throw new DomainError('appeal_already_resolved', `appeal ${appealId} is already resolved`);
    const review = await insertReview(tx, {
      id: newId('rev'),
      ownerId,
      campaignId,
      analysisId: run.id,
      subject: 'wallet',
      ...subject,
      verdict: input.verdict,
      reviewer: input.reviewer,
      note: input.note ?? '',
      appealId,
    });
    await markAppealResolved(tx, appealId, review.id);
    const appeal = (await getAppeal(tx, ownerId, campaignId, appealId))!;
    const base = { ownerId, campaignId, analysisId: null };
    await appendEvent(tx, { ...base, type: 'review.recorded', payload: reviewRecordedPayload(run.chain, review) });
    await appendEvent(tx, {
      ...base,
      type: 'appeal.resolved',
      payload: appealResolvedPayload(run.chain, appeal, review),
    });
    return { appeal, review, run };
  });
}
