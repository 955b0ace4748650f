/** v1 access: an active starter or growth plan (403 otherwise); starter requests are metered (429 when spent). */
import { meterV1, planState, requirePlan } from '../auth/plans.ts';
import type { AppContext } from '../api/route-def.ts';

export async function requireV1Access(ctx: AppContext): Promise<void> {
  const db = ctx.services.store.db;
  const state = await planState(db, ctx.state.principal!.ownerId);
  requirePlan(state, ['starter', 'growth']);
  const usage = await meterV1(db, ctx.state.principal!.ownerId, state);
  ctx.set('X-Plan', state.plan);
  if (usage.limit !== null) {
    ctx.set('X-RateLimit-Limit', String(usage.limit));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, usage.limit - usage.used)));
    ctx.set('X-RateLimit-Reset', usage.resetsAt!.toISOString());
  }
}
