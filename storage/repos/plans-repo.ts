/** Owner plans (none / starter / growth, with expiry) and the metered monthly usage of v1 requests. */
import { sql, type Kysely } from 'kysely';
import type { Database, OwnerPlanTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

export type OwnerPlan = Omit<Row<OwnerPlanTable>, 'updatedAt'>;

export async function getPlan(db: Kysely<Database>, ownerId: string): Promise<OwnerPlan | null> {
  const r = await db
    .selectFrom('owner_plans')
    .select(['owner_id', 'plan', 'activated_at', 'expires_at'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

/** Activates (or replaces) the owner's plan from now for `days` days. */
export async function activatePlan(
  db: Kysely<Database>,
  ownerId: string,
  plan: string,
  days: number,
  now = new Date(),
): Promise<OwnerPlan> {
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  await db
    .insertInto('owner_plans')
    .values({ owner_id: ownerId, plan, activated_at: now, expires_at: expiresAt, updated_at: now })
    .onConflict((oc) =>
      oc.column('owner_id').doUpdateSet({ plan, activated_at: now, expires_at: expiresAt, updated_at: now }),
    )
    .execute();
  return { ownerId, plan, activatedAt: now, expiresAt };
}

/**
 * Counts one request in the period starting at periodStart unless the allowance is already spent.
 * Returns the count after the increment, or null when the allowance was spent (nothing counted).
 */
export async function meterRequest(
  db: Kysely<Database>,
  ownerId: string,
  periodStart: Date,
  allowance: number,
): Promise<number | null> {
  const r = await sql<{ requests: number }>`
    insert into usage_counters (owner_id, period_start, requests) values (${ownerId}, ${periodStart}, 1)
    on conflict (owner_id, period_start) do update set requests = usage_counters.requests + 1
    where usage_counters.requests < ${allowance}
    returning requests`.execute(db);
  return r.rows[0]?.requests ?? null;
}

export async function getUsage(db: Kysely<Database>, ownerId: string, periodStart: Date): Promise<number> {
  const r = await db
    .selectFrom('usage_counters')
    .select('requests')
    .where('owner_id', '=', ownerId)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  return r?.requests ?? 0;
}
