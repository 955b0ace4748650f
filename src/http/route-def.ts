/**
 * One route = one definition: method, path, schemas, responses and handler. The router and the OpenAPI
 * document are both built from these, so the published schemas are the ones enforced.
 */
import type { Context } from 'koa';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal } from '../access/api-keys.ts';
import { ApiError } from './api-error.ts';
import type { Services } from './services.ts';

export interface AppState {
  requestId: string;
  log: Logger;
  principal?: Principal;
  /** The dashboard session behind the principal (dashboard routes only). */
  session?: { id: string; ownerId: string; expiresAt: Date; token: string };
  body?: unknown;
  query?: Record<string, unknown>;
}

export type AppContext = Context & { state: AppState; services: Services; config: Config };

export interface ResponseDef {
  description: string;
  schema?: object;
  contentType?: string;
}

export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI-style path, e.g. /api/v2/campaigns/{id} */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** key: Bearer key required; session: dashboard session cookie (src/dashboard/); none: public. */
  auth: 'key' | 'session' | 'none';
  /** `maxBytes`: a JSON body limit below the service-wide BODY_LIMIT_BYTES (413 past it). */
  body?: { schema: object; multipart?: object; required?: boolean; maxBytes?: number };
  query?: { properties: Record<string, object>; required?: string[] };
  params?: Record<string, object>;
  responses: Record<number, ResponseDef>;
  /**
   * The handler sets ctx.state.immutable when its JSON answer depends only on a completed run's stored results;
   * the router then serves repeats from the read cache (per owner and URL) with an ETag.
   */
  cacheImmutable?: boolean;
  /** Runs before the body is read and parsed (e.g. a rate limit that must also count malformed requests). */
  beforeBody?: (ctx: AppContext) => void | Promise<void>;
  handler: (ctx: AppContext) => Promise<void>;
}

/** The authenticated caller of a key or session route (the router sets it before the handler runs). */
export function principalOf(ctx: AppContext): Principal {
  const p = ctx.state.principal;
  if (!p) throw new ApiError('missing_credentials', 'this operation needs an API key');
  return p;
}
