/**
 * A bounded in-memory cache of serialised JSON responses that can never change: pages of a completed run's stored
 * results (runs are immutable once completed, and reads never recompute). Keyed by owner and URL, so ownership
 * checked on the first read still holds; evicts least recently used entries past its byte budget. Each entry keeps
 * a strong ETag, so clients can revalidate with If-None-Match.
 */
import { createHash } from 'node:crypto';

export interface CachedResponse {
  /** JSON text, or its UTF-8 bytes as the handler built them (json-text.ts). */
  body: string | Buffer;
  etag: string;
  headers: Record<string, string>;
}

export class ReadCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedResponse | undefined {
    const e = this.entries.get(key);
    if (e) {
      this.entries.delete(key);
      this.entries.set(key, e);
      this.hits++;
    } else this.misses++;
    return e;
  }

  set(key: string, body: string | Buffer, headers: Record<string, string>): CachedResponse {
    const entry = { body, headers, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (this.maxBytes <= 0 || body.length > this.maxBytes / 8) return entry;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
    return entry;
  }

  /** False when the budget is zero (READ_CACHE_MB=0): nothing is stored. */
  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
