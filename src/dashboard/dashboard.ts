/**
 * Mounts the operator dashboard under /dashboard: the sign-in page, the bundled front end, the dashboard-only
 * JSON routes, and the whole v2 API again under /dashboard/api/v2 authenticated by the session cookie instead of
 * an API key (same handlers, same ownership rules, same {error, code} bodies).
 */
import type { Next } from 'koa';
import type { Config } from '../core/config.ts';
import { buildRouter } from '../http/router.ts';
import type { AppContext, RouteDef } from '../http/route-def.ts';
import { buildDashboard, type DashboardBundle } from './assets.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { handleLogin } from './login-page.ts';
import { sessionAuthenticator } from './session-auth.ts';

export const DASHBOARD_API_PREFIX = '/dashboard/api';

/** The v2 routes re-rooted under /dashboard/api/v2 with session authentication. */
export function sessionMirror(defs: RouteDef[]): RouteDef[] {
  return defs
    .filter((d) => d.path.startsWith('/api/v2/') && d.auth === 'key')
    .map((d) => ({
      ...d,
      path: `/dashboard${d.path}`,
      operationId: `dashboard_${d.operationId}`,
      auth: 'session' as const,
    }));
}

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

export function createDashboard(config: Config, apiRoutes: RouteDef[]) {
  const router = buildRouter([...dashboardRoutes, ...sessionMirror(apiRoutes)], config, sessionAuthenticator);
  const routes = router.routes();
  const allowed = router.allowedMethods({ throw: true });
  let bundle: Promise<DashboardBundle> | null = null;
  const load = (): Promise<DashboardBundle> => {
    bundle ??= buildDashboard().catch((err) => {
      bundle = null;
      throw err;
    });
    return bundle;
  };
  return {
    /** Starts the front-end build in the background (the first page view would otherwise wait for it). */
    warm(): void {
      load().catch(() => {});
    },
    middleware() {
      return async (ctx: AppContext, next: Next): Promise<void> => {
        if (ctx.path !== '/dashboard' && !ctx.path.startsWith('/dashboard/')) return next();
        for (const [k, v] of Object.entries(SECURITY_HEADERS)) ctx.set(k, v);
        if (ctx.path.startsWith(`${DASHBOARD_API_PREFIX}/`)) {
          // the router fills in params and router itself; its type asks for them up front
          const routed = ctx as unknown as Parameters<typeof routes>[0];
          return routes(routed, () => allowed(ctx as unknown as Parameters<typeof allowed>[0], next));
        }
        if (ctx.path === '/dashboard') {
          ctx.redirect('/dashboard/');
          return;
        }
        const b = await load();
        if (ctx.path === '/dashboard/login') return handleLogin(ctx, b.version);
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
        if (ctx.path === '/dashboard/') {
          ctx.type = 'text/html; charset=utf-8';
          ctx.body = b.index;
          return;
        }
        const asset = ctx.path.startsWith('/dashboard/assets/')
          ? b.assets.get(ctx.path.slice('/dashboard/assets/'.length))
          : undefined;
        if (!asset) return next();
        ctx.set('Cache-Control', 'no-cache');
        ctx.type = asset.type;
        ctx.body = asset.body;
      };
    },
  };
}
