/**
 * An owner's account as the dashboard shows it: the plan with this period's metered usage, and the API keys
 * (never their secrets) with their requests this month.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { keyUsageForMonth, monthOf } from '../../storage/repos/key-usage-repo.ts';
import { listKeys, revokeOwnedKey } from '../../storage/repos/keys-repo.ts';
import { getUsage } from '../../storage/repos/plans-repo.ts';
import { notFound } from '../core/domain-error.ts';
import { planPeriod, planState, STARTER_MONTHLY_ALLOWANCE } from './plans.ts';
import { forgetRevokedKey } from './key-cache.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export async function planSummary(db: Kysely<Database>, ownerId: string): Promise<Record<string, unknown>> {
  const state = await planState(db, ownerId);
  const period = planPeriod(state);
  const metered = state.plan === 'starter' && period !== null;
  return {
    plan: state.plan,
    active: state.active,
    expiresAt: iso(state.expiresAt),
    usage: {
      periodStart: iso(period?.periodStart ?? null),
      resetsAt: iso(period?.resetsAt ?? null),
      v1Requests: period ? await getUsage(db, ownerId, period.periodStart) : 0,
      allowance: metered ? STARTER_MONTHLY_ALLOWANCE : null,
    },
  };
}

/** The owner's keys, newest first, with this month's request counts (flush the usage meter before). */
export async function ownerKeys(db: Kysely<Database>, ownerId: string, now = new Date()) {
  const rows = await listKeys(db, ownerId);
  const month = monthOf(now);
  const usage = await keyUsageForMonth(
    db,
    rows.map((k) => k.id),
    month,
  );
  const keys = rows.reverse().map((k) => ({
    keyId: k.id,
    prefix: k.prefix,
    label: k.label,
    createdAt: iso(k.createdAt),
    lastUsedAt: iso(k.lastUsedAt),
    revokedAt: iso(k.revokedAt),
    status: k.revokedAt ? 'revoked' : 'active',
    requestsThisMonth: usage.get(k.id) ?? 0,
  }));
  return { month, keys };
}

/** Revokes one of the owner's keys; 404 key_not_found for an unknown key or another owner's. */
export async function revokeKey(db: Kysely<Database>, ownerId: string, keyId: string): Promise<void> {
  if (!(await revokeOwnedKey(db, ownerId, keyId))) throw notFound('key_not_found', 'API key');
  forgetRevokedKey(db, keyId);
}
