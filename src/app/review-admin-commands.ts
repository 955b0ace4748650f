/**
 * Review operations for the CLI (run against the store, or through the running server's admin endpoint): the
 * same service and the same request schemas as the API, for an owner named on the command line.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { listAppeals, listReviews } from '../../storage/repos/reviews-repo.ts';
import { getCampaign } from '../../storage/repos/campaigns-repo.ts';
import { compileBody } from '../http/validate.ts';
import { DomainError } from '../core/domain-error.ts';
import { appealCreateSchema, appealResolveSchema, reviewCreateSchema } from '../http/schemas/review-schemas.ts';
import {
  recordAppeal,
  recordReview,
  resolveAppeal,
  storedAddress,
  type ReviewInput,
} from '../reviews/review-service.ts';
import { appealView, reviewView } from '../reviews/review-views.ts';

type Handler = (db: Kysely<Database>, args: Record<string, unknown>) => Promise<unknown>;

const validReview = compileBody<ReviewInput>(reviewCreateSchema);
const validAppeal = compileBody<{ walletAddress: string; message: string; contact: string }>(appealCreateSchema);
const validResolve = compileBody<Omit<ReviewInput, 'clusterLabel' | 'walletAddress'>>(appealResolveSchema);

function scope(args: Record<string, unknown>): { owner: string; campaign: string } {
  const { owner, campaign } = args;
  if (typeof owner !== 'string' || !owner || typeof campaign !== 'string' || !campaign)
    throw new DomainError('validation_failed', 'owner and campaign are required');
  return { owner, campaign };
}

async function chainOf(db: Kysely<Database>, owner: string, campaign: string): Promise<string> {
  const c = await getCampaign(db, owner, campaign);
  if (!c) throw new DomainError('campaign_not_found', 'campaign not found');
  return c.chain;
}

const limitOf = (v: unknown): number => {
  const n = Number(v ?? 50);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new DomainError('validation_failed', 'limit must be a whole number from 1 to 1000');
  return n;
};

export const reviewAdminCommands = {
  async 'reviews.add'(db, args) {
    const { owner, campaign } = scope(args);
    const { review, run } = await recordReview(db, owner, campaign, validReview(args.review));
    return reviewView(run.chain, review);
  },
  async 'reviews.list'(db, args) {
    const { owner, campaign } = scope(args);
    const chain = await chainOf(db, owner, campaign);
    const wallet = typeof args.wallet === 'string' ? storedAddress(chain, args.wallet) : undefined;
    const rows = await listReviews(db, {
      ownerId: owner,
      campaignId: campaign,
      clusterLabel: typeof args.cluster === 'string' ? args.cluster : undefined,
      walletAddress: wallet,
      reviewer: typeof args.reviewer === 'string' ? args.reviewer : undefined,
      limit: limitOf(args.limit),
    });
    return rows.map((r) => reviewView(chain, r));
  },
  async 'appeals.add'(db, args) {
    const { owner, campaign } = scope(args);
    const input = validAppeal(args.appeal);
    const { appeal, run } = await recordAppeal(db, owner, campaign, { ...input, source: 'operator' });
    return appealView(run.chain, appeal);
  },
  async 'appeals.list'(db, args) {
    const { owner, campaign } = scope(args);
    const chain = await chainOf(db, owner, campaign);
    const status = args.status === undefined ? undefined : String(args.status);
    if (status !== undefined && status !== 'open' && status !== 'resolved')
      throw new DomainError('validation_failed', 'status must be open or resolved');
    const rows = await listAppeals(db, { ownerId: owner, campaignId: campaign, status, limit: limitOf(args.limit) });
    return rows.map((a) => appealView(chain, a));
  },
  async 'appeals.resolve'(db, args) {
    const { owner, campaign } = scope(args);
    const { appeal, review, run } = await resolveAppeal(
      db,
      owner,
      campaign,
      String(args.appealId ?? ''),
      validResolve(args.review),
    );
    return { appeal: appealView(run.chain, appeal), review: reviewView(run.chain, review) };
  },
} satisfies Record<string, Handler>;
