/** The composition root's dependencies handed to handlers through the Koa context (no module singletons). */
import type { WorkerDeps } from '../core/background-worker.ts';
import type { KeyUsageMeter } from '../access/key-usage-meter.ts';
import type { KnowledgeCache } from '../screening/service/knowledge-cache.ts';
import type { PageFetcher } from '../screening/service/page-fetcher.ts';
import type { CursorCodec } from './cursor-codec.ts';
import type { FixedWindowLimiter } from './rate-limiter.ts';

/** What v1 screening keeps between requests: the list knowledge, the page fetcher and the feedback rate limit. */
export interface ScreeningServices {
  knowledge: KnowledgeCache;
  fetchPage: PageFetcher;
  feedbackLimiter: FixedWindowLimiter;
}

export interface Services extends WorkerDeps {
  cursors: CursorCodec;
  /** Counts requests per key (dashboard usage page); flushed in batches. */
  keyUsage: KeyUsageMeter;
  screening: ScreeningServices;
}
