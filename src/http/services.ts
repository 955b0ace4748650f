/** The composition root's dependencies handed to handlers through the Koa context (no module singletons). */
import type { WorkerDeps } from '../core/background-worker.ts';
import type { KeyUsageMeter } from '../access/key-usage-meter.ts';
import type { KeyCache } from '../access/key-cache.ts';
import type { KnowledgeCache } from '../screening/service/knowledge-cache.ts';
import type { PageFetcher } from '../screening/service/page-fetcher.ts';
import type { AddressHistorySource } from '../screening/wallet/wallet-behaviour.ts';
import type { CursorCodec } from './cursor-codec.ts';
import type { FixedWindowLimiter } from './rate-limiter.ts';

/** What v1 screening keeps between requests: the list knowledge, the page fetcher and the feedback rate limit. */
export interface ScreeningServices {
  knowledge: KnowledgeCache;
  fetchPage: PageFetcher;
  /** Chain data for wallet behaviour (the analysis runs' chain providers); undefined when none is configured. */
  addressHistory?: AddressHistorySource;
  feedbackLimiter: FixedWindowLimiter;
}

export interface Services extends WorkerDeps {
  cursors: CursorCodec;
  /** Counts requests per key (dashboard usage page); flushed in batches. */
  keyUsage: KeyUsageMeter;
  /** API keys by prefix, dropped on revocation in any process (at the latest after KEY_CACHE_TTL_MS). */
  keyCache: KeyCache;
  screening: ScreeningServices;
}
