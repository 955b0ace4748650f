/**
 * Passive page fetch for URL screening through the same fail-closed client as webhooks: DNS validated and pinned,
 * no redirects followed (reported instead), 2 MiB and 8 s limits, no scripts ever run.
 */
import type { Config } from '../../core/config.ts';
import type { FetchedPage } from '../scan.ts';
import { DomainError } from '../../core/domain-error.ts';
import { allowsPrivate } from '../../net/outgoing-policy.ts';
import type { SafeHttpClient, SafeHttpOptions } from '../../net/safe-http-client.ts';

export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 8000;

/** Fetches a page for screening through the fail-closed client (size and time limits). */
export type PageFetcher = (url: string) => Promise<FetchedPage>;

export function createPageFetcher(config: Config): PageFetcher {
  let client: SafeHttpClient | null = null;
  const options: SafeHttpOptions = {
    allowPrivate: allowsPrivate(config, 'scan'),
    allowHttp: true,
    timeoutMs: PAGE_TIMEOUT_MS,
    maxResponseBytes: PAGE_MAX_BYTES,
    onOversize: 'truncate',
    userAgent: 'Mozilla/5.0 (compatible; wallet-integrity-screening/1)',
  };
  return async (url: string): Promise<FetchedPage> => {
    try {
      client ??= (await import('../../net/safe-http-client.ts')).createSafeHttpClient(options);
      const res = await client.request(url, {
        method: 'GET',
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      });
      return {
        status: res.status,
        headers: res.headers,
        body: res.body.toString('utf8'),
        bytes: res.bytes,
        truncated: res.truncated,
        ...(res.redirectLocation ? { redirectLocation: res.redirectLocation } : {}),
      };
    } catch (err) {
      const code = err instanceof DomainError ? err.code : 'fetch_failed';
      return {
        status: 0,
        headers: {},
        body: '',
        bytes: 0,
        truncated: false,
        error: `${code}: ${(err as Error).message}`,
      };
    }
  };
}
