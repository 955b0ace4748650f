/**
 * Answers requests whose method the routes do not take with the spec's JSON error body: 405 `method_not_allowed`
 * with an `Allow` header when the path exists with other methods, 501 `method_not_implemented` for methods the
 * service implements nowhere (PROPFIND, TRACE, MKCOL ...). The router's own handler would throw http-errors
 * whose 5xx are not exposed, which the error middleware would turn into a 500 `internal_error`.
 */
import type { Context, Next } from 'koa';
import type { AppRouter } from './router.ts';

export function methodErrors(router: AppRouter) {
  const allowed = router.allowedMethods({ throw: false });
  return async function answerMethodErrors(ctx: Context, next: Next): Promise<void> {
    await allowed(ctx as unknown as Parameters<typeof allowed>[0], next);
    if (ctx.status !== 405 && ctx.status !== 501) return;
    if (ctx.body !== undefined && ctx.body !== null) return;
    const allow = ctx.response.get('allow');
    const method = ctx.method.slice(0, 32);
    if (ctx.status === 405) {
      ctx.status = 405;
      ctx.body = { error: `${method} is not allowed on ${ctx.path}; allowed: ${allow}`, code: 'method_not_allowed' };
    } else {
      ctx.status = 501;
      ctx.body = { error: `the method ${method} is not implemented by this service`, code: 'method_not_implemented' };
    }
  };
}
