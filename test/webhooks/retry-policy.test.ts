import t from 'tap';
import { nextAttemptDelayMs, retryAfterSeconds } from '../../src/webhooks/retry-policy.ts';

const schedule = [30, 120, 600, 1800, 7200, 21600];

t.test('the schedule with ±20% jitter, then failed', async (t) => {
  for (const [i, base] of schedule.entries()) {
    t.equal(
      nextAttemptDelayMs(i + 1, schedule, undefined, 3600, () => 0),
      base * 800,
      `attempt ${i + 1}: low end`,
    );
    t.equal(
      nextAttemptDelayMs(i + 1, schedule, undefined, 3600, () => 0.999999),
      Math.round(base * 1000 * (0.8 + 0.4 * 0.999999)),
      `attempt ${i + 1}: high end`,
    );
  }
  const seen = new Set(Array.from({ length: 50 }, () => nextAttemptDelayMs(1, schedule, undefined, 3600)));
  t.ok(seen.size > 1, 'the default random source jitters');
  for (const d of seen) t.ok(d! >= 24_000 && d! <= 36_000);
  t.equal(nextAttemptDelayMs(7, schedule, undefined, 3600), null, '7 attempts in all');
  t.equal(nextAttemptDelayMs(7, schedule, '10', 3600), null, 'Retry-After does not add attempts');
});

t.test('Retry-After is honoured when longer, within the bound', async (t) => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  t.equal(
    nextAttemptDelayMs(1, schedule, '90', 3600, () => 0.5, now),
    90_000,
  );
  t.equal(
    nextAttemptDelayMs(1, schedule, '5', 3600, () => 0.5, now),
    30_000,
    'a shorter Retry-After keeps the schedule',
  );
  t.equal(
    nextAttemptDelayMs(1, schedule, '86400000', 3600, () => 0.5, now),
    3_600_000,
    'capped at the maximum',
  );
  t.equal(
    nextAttemptDelayMs(1, schedule, 'Sun, 22 Nov 2026 12:02:00 GMT', 3600, () => 0.5, now),
    120_000,
    'an HTTP date',
  );
  t.equal(
    nextAttemptDelayMs(1, schedule, 'Mon, 22 Nov 2027 12:00:00 GMT', 3600, () => 0.5, now),
    3_600_000,
    'a far date is capped too',
  );
  for (const junk of ['soon', '-5', 'Infinity', '']) t.equal(retryAfterSeconds(junk, now), 0, JSON.stringify(junk));
});
