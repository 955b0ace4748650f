/**
 * An in-process cache of API keys by prefix, so an authenticated read costs no query for its key. A cached key
 * cannot outlive its revocation by more than KEY_CACHE_TTL_MS in any process: revokeKey announces every revocation
 * (PostgreSQL NOTIFY, delivered at commit to every process that listens), which drops the entry at once; an entry
 * is also never used past its TTL, which bounds what a missed notification can cost, and the whole cache is
 * dropped when the listening connection comes back after a loss. Unknown prefixes are not cached (guessed keys
 * must not fill memory); a lookup that raced an invalidation is not cached either.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { Store } from '../../storage/store-port.ts';
import { findKeyByPrefix, KEY_REVOKED_CHANNEL, type ApiKeyRow } from '../../storage/repos/keys-repo.ts';
import type { Logger } from '../core/logger.ts';

/** Keys held at most; past it the oldest entries go first. */
const MAX_KEYS = 10_000;

/**
 * The caches of this process, by the database they read. A revocation made in this process drops its key here
 * before it returns, so the very next request sees it; the NOTIFY reaches the other processes a moment later.
 */
const cachesByDb = new WeakMap<object, Set<KeyCache>>();

/** Drops key `keyId` from every cache of this process that reads `db`; call it after revoking the key. */
export function forgetRevokedKey(db: Kysely<Database>, keyId: string): void {
  for (const cache of cachesByDb.get(db) ?? []) cache.invalidateKeyId(keyId);
}

export class KeyCache {
  private readonly entries = new Map<string, { row: ApiKeyRow; at: number }>();
  /** Bumped by every invalidation: a lookup that started before one does not store what it read. */
  private generation = 0;
  private unlisten: (() => Promise<void>) | null = null;
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly ttlMs: number,
  ) {
    const caches = cachesByDb.get(db) ?? new Set<KeyCache>();
    caches.add(this);
    cachesByDb.set(db, caches);
  }

  /** Starts following revocations of every process on the store. */
  async listen(store: Store, log: Logger): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.unlisten = await store.listen(
      KEY_REVOKED_CHANNEL,
      (prefix) => this.invalidate(prefix),
      () => {
        log.warn('key revocation channel was lost and is back: key cache cleared');
        this.clear();
      },
    );
  }

  /** The key row of `prefix` (null when there is none), from the cache while its entry is younger than the TTL. */
  async find(prefix: string, now = Date.now()): Promise<ApiKeyRow | null> {
    const e = this.entries.get(prefix);
    if (e && now - e.at < this.ttlMs) {
      this.hits++;
      return e.row;
    }
    this.misses++;
    const generation = this.generation;
    const row = await findKeyByPrefix(this.db, prefix);
    if (row && this.ttlMs > 0 && generation === this.generation) {
      this.entries.delete(prefix);
      if (this.entries.size >= MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(prefix, { row, at: now });
    } else if (!row) this.entries.delete(prefix);
    return row;
  }

  invalidate(prefix: string): void {
    this.generation++;
    this.entries.delete(prefix);
  }

  invalidateKeyId(keyId: string): void {
    this.generation++;
    for (const [prefix, e] of this.entries) if (e.row.id === keyId) this.entries.delete(prefix);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  async close(): Promise<void> {
    cachesByDb.get(this.db)?.delete(this);
    await this.unlisten?.();
    this.unlisten = null;
  }
}
