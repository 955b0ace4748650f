/** Campaigns and their policy versions. Every read is owner-scoped in SQL. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CampaignTable, Database, PolicyVersionTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A campaign as read (its keyset position `seq` stays in storage). */
export type CampaignRow = Omit<Row<CampaignTable>, 'seq'>;

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

export type PolicyVersionRow = Row<PolicyVersionTable>;

export function toCampaign(r: Selectable<CampaignTable>): CampaignRow {
  const { seq: _seq, ...campaign } = camelRow(r);
  return campaign;
}

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
  return toPolicyVersion(row);
}

const toPolicyVersion = (r: Selectable<PolicyVersionTable>): PolicyVersionRow => camelRow(r);

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
