/**
 * Dashboard-only JSON routes (session cookie, CSRF on changes): the session itself, API keys of the signed-in
 * owner, and a campaign's policy version history. Everything else under /dashboard/api/v2 is the v2 API itself.
 */
import type { KeyUsageMeter } from '../access/key-usage-meter.ts';
import { ownerKeys, planSummary, revokeKey } from '../access/owner-account.ts';
import { createApiKey } from '../access/api-keys.ts';
import { policyVersionHistory } from '../campaigns/campaign-service.ts';
import { principalOf, type AppContext, defineRoute, type RouteDef } from '../http/route-def.ts';
import { ANALYSIS_MODES, LIFECYCLES, RISK_POLICIES } from '../core/vocabulary.ts';
import { CHAINS } from '../core/chains.ts';
import { Type } from '@sinclair/typebox';
import { NullableString } from '../http/schemas/schema-types.ts';
import { errorSchema } from '../http/schemas/common.ts';
import { csrfTokenFor, endSession } from '../access/sessions.ts';
import { sessionOf, setSessionCookie } from './session-auth.ts';
import { LIFECYCLE_MOVES } from '../campaigns/lifecycle.ts';

const err = (description: string) => ({ description, schema: errorSchema });
const owner = (ctx: AppContext): string => principalOf(ctx).ownerId;
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const ok = (description: string) => ({ description });

const plan = (ctx: AppContext) => planSummary(ctx.services.store.db, owner(ctx));

export const dashboardRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/dashboard/api/session',
    operationId: 'dashboardSession',
    summary: 'The signed-in owner, the CSRF token for changes, and the UI enumerations',
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Session'), 401: err('session_required, session_expired') },
    async handler(ctx) {
      const s = sessionOf(ctx);
      ctx.body = {
        object: 'dashboard_session',
        ownerId: s.ownerId,
        expiresAt: iso(s.expiresAt),
        csrfToken: csrfTokenFor(s.token),
        plan: await plan(ctx),
        enums: {
          lifecycles: LIFECYCLES,
          riskPolicies: RISK_POLICIES,
          chains: CHAINS,
          analysisModes: ANALYSIS_MODES,
          lifecycleMoves: LIFECYCLE_MOVES,
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/dashboard/api/logout',
    operationId: 'dashboardLogout',
    summary: 'End the session and clear its cookie',
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Signed out'), 401: err('session_required'), 403: err('csrf_failed') },
    async handler(ctx) {
      await endSession(ctx.services.store.db, sessionOf(ctx).id);
      setSessionCookie(ctx, null);
      ctx.body = { object: 'dashboard_session', signedOut: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/api/keys',
    operationId: 'dashboardListKeys',
    summary: "The owner's API keys (never their secrets) with plan and metered usage",
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Keys'), 401: err('session_required') },
    async handler(ctx) {
      await (ctx.services.keyUsage as KeyUsageMeter | undefined)?.flush();
      const { month, keys } = await ownerKeys(ctx.services.store.db, owner(ctx));
      ctx.body = { object: 'api_key_list', plan: await plan(ctx), month, keys };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/dashboard/api/keys',
    operationId: 'dashboardCreateKey',
    summary: 'Create an API key; the key is in this response only',
    tag: 'Dashboard',
    auth: 'session',
    body: {
      schema: Type.Object(
        { label: Type.Optional(NullableString({ maxLength: 200 })) },
        { additionalProperties: false },
      ),
      required: false,
    },
    responses: { 201: ok('The new key, shown once'), 401: err('session_required'), 403: err('csrf_failed') },
    async handler(ctx) {
      const label = ctx.state.body.label?.trim() || null;
      const k = await createApiKey(ctx.services.store.db, owner(ctx), label);
      ctx.status = 201;
      ctx.body = { object: 'api_key', keyId: k.id, prefix: k.prefix, label, key: k.key, shownOnce: true };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/dashboard/api/keys/{keyId}',
    operationId: 'dashboardRevokeKey',
    summary: "Revoke one of the owner's keys",
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Revoked'), 401: err('session_required'), 403: err('csrf_failed'), 404: err('key_not_found') },
    async handler(ctx) {
      await revokeKey(ctx.services.store.db, owner(ctx), ctx.params.keyId);
      ctx.body = { object: 'api_key', keyId: ctx.params.keyId, revoked: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/api/campaigns/{id}/policy-versions',
    operationId: 'dashboardPolicyVersions',
    summary: 'Policy version history of a campaign, newest first',
    tag: 'Dashboard',
    auth: 'session',
    responses: { 200: ok('Versions'), 401: err('session_required'), 404: err('campaign_not_found') },
    async handler(ctx) {
      ctx.body = await policyVersionHistory(ctx.services.store.db, owner(ctx), ctx.params.id);
    },
  }),
];
