/**
 * Access plans: none, starter, growth. A plan lasts `days` (default 30) from activation. v1 operations need an
 * active starter or growth plan; starter is metered at 5000 v1 requests per 30-day plan period (the allowance
 * resets at each period boundary counted from activation). Webhook management needs growth.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { getPlan, meterRequest } from '../../storage/repos/plans-repo.ts';
import { DomainError } from '../core/domain-error.ts';

export const PLANS = ['none', 'starter', 'growth'] as const;
export type PlanName = (typeof PLANS)[number];
export const STARTER_MONTHLY_ALLOWANCE = 5000;
export const PLAN_PERIOD_DAYS = 30;
const PERIOD_MS = PLAN_PERIOD_DAYS * 86_400_000;

export interface PlanState {
  plan: PlanName;
  active: boolean;
  activatedAt: Date | null;
  expiresAt: Date | null;
}

export async function planState(db: Kysely<Database>, ownerId: string, now = new Date()): Promise<PlanState> {
  const p = await getPlan(db, ownerId);
  if (!p || p.plan === 'none') return { plan: 'none', active: false, activatedAt: null, expiresAt: null };
  return {
    plan: p.plan as PlanName,
    active: p.expiresAt.getTime() > now.getTime(),
    activatedAt: p.activatedAt,
    expiresAt: p.expiresAt,
  };
}

/** Throws 403 unless the owner has an active plan of one of `allowed`. */
export function requirePlan(state: PlanState, allowed: PlanName[], code = 'plan_required'): void {
  if (state.plan !== 'none' && !state.active && allowed.includes(state.plan)) {
    throw new DomainError('plan_expired', `the ${state.plan} plan expired at ${state.expiresAt?.toISOString()}`);
  }
  if (!state.active || !allowed.includes(state.plan)) {
    throw new DomainError(
      code,
      `this operation needs an active ${allowed.join(' or ')} plan (current: ${state.active ? state.plan : 'none'})`,
    );
  }
}

/** Counts one v1 request against a starter plan; throws 429 quota_exceeded with retryAfterSeconds when spent. */
/** The 30-day metering period containing `now`, counted from the plan's activation (null without a plan). */
export function planPeriod(state: PlanState, now = new Date()): { periodStart: Date; resetsAt: Date } | null {
  if (!state.activatedAt) return null;
  const elapsed = Math.max(0, now.getTime() - state.activatedAt.getTime());
  const periodStart = new Date(state.activatedAt.getTime() + Math.floor(elapsed / PERIOD_MS) * PERIOD_MS);
  return { periodStart, resetsAt: new Date(periodStart.getTime() + PERIOD_MS) };
}

export async function meterV1(
  db: Kysely<Database>,
  ownerId: string,
  state: PlanState,
  now = new Date(),
): Promise<{ used: number; limit: number | null; resetsAt: Date | null }> {
  const period = planPeriod(state, now);
  if (state.plan !== 'starter' || !period) return { used: 0, limit: null, resetsAt: null };
  const { periodStart, resetsAt } = period;
  const used = await meterRequest(db, ownerId, periodStart, STARTER_MONTHLY_ALLOWANCE);
  if (used === null) {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    throw new DomainError(
      'quota_exceeded',
      `the starter plan allowance of ${STARTER_MONTHLY_ALLOWANCE} requests is spent until ${resetsAt.toISOString()}`,
      { retryAfterSeconds },
    );
  }
  return { used, limit: STARTER_MONTHLY_ALLOWANCE, resetsAt };
}
