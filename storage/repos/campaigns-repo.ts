/** Campaigns and their policy versions. Every read is owner-scoped in SQL. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface CampaignRow {
  id: string;
  ownerId: string;
  name: string;
  campaignType: string;
  chain: string;
  lifecycle: string;
  riskPolicy: string;
  policyVersion: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  rewardPoolUsd: number | null;
  campaignContracts: string[];
  metadata: Record<string, unknown>;
  notes: string | null;
  source: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewCampaign {
  id: string;
  ownerId: string;
  name: string;
  campaignType: string;
  chain: string;
  lifecycle: string;
  riskPolicy: string;
  startsAt: string | null;
  endsAt: string | null;
  rewardPoolUsd: number | null;
  campaignContracts: string[];
  metadata: Record<string, unknown>;
  notes: string | null;
  source: string;
}

export interface PolicyVersionRow {
  campaignId: string;
  version: number;
  preset: string;
  rationale: string;
  activatedAt: Date;
  activatedBy: string | null;
}

export const toCampaign = (r: any): CampaignRow => ({
  id: r.id,
  ownerId: r.owner_id,
  name: r.name,
  campaignType: r.campaign_type,
  chain: r.chain,
  lifecycle: r.lifecycle,
  riskPolicy: r.risk_policy,
  policyVersion: r.policy_version,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  rewardPoolUsd: r.reward_pool_usd,
  campaignContracts: r.campaign_contracts,
  metadata: r.metadata,
  notes: r.notes,
  source: r.source,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function insertCampaign(db: Db, c: NewCampaign): Promise<CampaignRow> {
  const now = new Date();
  const r = await db
    .insertInto('campaigns')
    .values({
      id: c.id,
      owner_id: c.ownerId,
      name: c.name,
      campaign_type: c.campaignType,
      chain: c.chain,
      lifecycle: c.lifecycle,
      risk_policy: c.riskPolicy,
      policy_version: null,
      starts_at: c.startsAt,
      ends_at: c.endsAt,
      reward_pool_usd: c.rewardPoolUsd,
      campaign_contracts: JSON.stringify(c.campaignContracts),
      metadata: JSON.stringify(c.metadata),
      notes: c.notes,
      source: c.source,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(r);
}

export async function listCampaigns(db: Db, ownerId: string): Promise<CampaignRow[]> {
  const rows = await db.selectFrom('campaigns').selectAll().where('owner_id', '=', ownerId).orderBy('seq').execute();
  return rows.map(toCampaign);
}

/** The caller's campaign, or null when it does not exist or belongs to another owner. */
export async function getCampaign(db: Db, ownerId: string, id: string, forUpdate = false): Promise<CampaignRow | null> {
  let q = db.selectFrom('campaigns').selectAll().where('id', '=', id).where('owner_id', '=', ownerId);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toCampaign(r) : null;
}

export async function findCampaignByName(
  db: Db,
  ownerId: string,
  name: string,
  source: string,
  chain: string,
): Promise<CampaignRow | null> {
  const r = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .where('source', '=', source)
    .where('chain', '=', chain)
    .where('lifecycle', 'in', ['draft', 'active', 'paused'])
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  return r ? toCampaign(r) : null;
}

export async function setLifecycle(db: Db, id: string, lifecycle: string): Promise<CampaignRow> {
  const r = await db
    .updateTable('campaigns')
    .set({ lifecycle, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(r);
}

/** Appends the next policy version and makes it active; returns the new version row. */
export async function addPolicyVersion(
  db: Db,
  campaignId: string,
  preset: string,
  rationale: string,
  activatedBy: string | null,
): Promise<PolicyVersionRow> {
  const r = await sql<{
    version: number;
  }>`select coalesce(max(version), 0) + 1 as version from policy_versions where campaign_id = ${campaignId}`.execute(
    db,
  );
  const version = Number(r.rows[0].version);
  const row = await db
    .insertInto('policy_versions')
    .values({
      campaign_id: campaignId,
      version,
      preset,
      rationale,
      activated_at: new Date(),
      activated_by: activatedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('campaigns')
    .set({ risk_policy: preset, policy_version: version, updated_at: new Date() })
    .where('id', '=', campaignId)
    .execute();
  return {
    campaignId,
    version,
    preset: row.preset,
    rationale: row.rationale,
    activatedAt: row.activated_at,
    activatedBy: row.activated_by,
  };
}

const toPolicyVersion = (r: any): PolicyVersionRow => ({
  campaignId: r.campaign_id,
  version: r.version,
  preset: r.preset,
  rationale: r.rationale,
  activatedAt: r.activated_at,
  activatedBy: r.activated_by,
});

export async function getPolicyVersion(db: Db, campaignId: string, version: number): Promise<PolicyVersionRow | null> {
  const r = await db
    .selectFrom('policy_versions')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('version', '=', version)
    .executeTakeFirst();
  return r ? toPolicyVersion(r) : null;
}

/** Every policy version of a campaign, newest first (the caller checks campaign ownership). */
export async function listPolicyVersions(db: Db, campaignId: string, limit = 200): Promise<PolicyVersionRow[]> {
  const rows = await db
    .selectFrom('policy_versions')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPolicyVersion);
}
