/**
 * The composition root: builds the store, services, HTTP app and background workers.
 * stop() closes the server (finishing in-flight requests), then the workers and pools, then the store.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import type { Config } from '../core/config.ts';
import { createLogger, type Logger } from '../core/logger.ts';
import { newRequestId } from '../core/ids.ts';
import { openStore, type Store } from '../../storage/store.ts';
import { getOrCreateSetting } from '../../storage/repos/settings-repo.ts';
import { createCursorCodec } from '../http/cursor-codec.ts';
import { errorMiddleware } from '../http/error-middleware.ts';
import { methodErrors } from '../http/method-errors.ts';
import { logUnsafeSettings } from '../net/outgoing-policy.ts';
import { buildRouter } from '../http/router.ts';
import { buildOpenApi } from '../http/openapi.ts';
import { systemRoutes } from '../http/routes/system-routes.ts';
import { allRoutes } from '../http/routes/all-routes.ts';
import type { RouteDef } from '../http/route-def.ts';
import type { Services } from '../http/services.ts';
import { KeyCache } from '../access/key-cache.ts';
import { KeyUsageMeter } from '../access/key-usage-meter.ts';
import { startBackground, type Background } from './background.ts';
import { ApiError } from '../http/api-error.ts';
import { createAdminEndpoint } from './admin-route.ts';
import { createDashboard } from '../dashboard/dashboard.ts';
import { KnowledgeCache } from '../screening/service/knowledge-cache.ts';
import { createPageFetcher } from '../screening/service/page-fetcher.ts';
import { screeningAddressHistory } from '../screening/service/address-history.ts';
import { FixedWindowLimiter } from '../http/rate-limiter.ts';
import { FEEDBACK_PER_MINUTE } from '../http/routes/screening-routes.ts';
import { dashboardRoutes } from '../dashboard/dashboard-routes.ts';

export interface App {
  readonly services: Services;
  readonly koa: Koa;
  callback(): http.RequestListener;
  /** Starts listening (port 0 picks a free port); resolves with the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  stop(): Promise<void>;
}

export interface AppOptions {
  store?: Store;
  log?: Logger;
  background?: boolean /** Build the dashboard front end at start instead of at its first page view. */;
  warmDashboard?: boolean;
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const log = opts.log ?? createLogger(config.logLevel);
  const store =
    opts.store ??
    (await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: `${config.dataDir}/pg`,
      poolSize: config.databasePoolSize,
    }));
  await store.migrate();
  const cursorSecret =
    config.cursorSecret ??
    (await getOrCreateSetting(store.db, 'cursor_secret', () => randomBytes(32).toString('base64url')));
  let wakeHook = (): void => {};
  const keyUsage = new KeyUsageMeter(store.db, log);
  const keyCache = new KeyCache(store.db, config.keyCacheTtlMs);
  await keyCache.listen(store, log);
  const services: Services = {
    store,
    config,
    log,
    cursors: createCursorCodec(cursorSecret),
    wake: () => wakeHook(),
    keyUsage,
    keyCache,
    screening: {
      knowledge: new KnowledgeCache(store.db),
      fetchPage: createPageFetcher(config),
      addressHistory: screeningAddressHistory(config),
      feedbackLimiter: new FixedWindowLimiter(FEEDBACK_PER_MINUTE, 60_000),
    },
  };
  logUnsafeSettings(config, log, ['webhook', 'scan', 'chain']);

  const defs: RouteDef[] = [];
  // the OpenAPI document lists the dashboard's own JSON routes too (cookie session; its /dashboard/api/v2 mirror is the
  // v2 API)
  defs.push(...systemRoutes(() => buildOpenApi([...defs, ...dashboardRoutes])), ...allRoutes);
  const router = buildRouter(defs, config);

  const koa = new Koa({ proxy: false });
  let stopping = false;
  koa.context.services = services;
  koa.context.config = config;
  koa.use(async (ctx, next) => {
    const requestId = (ctx.get('x-request-id') || '').slice(0, 64).replace(/[^\w.-]/g, '') || newRequestId();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ reqId: requestId });
    ctx.set('X-Request-Id', requestId);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  });
  koa.use(errorMiddleware());
  koa.use(async (ctx, next) => {
    if (stopping) {
      ctx.set('Connection', 'close');
      throw new ApiError('shutting_down', 'the server is shutting down');
    }
    await next();
  });
  const admin = createAdminEndpoint(config);
  koa.use(admin.middleware());
  const dashboard = createDashboard(config, allRoutes);
  if (opts.warmDashboard) dashboard.warm();
  koa.use(dashboard.middleware() as Koa.Middleware);
  koa.use(router.routes());
  koa.use(methodErrors(router));

  let background: Background | null = null;
  if (opts.background !== false) {
    background = await startBackground(services);
    wakeHook = () => background?.wake();
  }

  let server: http.Server | null = null;
  let unpublish = (): void => {};
  return {
    services,
    koa,
    callback: () => koa.callback(),
    async listen(port = config.port, host = config.host) {
      // a long keep-alive (as behind load balancers): an idle client socket is not closed under a request in flight
      server = http.createServer(
        { requestTimeout: config.requestTimeoutMs, headersTimeout: 66_000, keepAliveTimeout: 65_000 },
        koa.callback(),
      );
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve());
      });
      const bound = (server.address() as { port: number }).port;
      if (store.kind === 'embedded') unpublish = admin.publish(bound);
      log.info({ port: bound, store: store.kind }, 'listening');
      return bound;
    },
    async stop() {
      stopping = true;
      unpublish();
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            s.closeAllConnections();
            resolve();
          }, config.shutdownTimeoutMs);
          s.close(() => {
            clearTimeout(timer);
            resolve();
          });
          s.closeIdleConnections();
        });
      }
      await background?.stop();
      await keyUsage.close();
      await keyCache.close();
      await store.close();
      log.info('stopped');
    },
  };
}
