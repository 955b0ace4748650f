/**
 * Retry schedule of failed delivery attempts: the configured delays (default 30 s, 2 min, 10 min, 30 min, 2 h,
 * 6 h: seven attempts in all) with ±20% jitter. A Retry-After header (seconds or HTTP date) is honoured when it
 * asks for longer, up to WEBHOOK_MAX_RETRY_AFTER_SECONDS.
 */
export function nextAttemptDelayMs(
  attemptsMade: number,
  schedule: readonly number[],
  retryAfter: string | undefined,
  maxRetryAfterSeconds: number,
  rng: () => number = Math.random,
  now = Date.now(),
): number | null {
  if (attemptsMade > schedule.length) return null;
  const base = schedule[attemptsMade - 1] * 1000;
  let delay = base * (0.8 + 0.4 * rng());
  const seconds = retryAfterSeconds(retryAfter, now);
  if (seconds > 0) delay = Math.max(delay, Math.min(seconds, maxRetryAfterSeconds) * 1000);
  return Math.round(delay);
}

/** A Retry-After header (delay seconds or an HTTP date) in seconds from `now`; 0 when absent or unreadable. */
export function retryAfterSeconds(retryAfter: string | undefined, now = Date.now()): number {
  if (!retryAfter) return 0;
  let seconds = Number(retryAfter);
  if (!Number.isFinite(seconds)) {
    const t = Date.parse(retryAfter);
    seconds = Number.isNaN(t) ? 0 : (t - now) / 1000;
  }
  return Math.max(0, seconds);
}
