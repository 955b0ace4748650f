/**
 * Counts authenticated requests per API key in memory and adds them to storage every few seconds (and at
 * shutdown), so metering costs no write per request. The dashboard shows the counts as "usage this month".
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { addKeyUsage, monthOf } from '../../storage/repos/key-usage-repo.ts';
import type { Logger } from '../core/logger.ts';

export class KeyUsageMeter {
  private counts = new Map<string, number>();
  private month = monthOf(new Date());
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    private readonly intervalMs = 5000,
  ) {}

  count(keyId: string, now = new Date()): void {
    const month = monthOf(now);
    if (month !== this.month) {
      void this.flush();
      this.month = month;
    }
    this.counts.set(keyId, (this.counts.get(keyId) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what was counted so far (serialised: flushes never overlap). */
  async flush(): Promise<void> {
    const counts = this.counts;
    const month = this.month;
    this.counts = new Map();
    this.flushing = this.flushing
      .then(() => addKeyUsage(this.db, month, counts))
      .catch((err) => {
        this.log.warn({ err }, 'key usage not recorded');
      });
    await this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.flush();
  }
}
