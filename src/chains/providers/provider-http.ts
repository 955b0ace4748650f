/**
 * Outgoing JSON requests of one chain data provider: rate limited (p-queue, ratePerSecond requests per second
 * shared by every run of the process), sent through the fail-closed HTTP client (timeouts, size cap, no
 * redirects; private addresses only with CHAIN_PROVIDER_ALLOW_PRIVATE=1), and retried with exponential backoff
 * and jitter on 429, 5xx, timeouts, connection failures and provider-level rate-limit answers. A Retry-After
 * header is honoured (up to CHAIN_FETCH_MAX_RETRY_AFTER_SECONDS) and pauses the whole provider, not one call.
 * The rate limit is a sliding window (p-queue strict mode): never more than ratePerSecond in any second.
 */
import PQueue from 'p-queue';
import { createSafeHttpClient, type SafeHttpClient } from '../../net/safe-http-client.ts';
import { SafeHttpError } from '../../net/safe-http-error.ts';
import { retryAfterSeconds } from '../../webhooks/retry-policy.ts';
import type { ChainFetchConfig } from '../../core/config.ts';
import { ChainProviderError } from './chain-provider-error.ts';

export const PROVIDER_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const RETRYABLE_NET_CODES = new Set(['timeout', 'connection_failed', 'dns_failed']);
const MAX_BACKOFF_MS = 60_000;

/** Says why a well-formed 200 answer must be retried (a rate limit told in the body), or null when it is final. */
export type RetryCheck = (body: unknown) => string | null;

export interface ProviderHttp {
  json(url: string, init: { method: 'GET' | 'POST'; body?: unknown }, retryIf?: RetryCheck): Promise<unknown>;
  /** Requests sent so far (retries included). */
  readonly requests: number;
}

export interface ProviderHttpOptions {
  name: string;
  ratePerSecond: number;
  fetch: ChainFetchConfig;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createProviderHttp(opts: ProviderHttpOptions): ProviderHttp {
  const f = opts.fetch;
  const sleep = opts.sleep ?? defaultSleep;
  const client: SafeHttpClient = createSafeHttpClient({
    allowPrivate: f.allowPrivate,
    timeoutMs: f.timeoutMs,
    maxResponseBytes: PROVIDER_MAX_RESPONSE_BYTES,
    onOversize: 'error',
    userAgent: 'wallet-integrity-chain-data/1',
  });
  const queue = new PQueue({ intervalCap: opts.ratePerSecond, interval: 1000, strict: true });
  let pausedUntil = 0;
  let requests = 0;

  async function attempt(
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    retryIf?: RetryCheck,
  ): Promise<{ body: unknown } | { retry: ChainProviderError | SafeHttpError; waitMs: number }> {
    const wait = pausedUntil - Date.now();
    if (wait > 0) await sleep(wait);
    let res: Awaited<ReturnType<typeof client.request>>;
    try {
      res = await queue.add(() => {
        requests++;
        return client.request(
          url,
          init.body === undefined
            ? { method: init.method, headers: { accept: 'application/json' } }
            : {
                method: init.method,
                headers: { accept: 'application/json', 'content-type': 'application/json' },
                body: JSON.stringify(init.body),
              },
        );
      });
    } catch (err) {
      if (err instanceof SafeHttpError && RETRYABLE_NET_CODES.has(err.code)) return { retry: err, waitMs: 0 };
      throw err;
    }
    if (res.status === 429 || res.status >= 500) {
      const waitMs = Math.min(retryAfterSeconds(res.headers['retry-after']), f.maxRetryAfterSeconds) * 1000;
      return {
        retry: new ChainProviderError(
          res.status === 429 ? 'provider_rate_limited' : 'provider_unavailable',
          `${opts.name} answered HTTP ${res.status}`,
          { status: res.status },
        ),
        waitMs,
      };
    }
    if (res.status !== 200)
      throw new ChainProviderError('provider_error', `${opts.name} answered HTTP ${res.status}`, {
        status: res.status,
      });
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new ChainProviderError('provider_bad_response', `${opts.name} answered with a body that is not JSON`);
    }
    const why = retryIf?.(body);
    if (why) return { retry: new ChainProviderError('provider_rate_limited', `${opts.name}: ${why}`), waitMs: 0 };
    return { body };
  }

  return {
    get requests() {
      return requests;
    },
    async json(url, init, retryIf) {
      for (let n = 0; ; n++) {
        const r = await attempt(url, init, retryIf);
        if ('body' in r) return r.body;
        if (n >= f.maxRetries) throw r.retry;
        const backoff = Math.min(MAX_BACKOFF_MS, f.backoffMs * 2 ** n) * (0.75 + 0.5 * Math.random());
        const delay = Math.max(backoff, r.waitMs);
        if (r.waitMs > 0) pausedUntil = Math.max(pausedUntil, Date.now() + r.waitMs);
        await sleep(delay);
      }
    },
  };
}
