/**
 * Dashboard-only JSON routes (session cookie, CSRF on changes): the session itself, API keys of the signed-in
 * owner, and a campaign's policy version history. Everything else under /dashboard/api/v2 is the v2 API itself.
 */
import type { KeyUsageMeter } from '../access/key-usage-meter.ts';
import { keyUsageForMonth, monthOf } from '../../storage/repos/key-usage-repo.ts';
import { listKeys, revokeOwnedKey } from '../../storage/repos/keys-repo.ts';
import { getUsage } from '../../storage/repos/plans-repo.ts';
import { listPolicyVersions } from '../../storage/repos/campaigns-repo.ts';
import { createApiKey } from '../access/api-keys.ts';
import { planPeriod, planState, STARTER_MONTHLY_ALLOWANCE } from '../access/plans.ts';
import { requireCampaign } from '../campaigns/campaign-service.ts';
import { ApiError } from '../http/api-error.ts';
import { principalOf, type AppContext, type RouteDef } from '../http/route-def.ts';
import { ANALYSIS_MODES, LIFECYCLES, RISK_POLICIES } from '../core/vocabulary.ts';
import { CHAINS } from '../core/chains.ts';
import { errorSchema } from '../http/schemas/common.ts';
import { csrfTokenFor, endSession } from '../access/sessions.ts';
import { setSessionCookie } from './session-auth.ts';
import { LIFECYCLE_MOVES } from '../campaigns/lifecycle.ts';

const err = (description: string) => ({ description, schema: errorSchema });
const owner = (ctx: AppContext): string => principalOf(ctx).ownerId;
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const ok = (description: string) => ({ description });

async function planSummary(ctx: AppContext): Promise<Record<string, unknown>> {
  const db = ctx.services.store.db;
  const state = await planState(db, owner(ctx));
  const period = planPeriod(state);
  const metered = state.plan === 'starter' && period !== null;
  return {
    plan: state.plan,
    active: state.active,
    expiresAt: iso(state.expiresAt),
    usage: {
      periodStart: iso(period?.periodStart ?? null),
      resetsAt: iso(period?.resetsAt ?? null),
      v1Requests: period ? await getUsage(db, owner(ctx), period.periodStart) : 0,
      allowance: metered ? STARTER_MONTHLY_ALLOWANCE : null,
    },
  };
}

const activatedByView = (by: string | null): string | null =>
  by === null ? null : by.startsWith('dashboard:') ? 'dashboard' : by;

export const dashboardRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/dashboard/api/session',
    operationId: 'dashboardSession',
    summary: 'The signed-in owner, the CSRF token for changes, and the UI enumerations',
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Session'), 401: err('session_required, session_expired') },
    async handler(ctx) {
      const s = ctx.state.session!;
      ctx.body = {
        object: 'dashboard_session',
        ownerId: s.ownerId,
        expiresAt: iso(s.expiresAt),
        csrfToken: csrfTokenFor(s.token),
        plan: await planSummary(ctx),
        enums: {
          lifecycles: LIFECYCLES,
          riskPolicies: RISK_POLICIES,
          chains: CHAINS,
          analysisModes: ANALYSIS_MODES,
          lifecycleMoves: LIFECYCLE_MOVES,
        },
      };
    },
  },
  {
    method: 'post',
    path: '/dashboard/api/logout',
    operationId: 'dashboardLogout',
    summary: 'End the session and clear its cookie',
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Signed out'), 401: err('session_required'), 403: err('csrf_failed') },
    async handler(ctx) {
      await endSession(ctx.services.store.db, ctx.state.session!.id);
      setSessionCookie(ctx, null);
      ctx.body = { object: 'dashboard_session', signedOut: true };
    },
  },
  {
    method: 'get',
    path: '/dashboard/api/keys',
    operationId: 'dashboardListKeys',
    summary: "The owner's API keys (never their secrets) with plan and metered usage",
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Keys'), 401: err('session_required') },
    async handler(ctx) {
      const rows = await listKeys(ctx.services.store.db, owner(ctx));
      await (ctx.services.keyUsage as KeyUsageMeter | undefined)?.flush();
      const month = monthOf(new Date());
      const usage = await keyUsageForMonth(
        ctx.services.store.db,
        rows.map((k) => k.id),
        month,
      );
      ctx.body = {
        object: 'api_key_list',
        plan: await planSummary(ctx),
        month,
        keys: rows.reverse().map((k) => ({
          keyId: k.id,
          prefix: k.prefix,
          label: k.label,
          createdAt: iso(k.createdAt),
          lastUsedAt: iso(k.lastUsedAt),
          revokedAt: iso(k.revokedAt),
          status: k.revokedAt ? 'revoked' : 'active',
          requestsThisMonth: usage.get(k.id) ?? 0,
        })),
      };
    },
  },
  {
    method: 'post',
    path: '/dashboard/api/keys',
    operationId: 'dashboardCreateKey',
    summary: 'Create an API key; the key is in this response only',
    tag: 'Dashboard',
    auth: 'session',
    body: {
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: { label: { type: ['string', 'null'], maxLength: 200 } },
      },
      required: false,
    },
    responses: { 201: ok('The new key, shown once'), 401: err('session_required'), 403: err('csrf_failed') },
    async handler(ctx) {
      const label = (ctx.state.body as { label?: string | null }).label?.trim() || null;
      const k = await createApiKey(ctx.services.store.db, owner(ctx), label);
      ctx.status = 201;
      ctx.body = { object: 'api_key', keyId: k.id, prefix: k.prefix, label, key: k.key, shownOnce: true };
    },
  },
  {
    method: 'delete',
    path: '/dashboard/api/keys/{keyId}',
    operationId: 'dashboardRevokeKey',
    summary: "Revoke one of the owner's keys",
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Revoked'), 401: err('session_required'), 403: err('csrf_failed'), 404: err('key_not_found') },
    async handler(ctx) {
      if (!(await revokeOwnedKey(ctx.services.store.db, owner(ctx), ctx.params.keyId)))
        throw new ApiError('key_not_found', 'API key not found');
      ctx.body = { object: 'api_key', keyId: ctx.params.keyId, revoked: true };
    },
  },
  {
    method: 'get',
    path: '/dashboard/api/campaigns/{id}/policy-versions',
    operationId: 'dashboardPolicyVersions',
    summary: 'Policy version history of a campaign, newest first',
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Versions'), 401: err('session_required'), 404: err('campaign_not_found') },
    async handler(ctx) {
      const c = await requireCampaign(ctx.services.store.db, owner(ctx), ctx.params.id);
      const versions = await listPolicyVersions(ctx.services.store.db, c.id);
      ctx.body = {
        object: 'policy_version_list',
        campaignId: c.id,
        activeVersion: c.policyVersion,
        versions: versions.map((v) => ({
          version: v.version,
          preset: v.preset,
          rationale: v.rationale,
          activatedAt: iso(v.activatedAt),
          activatedBy: activatedByView(v.activatedBy),
        })),
      };
    },
  },
];
