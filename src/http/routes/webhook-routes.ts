/** v2 webhook management: endpoints (growth plan for list and create), deliveries and manual retry. */
import {
  deleteEndpoint,
  getDelivery,
  getEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  requeueFailed,
  updateEndpoint,
} from '../../../storage/repos/webhooks-repo.ts';
import { WEBHOOK_EVENTS } from '../../core/vocabulary.ts';
import { Type } from '@sinclair/typebox';
import { cursorParam, errorSchema, limitParam, paginationSchema } from '../schemas/common.ts';
import { StringEnum } from '../schemas/schema-types.ts';
import { webhookCreateSchema, webhookEndpointSchema, webhookUpdateSchema } from '../schemas/webhook-schemas.ts';
import { deliveryView, endpointView } from '../../webhooks/webhook-views.ts';
import { assertWebhookUrl } from '../../webhooks/webhook-url.ts';
import { generateWebhookSecret } from '../../webhooks/signature.ts';
import { planState, requirePlan } from '../../access/plans.ts';
import { ApiError } from '../api-error.ts';
import { notFound } from '../../core/domain-error.ts';
import { keysetPage } from '../pagination.ts';
import { newId } from '../../core/ids.ts';
import { principalOf, type AppContext, defineRoute, type RouteDef } from '../route-def.ts';

const err = (description: string) => ({ description, schema: errorSchema });
export const DELIVERY_PAGE_MAX = 100;
export const DELIVERY_PAGE_DEFAULT = 50;

async function requireGrowth(ctx: AppContext): Promise<void> {
  requirePlan(await planState(ctx.services.store.db, principalOf(ctx).ownerId), ['growth'], 'growth_plan_required');
}

async function resolveEndpoint(ctx: AppContext) {
  const e = await getEndpoint(ctx.services.store.db, principalOf(ctx).ownerId, ctx.params.id);
  if (!e) throw notFound('webhook_not_found', 'webhook endpoint');
  return e;
}

export const webhookRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v2/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook endpoints (growth plan)',
    tag: 'Webhooks',
    auth: 'key',
    responses: {
      200: {
        description: 'Endpoints',
        schema: {
          type: 'object',
          required: ['webhooks'],
          properties: { webhooks: { type: 'array', items: webhookEndpointSchema } },
        },
      },
      403: err('growth_plan_required'),
    },
    async handler(ctx) {
      await requireGrowth(ctx);
      const rows = await listEndpoints(ctx.services.store.db, principalOf(ctx).ownerId);
      ctx.body = {
        object: 'webhook_endpoint_list',
        apiVersion: 'v2',
        webhooks: rows.map(endpointView),
        supportedEventTypes: WEBHOOK_EVENTS,
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/webhooks',
    operationId: 'createWebhook',
    summary: 'Create a webhook endpoint; the signing secret is returned only here',
    tag: 'Webhooks',
    auth: 'key',
    body: { schema: webhookCreateSchema },
    responses: {
      201: { description: 'Endpoint with its signing secret', schema: webhookEndpointSchema },
      403: err('growth_plan_required'),
    },
    async handler(ctx) {
      await requireGrowth(ctx);
      const body = ctx.state.body;
      const url = assertWebhookUrl(body.url, ctx.config.unsafeAllowPrivateWebhookTargets);
      const secret = generateWebhookSecret();
      const e = await insertEndpoint(ctx.services.store.db, {
        id: newId('whe'),
        ownerId: principalOf(ctx).ownerId,
        url,
        eventTypes: body.eventTypes ?? [...WEBHOOK_EVENTS],
        description: body.description ?? null,
        secret,
      });
      ctx.status = 201;
      ctx.body = { ...endpointView(e), secret };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/webhooks/{id}',
    operationId: 'getWebhook',
    summary: 'Read a webhook endpoint (never its secret)',
    tag: 'Webhooks',
    auth: 'key',
    responses: { 200: { description: 'Endpoint', schema: webhookEndpointSchema }, 404: err('webhook_not_found') },
    async handler(ctx) {
      ctx.body = endpointView(await resolveEndpoint(ctx));
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v2/webhooks/{id}',
    operationId: 'updateWebhook',
    summary: 'Change url, event types, description or isActive',
    tag: 'Webhooks',
    auth: 'key',
    body: { schema: webhookUpdateSchema },
    responses: { 200: { description: 'Endpoint', schema: webhookEndpointSchema }, 404: err('webhook_not_found') },
    async handler(ctx) {
      const e = await resolveEndpoint(ctx);
      const body = ctx.state.body;
      const url =
        body.url === undefined ? undefined : assertWebhookUrl(body.url, ctx.config.unsafeAllowPrivateWebhookTargets);
      ctx.body = endpointView(await updateEndpoint(ctx.services.store.db, e.id, { ...body, url }));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v2/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint (pending deliveries are cancelled)',
    tag: 'Webhooks',
    auth: 'key',
    responses: {
      200: {
        description: 'Deleted',
        schema: {
          type: 'object',
          required: ['id', 'deleted'],
          properties: { id: { type: 'string' }, deleted: { const: true } },
        },
      },
      404: err('webhook_not_found'),
    },
    async handler(ctx) {
      const e = await resolveEndpoint(ctx);
      await ctx.services.store.db.transaction().execute((tx) => deleteEndpoint(tx, e.id));
      ctx.body = { id: e.id, object: 'webhook_endpoint', deleted: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: `Page of deliveries, newest first (limit 1-${DELIVERY_PAGE_MAX}, default ${DELIVERY_PAGE_DEFAULT})`,
    tag: 'Webhooks',
    auth: 'key',
    query: Type.Object({
      limit: limitParam(DELIVERY_PAGE_MAX, DELIVERY_PAGE_DEFAULT),
      cursor: cursorParam(512),
      status: Type.Optional(StringEnum(['pending', 'failed', 'delivered'] as const)),
    }),
    responses: {
      200: {
        description: 'Deliveries',
        schema: {
          type: 'object',
          required: ['deliveries', 'pagination'],
          properties: { deliveries: { type: 'array' }, pagination: paginationSchema },
        },
      },
      404: err('webhook_not_found'),
    },
    async handler(ctx) {
      const e = await resolveEndpoint(ctx);
      const q = ctx.state.query;
      const page = await keysetPage({
        cursors: ctx.services.cursors,
        scope: { o: principalOf(ctx).ownerId, w: e.id, k: 'deliveries', s: q.status ?? null },
        cursor: q.cursor,
        maxCursorLength: 512,
        limit: q.limit,
        start: null as string | null,
        fetch: (pos, take) => listDeliveries(ctx.services.store.db, e.id, q.status, pos, take),
        positionOf: (r) => String(r.seq),
      });
      ctx.body = {
        object: 'webhook_delivery_list',
        apiVersion: 'v2',
        endpointId: e.id,
        deliveries: page.items.map(deliveryView),
        pagination: page.pagination,
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/webhooks/{id}/deliveries/{deliveryId}/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Retry one failed delivery',
    tag: 'Webhooks',
    auth: 'key',
    body: { schema: Type.Object({}, { additionalProperties: false }), required: false },
    responses: {
      200: { description: 'Retry accepted (the delivery is pending again)' },
      404: err('webhook_not_found, delivery_not_found'),
      409: err('delivery_not_failed, endpoint_disabled'),
    },
    async handler(ctx) {
      const e = await resolveEndpoint(ctx);
      const db = ctx.services.store.db;
      const d = await getDelivery(db, e.id, ctx.params.deliveryId);
      if (!d) throw notFound('delivery_not_found', 'delivery');
      if (!e.isActive)
        throw new ApiError(
          'endpoint_disabled',
          'the endpoint is disabled; re-enable it with PATCH isActive=true first',
        );
      if (d.status !== 'failed' || !(await requeueFailed(db, d.id)))
        throw new ApiError('delivery_not_failed', `only a failed delivery can be retried (this one is ${d.status})`, {
          status: d.status,
        });
      ctx.services.wake();
      ctx.body = {
        object: 'webhook_delivery_retry',
        status: 'accepted',
        delivery: deliveryView((await getDelivery(db, e.id, d.id))!),
      };
    },
  }),
];
