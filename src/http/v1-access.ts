/** v1 routes run this before the body is read: plan check, metering, and the plan and allowance headers. */
import { checkV1Access } from '../access/v1-access.ts';
import { principalOf, type AppContext } from './route-def.ts';

export async function requireV1Access(ctx: AppContext): Promise<void> {
  const access = await checkV1Access(ctx.services.store.db, principalOf(ctx).ownerId);
  ctx.set('X-Plan', access.plan);
  if (access.limit !== null) {
    ctx.set('X-RateLimit-Limit', String(access.limit));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, access.limit - access.used)));
    ctx.set('X-RateLimit-Reset', access.resetsAt!.toISOString());
  }
}
