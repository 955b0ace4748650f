/** v1 access: an active starter or growth plan (403 otherwise); starter requests are metered (429 when spent). */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { meterV1, planState, requirePlan, type PlanName } from './plans.ts';

export interface V1Access {
  plan: PlanName;
  /** The monthly allowance (null: unmetered) and how much of it is used, counting this request. */
  limit: number | null;
  used: number;
  resetsAt: Date | null;
}

/** Checks the owner's plan and counts one v1 request against its allowance. */
export async function checkV1Access(db: Kysely<Database>, ownerId: string): Promise<V1Access> {
  const state = await planState(db, ownerId);
  requirePlan(state, ['starter', 'growth']);
  const usage = await meterV1(db, ownerId, state);
  return { plan: state.plan, ...usage };
}
