/** v2 campaigns: list, create, read (with policy and analysis context), lifecycle change, policy activation. */
import {
  activatePolicy,
  campaignDetail,
  campaignView,
  changeLifecycle,
  createCampaign,
  listCampaignViews,
  requireCampaign,
} from '../../campaigns/campaign-service.ts';
import { principalOf, type AppContext, defineRoute, type RouteDef } from '../route-def.ts';
import {
  campaignCreateSchema,
  campaignSchema,
  lifecycleChangeSchema,
  policyActivationSchema,
} from '../schemas/campaign-schemas.ts';
import { errorSchema } from '../schemas/common.ts';

const owner = (ctx: AppContext): string => principalOf(ctx).ownerId;
const err = (description: string) => ({ description, schema: errorSchema });

export const campaignRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns',
    operationId: 'listCampaigns',
    summary: "List the caller's campaigns",
    tag: 'Campaigns',
    auth: 'key',
    responses: {
      200: {
        description: 'CampaignList',
        schema: {
          type: 'object',
          required: ['campaigns'],
          properties: { campaigns: { type: 'array', items: campaignSchema } },
        },
      },
      503: err('Store unavailable'),
    },
    async handler(ctx) {
      const campaigns = await listCampaignViews(ctx.services.store.db, owner(ctx));
      ctx.body = { object: 'campaign_list', apiVersion: 'v2', campaigns };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/campaigns',
    operationId: 'createCampaign',
    summary: 'Create a campaign (lifecycle draft)',
    tag: 'Campaigns',
    auth: 'key',
    body: { schema: campaignCreateSchema },
    responses: { 201: { description: 'Campaign', schema: campaignSchema }, 503: err('Store unavailable') },
    async handler(ctx) {
      const c = await createCampaign(ctx.services.store.db, owner(ctx), ctx.state.body);
      ctx.status = 201;
      ctx.set('Location', `/api/v2/campaigns/${c.id}`);
      ctx.body = campaignView(c);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns/{id}',
    operationId: 'getCampaign',
    summary: 'Read a campaign with its active policy and analysis context',
    tag: 'Campaigns',
    auth: 'key',
    responses: {
      200: { description: 'Campaign with policy and analysis context', schema: campaignSchema },
      404: err('Unknown or not-owned campaign'),
    },
    async handler(ctx) {
      const c = await requireCampaign(ctx.services.store.db, owner(ctx), ctx.params.id);
      ctx.body = await campaignDetail(ctx.services.store.db, c);
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v2/campaigns/{id}',
    operationId: 'changeCampaignLifecycle',
    summary: 'Move a campaign to another lifecycle state',
    tag: 'Campaigns',
    auth: 'key',
    body: { schema: lifecycleChangeSchema },
    responses: {
      200: { description: 'Campaign', schema: campaignSchema },
      404: err('Unknown or not-owned campaign'),
      409: err('Refused move (lifecycle_transition_refused, campaign_archived)'),
    },
    async handler(ctx) {
      const { lifecycle } = ctx.state.body;
      const c = await changeLifecycle(ctx.services.store.db, owner(ctx), ctx.params.id, lifecycle);
      ctx.services.wake();
      ctx.body = campaignView(c);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/campaigns/{id}/policy',
    operationId: 'activateCampaignPolicy',
    summary: 'Activate a new policy version for future runs',
    tag: 'Policy',
    auth: 'key',
    body: { schema: policyActivationSchema },
    responses: {
      200: {
        description: 'The activated policy version',
        schema: {
          type: 'object',
          required: ['campaignId', 'preset', 'version', 'rationale', 'activatedAt'],
          properties: {
            campaignId: { type: 'string' },
            preset: { type: 'string' },
            version: { type: 'integer' },
            rationale: { type: 'string' },
            activatedAt: { type: 'string' },
          },
        },
      },
      404: err('Unknown or not-owned campaign'),
      409: err('Campaign archived'),
    },
    async handler(ctx) {
      const { preset, rationale } = ctx.state.body;
      const result = await activatePolicy(
        ctx.services.store.db,
        owner(ctx),
        ctx.params.id,
        preset,
        rationale,
        principalOf(ctx).keyId,
      );
      ctx.services.wake();
      ctx.body = result;
    },
  }),
];
