/** Builds the Koa router from route definitions: auth, body parsing, content-type and schema checks. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Next } from 'koa';
import type { Config } from '../core/config.ts';
import { ApiError } from './api-error.ts';
import { authenticate, type Principal } from '../access/api-keys.ts';
import { compileBody, compileQuery } from './validate.ts';
import { assertStorableInput } from './storable-input.ts';
import { ReadCache } from './read-cache.ts';
import { type AppContext, type AppState, type RouteDef, requiredQueryParams } from './route-def.ts';
import type { Services } from './services.ts';

/** What the app adds to every Koa context (see app.ts). */
export type AppExtras = { services: Services; config: Config };
export type AppRouter = Router<AppState, AppExtras>;

const toKoaPath = (p: string): string => p.replace(/\{(\w+)\}/g, ':$1');

function contentTypeGuard(def: RouteDef) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (hasBody || def.body?.required !== false) {
      const json = ctx.is('application/json', 'application/*+json');
      const multipart = def.body?.multipart ? ctx.is('multipart/form-data') : false;
      if (!json && !multipart) {
        if (!hasBody && def.body?.required === false) return next();
        throw new ApiError(
          'unsupported_media_type',
          def.body?.multipart
            ? 'Content-Type must be application/json or multipart/form-data'
            : 'Content-Type must be application/json',
        );
      }
    }
    return next();
  };
}

/** Resolves the caller of an authenticated route; the API uses Bearer keys, the dashboard its session cookie. */
export type Authenticator = (ctx: AppContext) => Promise<Principal>;

const bearerKey: Authenticator = (ctx) =>
  authenticate(ctx.services.store.db, ctx.get('authorization') || undefined, ctx.services.keyCache);

export function buildRouter(defs: RouteDef[], config: Config, authenticator: Authenticator = bearerKey): AppRouter {
  const router: AppRouter = new Router<AppState, AppExtras>();
  const cache = new ReadCache(config.readCacheBytes);
  for (const def of defs) {
    const chain: Array<(ctx: AppContext, next: Next) => Promise<void>> = [];
    chain.push(async (ctx, next) => {
      assertStorableInput(ctx.params, 'path');
      assertStorableInput(ctx.query, 'query');
      return next();
    });
    if (def.auth !== 'none') {
      chain.push(async (ctx, next) => {
        ctx.state.principal = await authenticator(ctx);
        if (authenticator === bearerKey) ctx.services.keyUsage.count(ctx.state.principal.keyId);
        ctx.state.log = ctx.state.log.child({ owner: ctx.state.principal.ownerId, key: ctx.state.principal.keyPrefix });
        return next();
      });
    }
    // Unknown query parameters are refused (a misspelt `limt` must not silently fall back to the default);
    // unauthenticated pages (openapi, health, dashboard sign-in) keep ignoring extras.
    if (def.query || def.auth !== 'none') {
      const validateQuery = compileQuery<Record<string, unknown>>({
        type: 'object',
        properties: def.query?.properties ?? {},
        required: requiredQueryParams(def),
        additionalProperties: false,
      });
      chain.push(async (ctx, next) => {
        const q: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(ctx.query)) q[k] = Array.isArray(v) ? v[v.length - 1] : v;
        ctx.state.query = validateQuery(q);
        return next();
      });
    }
    if (def.beforeBody) {
      const hook = def.beforeBody;
      chain.push(async (ctx, next) => {
        await hook(ctx);
        return next();
      });
    }
    if (def.body) {
      const validate = compileBody<unknown>(def.body.schema);
      chain.push(contentTypeGuard(def));
      const bodyOptions = (uploadDir?: string) => ({
        json: true,
        jsonStrict: true,
        jsonLimit: Math.min(def.body?.maxBytes ?? config.bodyLimitBytes, config.bodyLimitBytes),
        text: false,
        urlencoded: false,
        multipart: Boolean(def.body?.multipart),
        formidable: {
          maxFileSize: config.csvUploadLimitBytes,
          maxTotalFileSize: config.csvUploadLimitBytes,
          maxFiles: 1,
          maxFields: 50,
          maxFieldsSize: 64 * 1024,
          ...(uploadDir ? { uploadDir } : {}),
        },
        parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PATCH, HttpMethodEnum.PUT, HttpMethodEnum.DELETE],
      });
      const parseBody = koaBody(bodyOptions());
      if (def.body.multipart) {
        // each upload lands in a directory of its own that is removed when the request ends, whatever happened
        // (a rejected second file, a truncated body or a handler error leave no temporary file behind)
        chain.push(async (ctx, next) => {
          if (!ctx.is('multipart/form-data')) return parseBody(ctx, next);
          const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wi-upload-'));
          try {
            await koaBody(bodyOptions(dir))(ctx, next);
          } finally {
            await fs.rm(dir, { recursive: true, force: true });
          }
        });
      } else {
        chain.push(parseBody);
      }
      chain.push(async (ctx, next) => {
        if (ctx.is('multipart/form-data')) return next();
        const body = ctx.request.body;
        assertStorableInput(body, 'request body');
        const empty =
          body === undefined ||
          (typeof body === 'object' &&
            body !== null &&
            Object.keys(body).length === 0 &&
            Number(ctx.get('content-length') || 0) === 0);
        ctx.state.body = validate(empty && def.body?.required === false ? {} : body);
        return next();
      });
    }
    if (def.cacheImmutable) chain.push(cachedRead(cache, def.cacheVariant));
    chain.push(async (ctx) => {
      await def.handler(ctx);
    });
    router[def.method](def.operationId, toKoaPath(def.path), ...chain);
  }
  return router;
}

/** Serves immutable JSON reads from the cache, and fills it from handlers that mark their answer immutable. */
function cachedRead(cache: ReadCache, variant?: (ctx: AppContext) => Promise<string>) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    // with the cache off nothing is stored, so the variant's query (the run's newest review) is not needed
    const extra = variant && cache.enabled ? `\n${await variant(ctx)}` : '';
    const key = `${ctx.state.principal?.ownerId ?? ''}\n${ctx.path}?${ctx.querystring}${extra}`;
    const send = (e: { body: string | Buffer; etag: string; headers: Record<string, string> }, hit: boolean): void => {
      for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
      ctx.set('ETag', e.etag);
      ctx.set('X-Read-Cache', hit ? 'hit' : 'miss');
      if (ctx.get('if-none-match') === e.etag) {
        ctx.status = 304;
        return;
      }
      ctx.status = 200;
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = e.body;
    };
    const hit = cache.get(key);
    if (hit) {
      send(hit, true);
      return;
    }
    await next();
    const body = ctx.state.immutable === true && ctx.status === 200 ? jsonText(ctx) : null;
    if (body !== null) {
      const headers: Record<string, string> = {};
      for (const h of ['x-service-decision-boundary']) {
        const v = ctx.response.get(h);
        if (v) headers[h] = v;
      }
      send(cache.set(key, body, headers), false);
    }
  };
}

/**
 * The JSON answer as text or bytes: a serialised object, or what sendJsonText sent (json-text.ts); null for others.
 */
function jsonText(ctx: AppContext): string | Buffer | null {
  if (typeof ctx.body === 'string' || Buffer.isBuffer(ctx.body)) return ctx.response.is('json') ? ctx.body : null;
  if (ctx.body === null || typeof ctx.body !== 'object') return null;
  return JSON.stringify(ctx.body);
}
