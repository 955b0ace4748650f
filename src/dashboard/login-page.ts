/**
 * GET /dashboard/login?token=…: a confirmation page (the link is not used by merely opening it, so link
 * previews and scanners cannot burn it). POST /dashboard/login: uses the link once, sets the session cookie and
 * redirects to the dashboard (form posts) or answers JSON (JSON posts).
 */
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import type { AppContext } from '../http/route-def.ts';
import { DomainError } from '../core/domain-error.ts';
import { statusForCode } from '../http/error-codes.ts';
import { SESSION_COOKIE, checkLoginLink, endSessionOfToken, redeemLoginLink } from '../access/sessions.ts';
import { assertSameOrigin, setSessionCookie } from './session-auth.ts';

/** The one-time token of a sign-in form or JSON body (anything else is not a token). */
const tokenOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && 'token' in body ? body.token : undefined;

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function htmlPage(title: string, body: string, assetVersion: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · wallet-integrity</title><link rel="icon" href="data:,"><link rel="stylesheet"\
 href="/dashboard/assets/app.css?v=${assetVersion}"></head>
<body><main class="signin" id="main"><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function errorPage(ctx: Context, err: DomainError, assetVersion: string): void {
  ctx.status = statusForCode(err.code);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = htmlPage(
    'Cannot sign in',
    `<p role="alert" data-code="${escapeHtml(err.code)}">${escapeHtml(err.message)}</p>`,
    assetVersion,
  );
}

const parseBody = koaBody({
  json: true,
  jsonStrict: true,
  urlencoded: true,
  text: false,
  multipart: false,
  jsonLimit: '4kb',
  formLimit: '4kb',
});

export async function handleLogin(ctx: AppContext, assetVersion: string): Promise<void> {
  const db = ctx.services.store.db;
  if (ctx.method === 'GET') {
    try {
      const ownerId = await checkLoginLink(db, ctx.query.token);
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = htmlPage(
        'Sign in to the dashboard',
        `
<p>This one-time link signs this browser in as owner <strong>${escapeHtml(ownerId)}</strong>.</p>
<form method="post" action="/dashboard/login"><input type="hidden" name="token"\
 value="${escapeHtml(String(ctx.query.token))}">
<button type="submit" class="primary" autofocus>Sign in as ${escapeHtml(ownerId)}</button></form>`,
        assetVersion,
      );
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      errorPage(ctx, err, assetVersion);
    }
    return;
  }
  if (ctx.method !== 'POST') {
    ctx.status = 405;
    ctx.body = { error: 'use GET or POST', code: 'method_not_allowed' };
    return;
  }
  await parseBody(ctx, async () => {});
  const json = Boolean(ctx.is('application/json'));
  try {
    assertSameOrigin(ctx);
    const ttlHours = ctx.services.config.dashboardSessionHours;
    const session = await redeemLoginLink(db, tokenOf(ctx.request.body), ttlHours);
    // a session this browser already had is ended on the server, not only forgotten by the browser
    await endSessionOfToken(db, ctx.cookies.get(SESSION_COOKIE));
    setSessionCookie(ctx, session.token, ttlHours);
    ctx.state.log.info({ owner: session.ownerId, session: session.id }, 'dashboard sign-in');
    if (json) {
      ctx.body = { object: 'dashboard_session', ownerId: session.ownerId, expiresAt: session.expiresAt.toISOString() };
      return;
    }
    ctx.status = 303;
    ctx.redirect('/dashboard/');
  } catch (err) {
    if (json || !(err instanceof DomainError)) throw err;
    errorPage(ctx, err, assetVersion);
  }
}
