/**
 * Sybil farms of the second blind campaign (docs/blind-campaigns-2.md): shapes taken from public write-ups of how
 * airdrop farmers hide (exchange sub-accounts, peel chains of fresh addresses, bridging in, smart-wallet factories,
 * farms that behave like users, Disperse for part only, sweeps to an exchange deposit address, aged sleepers,
 * randomised delays and amounts, wallet-to-wallet relays) and two built to leave no on-chain link at all.
 */
import { TOKENS, type Collection, type Infra } from './infra.ts';
import { DAY, HOUR, SNAPSHOT, type World } from './world.ts';

export const BLIND2_FARM_TYPES = [
  'cex_subaccounts',
  'hop_chain',
  'cross_chain',
  'scw_factory',
  'interleaved',
  'partial_disperse',
  'cex_sweep',
  'sleeper',
  'random_delay',
  'relay_chain',
  'nolink_cex',
  'nolink_bridge',
] as const;
export type Blind2FarmType = (typeof BLIND2_FARM_TYPES)[number];

/** What every wallet of a farm does: the same few contracts, as a farming script would. */
interface Script {
  router: string;
  collection: Collection;
  tasks: string[];
  token: number;
  steps: number;
  /** Hours between a wallet's steps: small for a bot in lockstep, days for a randomised one. */
  gapHours: [number, number];
}

export class Farm {
  readonly wallets: string[] = [];
  readonly script: Script;
  /** When the farm works: its wallets are funded from `start`, its script runs after. */
  readonly start: number;

  constructor(
    private readonly w: World,
    private readonly infra: Infra,
    readonly type: Blind2FarmType,
    readonly group: string,
    size: number,
    /** The legitimate wallets, whom farms that mix with users pay and are paid by. */
    readonly people: readonly string[],
  ) {
    for (let i = 0; i < size; i++) this.wallets.push(w.listed('farm', type, group));
    const slow = type === 'random_delay' || type === 'interleaved' || type.startsWith('nolink_');
    this.script = {
      router: w.pick(infra.routers),
      collection: infra.popularCollection(),
      tasks: w.shuffle([...infra.protocol]).slice(0, w.int(1, 3)),
      token: w.int(0, TOKENS.length - 1),
      steps: w.int(3, 7),
      gapHours: slow ? [12, 20 * 24] : [0.05, w.pick([0.5, 6, 48])],
    };
    this.start = SNAPSHOT - (type === 'sleeper' ? w.uni(240, 380) : w.uni(25, 150)) * DAY;
  }

  /** Funding ends by the middle of the farm's time before the snapshot, so its wallets have time to work. */
  get fundBy(): number {
    return this.start + (SNAPSHOT - 5 * DAY - this.start) / 2;
  }

  /** A funding time: within `days` of the start, and before `fundBy`. */
  when(days: number): number {
    return this.start + this.w.uni(0, Math.min(days * DAY, this.fundBy - this.start));
  }

  /** The gap between `count` funding rounds run one after another: at most `maxHours`, all done by `fundBy`. */
  gap(count: number, maxHours: number): number {
    return Math.min(maxHours * HOUR, (this.fundBy - this.start) / Math.max(1, count)) * this.w.uni(0.5, 1.5);
  }

  /** The farm's script for one wallet from `t`; returns when it ended. */
  run(who: string, t: number): number {
    const s = this.script;
    let time = t;
    for (let i = 0; i < s.steps; i++) {
      time += this.w.uni(s.gapHours[0], s.gapHours[1]) * HOUR;
      if (time > SNAPSHOT - 2 * DAY) break;
      const k = i % 4;
      if (k === 0) this.infra.task(who, time, this.w.pick(s.tasks));
      else if (k === 1) this.infra.swap(who, time, s.router, 0.1);
      else if (k === 2) this.infra.mint(who, time, s.collection);
      else this.infra.task(who, time, this.w.pick(s.tasks));
    }
    return Math.min(time, SNAPSHOT - 2 * DAY);
  }

  /** A claim of the farm's past airdrop, then its tokens sent on to `to`. */
  claimTo(who: string, t: number, to: string): void {
    const amount = this.infra.claim(who, t, this.script.token);
    this.w.pay(who, to, t + this.w.uni(0.05, 72) * HOUR, amount, TOKENS[this.script.token]);
  }

  /** An operator address funded by an exchange withdrawal, as most farmers start. */
  operator(t: number): string {
    const o = this.w.addr();
    this.infra.withdraw(this.infra.exchange(), o, t - this.w.uni(1, 20) * DAY, this.w.pick([2, 5, 10, 20]));
    return o;
  }

  jitter(x: number, spread: number): number {
    return x * this.w.uni(1 - spread, 1 + spread);
  }
}
