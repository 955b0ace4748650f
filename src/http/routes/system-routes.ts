/** Unauthenticated system routes: health and the OpenAPI document. */
import { pingStore } from '../../../storage/store.ts';
import { defineRoute, type RouteDef } from '../route-def.ts';

export function systemRoutes(openapi: () => Record<string, unknown>): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/healthz',
      operationId: 'health',
      summary: 'Liveness and store reachability',
      tag: 'System',
      auth: 'none',
      responses: { 200: { description: 'Healthy' }, 503: { description: 'Store unreachable' } },
      async handler(ctx) {
        try {
          await pingStore(ctx.services.store.db);
          ctx.body = { status: 'ok', store: ctx.services.store.kind };
        } catch {
          ctx.status = 503;
          ctx.body = {
            status: 'unavailable',
            store: ctx.services.store.kind,
            error: 'store unreachable',
            code: 'store_unavailable',
          };
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'System',
      auth: 'none',
      responses: { 200: { description: 'OpenAPI document' } },
      async handler(ctx) {
        ctx.body = openapi();
      },
    }),
  ];
}
