/**
 * The dashboard's side of HTTP: the session cookie (HttpOnly, SameSite=Strict, path /dashboard, Secure over
 * https) and the authenticator of /dashboard/api routes. State-changing requests must be same-origin (Origin and
 * Sec-Fetch-Site, when the browser sends them) and carry the session's CSRF token in `x-csrf-token`.
 */
import type { Context } from 'koa';
import type { Authenticator } from '../http/router.ts';
import type { AppContext } from '../http/route-def.ts';
import { ApiError } from '../http/api-error.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_HOURS,
  csrfMatches,
  findActiveSession,
  type DashboardSession,
} from '../access/sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const firstValue = (header: string): string => header.split(',')[0].trim().toLowerCase();

/**
 * Whether the browser reached the service over https: directly, or through a TLS-terminating proxy that says so
 * in X-Forwarded-Proto (Koa runs with proxy: false, so ctx.secure alone is false behind such a proxy).
 */
export const viaHttps = (ctx: Context): boolean => ctx.secure || firstValue(ctx.get('x-forwarded-proto')) === 'https';

/**
 * The origins the browser may be at: the one this request was addressed to, and the public one a proxy in front
 * reports (X-Forwarded-Proto, X-Forwarded-Host). A cross-site page cannot add these headers to the victim's
 * request (they are not CORS-safelisted), so trusting them here cannot let another origin through.
 */
function ownOrigins(ctx: Context): string[] {
  const host = firstValue(ctx.get('x-forwarded-host')) || ctx.host.toLowerCase();
  return [`${ctx.protocol}://${ctx.host.toLowerCase()}`, `${viaHttps(ctx) ? 'https' : ctx.protocol}://${host}`];
}

export function setSessionCookie(ctx: Context, token: string | null, ttlHours = SESSION_TTL_HOURS): void {
  const secure = viaHttps(ctx);
  // the cookies module refuses a Secure cookie on a request it thinks is plain http
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(SESSION_COOKIE, token ?? '', {
    httpOnly: true,
    sameSite: 'strict',
    path: '/dashboard',
    secure,
    overwrite: true,
    maxAge: token ? ttlHours * 3_600_000 : 0,
  });
}

/** Refuses requests a browser marks as coming from another site or origin. */
export function assertSameOrigin(ctx: Context): void {
  const origin = ctx.get('origin').toLowerCase();
  if (origin && !ownOrigins(ctx).includes(origin)) throw new ApiError('csrf_failed', 'cross-origin request refused');
  const site = ctx.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none')
    throw new ApiError('csrf_failed', 'cross-site request refused');
}

/** The session of the request (throws 401 without one); state-changing methods also pass the CSRF checks. */
export async function requireSession(ctx: AppContext): Promise<DashboardSession & { token: string }> {
  const token = ctx.cookies.get(SESSION_COOKIE);
  const session = await findActiveSession(ctx.services.store.db, token);
  if (!SAFE_METHODS.has(ctx.method)) {
    assertSameOrigin(ctx);
    if (!csrfMatches(token!, ctx.get('x-csrf-token')))
      throw new ApiError('csrf_failed', 'missing or wrong x-csrf-token header');
  }
  return { ...session, token: token! };
}

/** The session the router's authenticator put on a session route's context (401 if a route forgot `auth`). */
export function sessionOf(ctx: AppContext): NonNullable<AppContext['state']['session']> {
  const s = ctx.state.session;
  if (!s) throw new ApiError('session_required', 'sign in to the dashboard first');
  return s;
}

export const sessionAuthenticator: Authenticator = async (ctx) => {
  const s = await requireSession(ctx);
  ctx.state.session = s;
  return { ownerId: s.ownerId, keyId: `dashboard:${s.id}`, keyPrefix: 'dashboard' };
};
