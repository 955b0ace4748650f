/**
 * Maps every error to the spec's JSON body {error, code} with the status of its code. Unknown errors become
 * 500 internal_error with the request id; no stack trace ever reaches a client.
 */
import type { Context, Next } from 'koa';
import { isCodedError } from '../core/domain-error.ts';
import { statusForCode } from './error-codes.ts';

interface HttpishError extends Error {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  httpCode?: number;
}

/** formidable's numeric error codes (multipart uploads) that need their own answer. */
const FORMIDABLE_NO_EMPTY_FILES = 1010;
const FORMIDABLE_MAX_FILES_EXCEEDED = 1015;

/** A multipart parsing error of formidable (numeric `code` and `httpCode`) as our code and message, or null. */
function multipartError(err: HttpishError): { code: string; message: string } | null {
  const num = (err as { code?: unknown }).code;
  if (typeof num !== 'number' || typeof err.httpCode !== 'number') return null;
  if (num === FORMIDABLE_MAX_FILES_EXCEEDED)
    return { code: 'validation_failed', message: 'a multipart upload takes exactly one file part: the csvFile' };
  if (num === FORMIDABLE_NO_EMPTY_FILES) return { code: 'invalid_csv', message: 'the uploaded file is empty' };
  if (err.httpCode === 413) return { code: 'payload_too_large', message: 'request body is larger than the limit' };
  if (err.httpCode >= 400 && err.httpCode < 500)
    return { code: 'validation_failed', message: `malformed multipart body: ${err.message}` };
  return null;
}

export function errorMiddleware() {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: `no route for ${ctx.method} ${ctx.path}`, code: 'route_not_found' };
      }
    } catch (raw) {
      const err = raw as HttpishError;
      let code: string;
      let message: string;
      let extra: Record<string, unknown> | undefined;
      const multipart = isCodedError(err) ? null : multipartError(err);
      if (isCodedError(err)) {
        code = err.code;
        message = err.message;
        extra = err.details;
      } else if (multipart) {
        ({ code, message } = multipart);
      } else if (
        err.type === 'entity.too.large' ||
        err.status === 413 ||
        /maxFileSize|maxTotalFileSize|exceeded/i.test(err.message ?? '')
      ) {
        code = 'payload_too_large';
        message = 'request body is larger than the limit';
      } else if (/forbidden prototype property/i.test(err.message ?? '')) {
        // the body parser refuses `__proto__` keys (prototype pollution); the request is the client's fault
        code = 'invalid_json';
        message = 'request body must not contain a "__proto__" key';
      } else if (
        err.type === 'entity.parse.failed' ||
        (err.status === 400 && /JSON|Unexpected token|invalid/i.test(err.message ?? ''))
      ) {
        code = 'invalid_json';
        message = 'request body is not valid JSON';
      } else if (err.type === 'encoding.unsupported' || err.status === 415) {
        code = 'unsupported_media_type';
        message = err.message;
      } else if ((err.status ?? 0) >= 400 && (err.status ?? 0) < 500 && err.expose) {
        code = err.status === 405 ? 'method_not_allowed' : err.status === 404 ? 'route_not_found' : 'validation_failed';
        message = err.message;
      } else {
        code = 'internal_error';
        message = `internal error (request id ${String(ctx.state.requestId ?? '')})`;
        ctx.state.log?.error({ err }, 'unhandled error');
      }
      const status = statusForCode(code);
      ctx.status = status;
      if (typeof extra?.retryAfterSeconds === 'number') ctx.set('Retry-After', String(extra.retryAfterSeconds));
      ctx.body = { error: message, code, ...(extra ?? {}) };
      if (status >= 500 && code !== 'internal_error') ctx.state.log?.warn({ err, code }, 'service error');
    }
  };
}
