/**
 * How much of a busy hub's burstiness its own rate explains (hubs by role, wallet-graph.ts classifyFunders). A hub
 * whose transfers with listed wallets mostly come in bursts (BURST_MIN within BURST_GAP_SECONDS) is a farm's funder,
 * unless its rate alone makes such bursts: a router or hot wallet used by tens of thousands of listed users meets
 * five of them within minutes all day long. The rate is not flat: the campaign's users are busy on some days (a
 * launch, a task window, a market day) and quiet on others, and a service's use follows them. So the chance share
 * spreads the hub's payment times (distinct seconds: one batch is one payment) over the days in proportion to the
 * campaign's OTHER timed activity (every transfer touching a listed wallet, less the hub's own), a Poisson process
 * per day. A farm's script does not follow the campaign's activity: its bursts stay beyond chance. Without any
 * other timed activity the days are weighted evenly over the input's span (the earlier model).
 */
import type { EngineInput } from './types.ts';

export const BURST_GAP_SECONDS = 300;
export const BURST_MIN = 5;
const DAY_SECONDS = 86_400;

/**
 * Timed transfers touching a listed wallet, per day (day index from the input's first block time; only days with
 * any, so one wild block time costs one entry, not an array as long as the span), and the span in seconds.
 */
export interface ActivityProfile {
  start: number;
  span: number;
  /** [day, transfers] in ascending days: sums over them do not depend on the input's order. */
  perDay: Array<[number, number]>;
  total: number;
}

export function activityProfile(listed: Uint8Array, transfers: EngineInput['transfers']): ActivityProfile | null {
  const { from, to, blockTime } = transfers;
  if (!blockTime) return null;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < blockTime.length; i++) {
    const t = blockTime[i];
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  if (!(hi >= lo) || !Number.isFinite(hi - lo)) return null;
  const perDay = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < from.length; i++) {
    const t = blockTime[i];
    if (Number.isNaN(t) || (!listed[from[i]] && !listed[to[i]])) continue;
    const d = Math.floor((t - lo) / DAY_SECONDS);
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
    total++;
  }
  return { start: lo, span: hi - lo, perDay: [...perDay].sort((a, b) => a[0] - b[0]), total };
}

/**
 * The share of a payment stream at `perSecond` payments a second that falls in runs of BURST_MIN or more: each gap
 * is short with probability p = 1 - e^(-rate·gap), and a payment is in such a run when the short gaps on its two
 * sides add up to BURST_MIN - 1: 1 - (1-p)² Σ_{k<BURST_MIN-1} (k+1)·p^k.
 */
function poissonBurstShare(perSecond: number): number {
  const p = 1 - Math.exp(-perSecond * BURST_GAP_SECONDS);
  let within = 0;
  for (let k = 0; k < BURST_MIN - 1; k++) within += (k + 1) * p ** k;
  return Math.max(0, 1 - (1 - p) ** 2 * within);
}

/**
 * The share of the hub's timed transfers `list` (indexes into the transfer arrays) that would fall in bursts by
 * chance if its payment times followed the campaign's other activity day by day (module comment). No constant of
 * its own but the day; 0 with fewer than BURST_MIN payment times or no times at all.
 */
export function chanceBurstShare(list: number[], blockTime: Float64Array, profile: ActivityProfile | null): number {
  if (!profile) return 0;
  const seconds = new Set<number>();
  const own = new Map<number, number>(); // the hub's transfers per day, to leave out of the campaign's
  for (const i of list) {
    const t = blockTime[i];
    if (Number.isNaN(t)) continue;
    seconds.add(Math.floor(t));
    const d = Math.floor((t - profile.start) / DAY_SECONDS);
    own.set(d, (own.get(d) ?? 0) + 1);
  }
  if (seconds.size < BURST_MIN) return 0;
  let others = profile.total;
  for (const c of own.values()) others -= c;
  if (others <= 0)
    return poissonBurstShare(seconds.size / ((Math.floor(profile.span / DAY_SECONDS) + 1) * DAY_SECONDS));
  let share = 0;
  for (const [d, count] of profile.perDay) {
    const weight = (count - (own.get(d) ?? 0)) / others;
    if (weight > 0) share += weight * poissonBurstShare((seconds.size * weight) / DAY_SECONDS);
  }
  return share;
}
