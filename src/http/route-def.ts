/**
 * One route = one definition: method, path, schemas, responses and handler. The router and the OpenAPI
 * document are both built from these, so the published schemas are the ones enforced.
 */
import type { Context } from 'koa';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
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

/** The context a route's handler sees: its body and query already validated against the route's own schemas. */
export type RouteContext<B = unknown, Q = Record<string, unknown>> = AppContext & {
  state: AppState & { body: B; query: Q };
};

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
  body?: { schema: TSchema; multipart?: object; required?: boolean; maxBytes?: number };
  /** Query parameters; a parameter with a `default` is optional for the caller (ajv fills it in). */
  query?: TObject;
  params?: Record<string, object>;
  responses: Record<number, ResponseDef>;
  /**
   * The handler sets ctx.state.immutable when its JSON answer depends only on a completed run's stored results;
   * the router then serves repeats from the read cache (per owner and URL) with an ETag.
   */
  cacheImmutable?: boolean;
  /** Part of the cache key besides owner and URL, for immutable pages that also show changing context (reviews). */
  cacheVariant?: (ctx: AppContext) => Promise<string>;
  /** Runs before the body is read and parsed (e.g. a rate limit that must also count malformed requests). */
  beforeBody?: (ctx: AppContext) => void | Promise<void>;
  handler: (ctx: AppContext) => Promise<void>;
}

/** The query parameters a caller must send: those of the schema without a default (ajv fills defaults in). */
export function requiredQueryParams(def: RouteDef): string[] {
  const properties = def.query?.properties ?? {};
  return (def.query?.required ?? []).filter((name) => !('default' in (properties[name] ?? {})));
}

/** A route definition whose handler is typed by its own body and query schemas. */
export interface TypedRouteDef<B extends TSchema, Q extends TObject>
  extends Omit<RouteDef, 'body' | 'query' | 'handler'> {
  body?: { schema: B; multipart?: object; required?: boolean; maxBytes?: number };
  query?: Q;
  handler: (ctx: RouteContext<Static<B>, Static<Q>>) => Promise<void>;
}

/**
 * Declares a route. The router validates body and query against the schemas before the handler runs, which is
 * what makes the handler's view of `ctx.state.body` / `ctx.state.query` as their static types true.
 */
export function defineRoute<B extends TSchema = TSchema, Q extends TObject = TObject>(
  def: TypedRouteDef<B, Q>,
): RouteDef {
  return def as unknown as RouteDef;
}

/** The authenticated caller of a key or session route (the router sets it before the handler runs). */
export function principalOf(ctx: AppContext): Principal {
  const p = ctx.state.principal;
  if (!p) throw new ApiError('missing_credentials', 'this operation needs an API key');
  return p;
}
