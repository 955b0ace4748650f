/**
 * Time in the simulated world: the campaign window, the years of history before it, and when people and scripts
 * act. People act in their waking hours in their own time zone (evenings busiest, few at 3-6 a.m.); scripts act
 * at any hour. Solana produces a block every ~400 ms, so block times are whole seconds shared by several slots.
 */
import type { Rng } from './rng.ts';

export const HOUR = 3600;
export const DAY = 86400;

/** Relative activity of a person per local hour (0-23): a late morning rise and an evening peak. */
const HOURLY = [3, 2, 1.2, 0.7, 0.5, 0.6, 1.2, 2.2, 3.2, 4.2, 4.8, 5, 5.2, 5, 4.9, 5, 5.2, 5.6, 6, 6.6, 7, 7, 6.2, 4.6];

/** Where Solana users live (UTC offset in hours) and how many of them, roughly. */
const ZONES: Array<[number, number]> = [
  [-8, 9], // US west
  [-5, 14], // US east
  [-3, 5], // Brazil, Argentina
  [0, 7], // UK, Portugal, West Africa
  [1, 15], // central Europe, Nigeria
  [2, 4], // eastern Europe
  [3, 6], // Turkey, Russia west
  [5.5, 7], // India
  [7, 10], // Vietnam, Thailand, Indonesia
  [8, 12], // China, Singapore, Philippines
  [9, 7], // Korea, Japan
  [10, 2], // Australia east
];

/**
 * Where farm operators work from: the same places, weighted towards where airdrop farming is a trade (East and
 * Southeast Asia, Eastern Europe, Turkey, India, Nigeria).
 */
const OPERATOR_ZONES: Array<[number, number]> = [
  [-5, 4],
  [0, 2],
  [1, 6],
  [2, 6],
  [3, 10],
  [5.5, 8],
  [7, 16],
  [8, 22],
  [9, 4],
];

export class Clock {
  /** Campaign window [start, end) in unix seconds. */
  readonly start: number;
  readonly end: number;
  /** The earliest history a listed wallet can have (about three years before the window). */
  readonly historyStart: number;

  constructor(private readonly rng: Rng) {
    // a window starting on a day between June 2024 and September 2025, four to eight weeks long
    const first = Date.UTC(2024, 5, 1) / 1000;
    this.start = first + rng.int(0, 456) * DAY + 14 * HOUR;
    this.end = this.start + rng.int(4, 8) * 7 * DAY;
    this.historyStart = this.start - 3 * 365 * DAY;
  }

  zone(): number {
    return ZONES[this.rng.weighted(ZONES.map((z) => z[1]))][0];
  }

  operatorZone(): number {
    return OPERATOR_ZONES[this.rng.weighted(OPERATOR_ZONES.map((z) => z[1]))][0];
  }

  /** A moment on the UTC day containing `t` at a waking local hour in zone `tz`. */
  humanOnDay(t: number, tz: number): number {
    const localDay = Math.floor((t + tz * HOUR) / DAY) * DAY;
    const hour = this.rng.weighted(HOURLY);
    return localDay - tz * HOUR + hour * HOUR + this.rng.int(0, HOUR - 1);
  }

  /** A waking-hours moment in [from, to) in zone `tz` (clamped to the range). */
  human(from: number, to: number, tz: number): number {
    const t = this.humanOnDay(this.rng.range(from, to), tz);
    return Math.min(Math.max(t, from), to - 1);
  }

  /** Any moment in [from, to) (a script). */
  any(from: number, to: number): number {
    return Math.floor(this.rng.range(from, to));
  }

  /** `count` sorted waking-hours moments in [from, to). */
  humanMany(count: number, from: number, to: number, tz: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push(this.human(from, to, tz));
    return out.sort((a, b) => a - b);
  }
}
