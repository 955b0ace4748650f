/** The composition root's dependencies handed to handlers through the Koa context (no module singletons). */
import type { Store } from '../storage/store.ts';
import type { Config } from './config/config.ts';
import type { Logger } from './logger.ts';
import type { CursorCodec } from './http/cursor-codec.ts';

export interface Services {
  store: Store;
  config: Config;
  log: Logger;
  cursors: CursorCodec;
  /** Wakes background workers (analysis jobs, webhook deliveries) after new work was committed. */
  wake: () => void;
  /** Extra services registered by feature modules (screening knowledge, engine pool ...). */
  [key: string]: unknown;
}
