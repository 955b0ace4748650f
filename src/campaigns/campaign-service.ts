/** Campaign use cases: create, list, read with context, lifecycle moves and policy activation (with outbox events). */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import * as repo from '../../storage/repos/campaigns-repo.ts';
import { campaignContext } from '../../storage/repos/analyses-repo.ts';
import { appendEvent } from '../../storage/repos/outbox-repo.ts';
import { DomainError, notFound } from '../core/domain-error.ts';
import { newId } from '../core/ids.ts';
import { canMove } from './lifecycle.ts';

type CampaignRow = repo.CampaignRow;

/** A new campaign as the API takes it (src/http/schemas/campaign-schemas.ts checks the shape). */
export interface CampaignCreateInput {
  name: string;
  campaignType: string;
  chain: string;
  riskPolicy?: string;
  lifecycle?: 'draft';
  startsAt?: string | null;
  endsAt?: string | null;
  rewardPoolUsd?: number | null;
  campaignContracts?: string[];
  metadata?: Record<string, unknown>;
  notes?: string;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** timestamptz holds years 1 to 9999: a date-time the schema accepts outside them is a 400, not a 500. */
function assertStorableDate(value: string | null | undefined, field: string): void {
  if (value === null || value === undefined) return;
  const year = new Date(value).getUTCFullYear();
  if (!(year >= 1 && year <= 9999))
    throw new DomainError(
      'validation_failed',
      `invalid request body: /${field}: must be a date-time from year 1 to 9999 (UTC), without a leap second`,
    );
}

export function campaignView(c: CampaignRow): Record<string, unknown> {
  return {
    id: c.id,
    object: 'campaign',
    apiVersion: 'v2',
    name: c.name,
    campaignType: c.campaignType,
    chain: c.chain,
    lifecycle: c.lifecycle,
    riskPolicy: c.riskPolicy,
    policyVersion: c.policyVersion,
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    rewardPoolUsd: c.rewardPoolUsd,
    campaignContracts: c.campaignContracts,
    metadata: c.metadata,
    notes: c.notes,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export async function createCampaign(
  db: Kysely<Database>,
  ownerId: string,
  input: CampaignCreateInput,
  source = 'v2',
): Promise<CampaignRow> {
  assertStorableDate(input.startsAt, 'startsAt');
  assertStorableDate(input.endsAt, 'endsAt');
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) < Date.parse(input.startsAt)) {
    throw new DomainError('validation_failed', 'invalid request body: endsAt is before startsAt');
  }
  return repo.insertCampaign(db, {
    id: newId('cmp'),
    ownerId,
    name: input.name,
    campaignType: input.campaignType,
    chain: input.chain,
    lifecycle: 'draft',
    riskPolicy: input.riskPolicy ?? 'balanced',
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    rewardPoolUsd: input.rewardPoolUsd ?? null,
    campaignContracts: input.campaignContracts ?? [],
    metadata: input.metadata ?? {},
    notes: input.notes ?? null,
    source,
  });
}

const activatedByView = (by: string | null): string | null =>
  by === null ? null : by.startsWith('dashboard:') ? 'dashboard' : by;

/** A campaign's policy versions, newest first, with the active one named. */
export async function policyVersionHistory(db: Kysely<Database>, ownerId: string, campaignId: string) {
  const c = await requireCampaign(db, ownerId, campaignId);
  const versions = await repo.listPolicyVersions(db, c.id);
  return {
    object: 'policy_version_list',
    campaignId: c.id,
    activeVersion: c.policyVersion,
    versions: versions.map((v) => ({
      version: v.version,
      preset: v.preset,
      rationale: v.rationale,
      activatedAt: new Date(v.activatedAt).toISOString(),
      activatedBy: activatedByView(v.activatedBy),
    })),
  };
}

/** The owner's campaigns as the API lists them. */
export async function listCampaignViews(db: Kysely<Database>, ownerId: string): Promise<Record<string, unknown>[]> {
  return (await repo.listCampaigns(db, ownerId)).map(campaignView);
}

export async function requireCampaign(db: Kysely<Database>, ownerId: string, id: string): Promise<CampaignRow> {
  const c = await repo.getCampaign(db, ownerId, id);
  if (!c) throw notFound('campaign_not_found', 'campaign');
  return c;
}

export async function campaignDetail(db: Kysely<Database>, c: CampaignRow): Promise<Record<string, unknown>> {
  const policy = c.policyVersion === null ? null : await repo.getPolicyVersion(db, c.id, c.policyVersion);
  const ctx = await campaignContext(db, c.id);
  return {
    ...campaignView(c),
    policy: policy
      ? {
          preset: policy.preset,
          version: policy.version,
          rationale: policy.rationale,
          activatedAt: iso(policy.activatedAt),
        }
      : { preset: c.riskPolicy, version: null, rationale: null, activatedAt: null },
    analysis: ctx,
  };
}

export async function changeLifecycle(
  db: Kysely<Database>,
  ownerId: string,
  id: string,
  to: string,
): Promise<CampaignRow> {
  return db.transaction().execute(async (tx) => {
    const c = await repo.getCampaign(tx, ownerId, id, true);
    if (!c) throw notFound('campaign_not_found', 'campaign');
    if (c.lifecycle === 'archived')
      throw new DomainError('campaign_archived', 'an archived campaign cannot be reopened or changed', {
        lifecycle: c.lifecycle,
      });
    if (c.lifecycle === to) return c;
    if (!canMove(c.lifecycle, to)) {
      throw new DomainError('lifecycle_transition_refused', `cannot move a campaign from ${c.lifecycle} to ${to}`, {
        from: c.lifecycle,
        to,
      });
    }
    const updated = await repo.setLifecycle(tx, id, to);
    await appendEvent(tx, {
      ownerId,
      campaignId: id,
      analysisId: null,
      type: 'campaign.lifecycle_changed',
      payload: { campaignId: id, previousLifecycle: c.lifecycle, lifecycle: to, changedAt: iso(updated.updatedAt) },
    });
    return updated;
  });
}

export async function activatePolicy(
  db: Kysely<Database>,
  ownerId: string,
  id: string,
  preset: string,
  rationale: string,
  keyId: string | null,
): Promise<Record<string, unknown>> {
  return db.transaction().execute(async (tx) => {
    const c = await repo.getCampaign(tx, ownerId, id, true);
    if (!c) throw notFound('campaign_not_found', 'campaign');
    if (c.lifecycle === 'archived')
      throw new DomainError('campaign_archived', 'an archived campaign cannot activate a new policy');
    const v = await repo.addPolicyVersion(tx, id, preset, rationale, keyId);
    const result = {
      object: 'campaign_policy',
      apiVersion: 'v2',
      campaignId: id,
      preset: v.preset,
      version: v.version,
      rationale: v.rationale,
      activatedAt: iso(v.activatedAt),
      previous:
        c.policyVersion === null
          ? { preset: c.riskPolicy, version: null }
          : { preset: c.riskPolicy, version: c.policyVersion },
      appliesTo: 'future_runs_only',
    };
    await appendEvent(tx, {
      ownerId,
      campaignId: id,
      analysisId: null,
      type: 'campaign.policy_changed',
      payload: result,
    });
    return result;
  });
}
