/**
 * Legitimate users of the second blind campaign (docs/blind-campaigns-2.md). They share exchanges, bridges,
 * routers, collections and the campaign's contracts; many are tied to one another by ordinary life: families,
 * one person's 2-3 wallets, a DAO's payroll, a grant round paid in one Disperse transaction, a wallet app's batched
 * onboarding, friends paying friends.
 */
import type { Infra } from './infra.ts';
import { DAY, HOUR, SNAPSHOT, type World } from './world.ts';

/** Shares of the legitimate wallets, fixed before any run. */
export const LEGIT_SHARES = [
  ['cex_user', 0.2],
  ['defi_user', 0.12],
  ['bridge_user', 0.08],
  ['nft_user', 0.07],
  ['power_user', 0.05],
  ['payroll', 0.06],
  ['grant', 0.03],
  ['family', 0.07],
  ['own_wallets', 0.06],
  ['faucet_user', 0.04],
  ['airdrop_claimer', 0.07],
  ['app_onboarded', 0.07],
  ['casual', 0.08],
] as const;
export const BLIND2_LEGIT_PATTERNS = LEGIT_SHARES.map(([p]) => p);

type Pattern = (typeof LEGIT_SHARES)[number][0];

export class LegitUsers {
  readonly wallets: string[] = [];

  constructor(
    private readonly w: World,
    private readonly infra: Infra,
  ) {}

  /** `n` legitimate wallets, pattern by pattern (groups are filled whole, the last one may be cut). */
  build(n: number): void {
    for (const [p, share] of LEGIT_SHARES) {
      const quota = p === 'casual' ? n - this.wallets.length : Math.round(n * share);
      const goal = this.wallets.length + quota;
      while (this.wallets.length < goal) this.group(p, goal - this.wallets.length);
    }
    this.friendPayments();
  }

  private listed(p: Pattern): string {
    const a = this.w.listed('legit', p);
    this.wallets.push(a);
    return a;
  }

  /** A start of activity: most users arrive during the 300 days before the snapshot. */
  private start(): number {
    return SNAPSHOT - this.w.uni(10, 300) * DAY;
  }
  private between(a: number, b = SNAPSHOT - DAY): number {
    return this.w.uni(a, Math.max(a + HOUR, b));
  }

  /** Everyday actions plus the campaign's tasks, which every listed wallet did at least once. */
  private live(who: string, from: number, actions: number): void {
    for (let i = 0; i < actions; i++) this.infra.anyAction(who, this.between(from));
    const tasks = this.w.int(1, 6);
    for (let i = 0; i < tasks; i++) this.infra.task(who, this.between(Math.max(from, SNAPSHOT - 120 * DAY)));
  }

  private cexFund(who: string, from: number, times: number): number {
    const ex = this.infra.exchange();
    for (let i = 0; i < times; i++) {
      const t = i === 0 ? from : this.between(from);
      this.infra.withdraw(
        this.w.chance(0.8) ? ex : this.infra.exchange(),
        who,
        t,
        this.w.pick([0.05, 0.1, 0.2, 0.5, 1]),
      );
    }
    return ex;
  }

  private group(p: Pattern, room: number): void {
    const builders: Record<Pattern, (room: number) => void> = {
      cex_user: () => this.cexUser(),
      defi_user: () => this.defiUser(),
      bridge_user: () => this.bridgeUser(),
      nft_user: () => this.nftUser(),
      power_user: () => this.powerUser(),
      payroll: (r) => this.payroll(r),
      grant: (r) => this.grant(r),
      family: (r) => this.family(r),
      own_wallets: (r) => this.ownWallets(r),
      faucet_user: () => this.faucetUser(),
      airdrop_claimer: () => this.airdropClaimer(),
      app_onboarded: (r) => this.appOnboarded(r),
      casual: () => this.casual(),
    };
    builders[p](room);
  }

  private cexUser(): void {
    const a = this.listed('cex_user');
    const s = this.start();
    const ex = this.cexFund(a, s, this.w.int(1, 6));
    this.live(a, s + HOUR, this.w.int(2, 12));
    const back = this.w.int(0, 3);
    for (let i = 0; i < back; i++) this.infra.deposit(a, ex, this.between(s), this.w.logUni(0.01, 0.5), 'ETH');
  }

  private defiUser(): void {
    const a = this.listed('defi_user');
    const s = this.start();
    if (this.w.chance(0.6)) this.cexFund(a, s, this.w.int(1, 3));
    else this.infra.bridgeIn(a, s, this.w.logUni(0.05, 5));
    this.live(a, s + HOUR, this.w.int(1, 5));
    const n = this.w.int(2, 12);
    for (let i = 0; i < n; i++)
      this.w.chance(0.6) ? this.infra.swap(a, this.between(s)) : this.infra.lend(a, this.between(s));
  }

  private bridgeUser(): void {
    const a = this.listed('bridge_user');
    const s = this.start();
    const n = this.w.int(1, 4);
    for (let i = 0; i < n; i++) this.infra.bridgeIn(a, i === 0 ? s : this.between(s), this.w.logUni(0.01, 2));
    this.live(a, s + HOUR, this.w.int(2, 15));
    if (this.w.chance(0.5)) this.infra.bridgeOut(a, this.between(s), this.w.logUni(0.01, 1));
  }

  private nftUser(): void {
    const a = this.listed('nft_user');
    const s = this.start();
    this.cexFund(a, s, this.w.int(1, 4));
    this.live(a, s + HOUR, this.w.int(1, 6));
    const n = this.w.int(3, 20);
    for (let i = 0; i < n; i++)
      this.w.chance(0.5) ? this.infra.mint(a, this.between(s)) : this.infra.market(a, this.between(s));
  }

  /** Active over one to three years: many exchanges and contracts. */
  private powerUser(): void {
    const a = this.listed('power_user');
    const s = SNAPSHOT - this.w.uni(400, 1100) * DAY;
    this.cexFund(a, s, this.w.int(5, 20));
    this.infra.bridgeIn(a, this.between(s), this.w.logUni(0.1, 10));
    this.live(a, s + HOUR, this.w.int(20, 60));
    const d = this.w.int(2, 10);
    for (let i = 0; i < d; i++)
      this.infra.deposit(a, this.infra.exchange(), this.between(s), this.w.logUni(0.05, 5), 'ETH');
  }

  /** A DAO multisig (unlisted) pays its contributors monthly, directly or through a stream. */
  private payroll(room: number): void {
    const size = Math.min(room, Math.round(this.w.logUni(3, 40)));
    const dao = this.w.addr();
    const treasury = this.w.addr();
    const viaStream = this.w.chance(0.3);
    const s = SNAPSHOT - this.w.uni(60, 330) * DAY;
    const day = this.w.uni(0, 27);
    for (let m = 0; s + m * 30 * DAY < SNAPSHOT; m += 3) this.w.pay(treasury, dao, s + m * 30 * DAY, 200_000, 'USDC');
    for (let i = 0; i < size; i++) {
      const a = this.listed('payroll');
      const salary = this.w.pick([2500, 3000, 4000, 5000, 6000, 8000]);
      const joined = s + this.w.uni(0, 60) * DAY;
      for (let t = joined + day * DAY; t < SNAPSHOT; t += 30 * DAY) {
        if (viaStream)
          this.w.pay(this.infra.stream, a, t + this.w.uni(0, 20) * DAY, salary * this.w.uni(0.5, 1.5), 'USDC');
        else this.w.pay(dao, a, t + this.w.uni(0, 2) * HOUR, salary, 'USDC');
        if (this.w.chance(0.5)) this.infra.deposit(a, this.exOf(a), t + this.w.uni(1, 5) * DAY, salary * 0.5, 'USDC');
      }
      this.live(a, joined, this.w.int(2, 20));
    }
  }

  private exOf(a: string): number {
    return Number.parseInt(a.slice(2, 4), 16) % 3;
  }

  /** A grant round pays its recipients in one Disperse transaction, in a few tiers of equal amounts. */
  private grant(room: number): void {
    const size = Math.min(room, this.w.int(15, 120));
    const program = this.w.addr();
    const rounds = this.w.int(1, 3);
    const members = Array.from({ length: size }, () => this.listed('grant'));
    for (let r = 0; r < rounds; r++) {
      const t = SNAPSHOT - this.w.uni(20, 250) * DAY;
      const tx = this.w.pay(program, this.infra.disperse, t, 50_000, 'USDC');
      for (const a of members)
        if (r === 0 || this.w.chance(0.5)) this.w.pay(program, a, t, this.w.pick([500, 1000, 2500, 5000]), 'USDC', tx);
    }
    for (const a of members) {
      if (this.w.chance(0.6)) this.cexFund(a, this.start(), this.w.int(1, 2));
      this.live(a, this.start(), this.w.int(2, 15));
    }
  }

  /** A family or circle of friends: one (often unlisted) elder funds the others, who pay each other. */
  private family(room: number): void {
    const size = Math.min(room, this.w.int(2, 6));
    const elder = this.w.chance(0.4) ? this.w.addr() : null;
    const members = Array.from({ length: size }, () => this.listed('family'));
    const head = elder ?? members[0];
    const s = this.start();
    this.cexFund(head, s, this.w.int(2, 8));
    for (const a of members) {
      if (a !== head) {
        const n = this.w.int(1, 4);
        for (let i = 0; i < n; i++)
          this.w.pay(head, a, this.between(s), this.w.pick([0.01, 0.02, 0.05, 0.1, 0.25]), 'ETH');
      }
      if (this.w.chance(0.5)) this.cexFund(a, this.between(s), this.w.int(1, 3));
      this.live(a, s + DAY, this.w.int(2, 20));
      const to = this.w.pick(members);
      if (to !== a && this.w.chance(0.6)) this.w.pay(a, to, this.between(s), this.w.logUni(5, 300), 'USDC');
    }
  }

  /** One person's 2-3 wallets: the main one funds the others and collects from them; they act on the same days. */
  private ownWallets(room: number): void {
    const size = Math.min(room, this.w.int(2, 3));
    const ws = Array.from({ length: size }, () => this.listed('own_wallets'));
    const s = this.start();
    this.cexFund(ws[0], s, this.w.int(2, 6));
    const days = Array.from({ length: this.w.int(2, 6) }, () => this.between(s + DAY));
    for (const a of ws.slice(1)) {
      this.w.pay(ws[0], a, s + this.w.uni(1, 48) * HOUR, this.w.pick([0.01, 0.02, 0.05, 0.1]), 'ETH');
      if (this.w.chance(0.6)) this.w.pay(a, ws[0], this.between(s + 2 * DAY), this.w.logUni(0.005, 0.05), 'ETH');
    }
    for (const a of ws) {
      for (const d of days) this.infra.task(a, d + this.w.uni(0, 3) * HOUR);
      this.live(a, s + DAY, this.w.int(2, 15));
    }
  }

  private faucetUser(): void {
    const a = this.listed('faucet_user');
    const s = this.start();
    this.infra.refuel(a, s);
    if (this.w.chance(0.3)) this.infra.refuel(a, this.between(s));
    this.live(a, s + HOUR, this.w.int(1, 6));
  }

  private airdropClaimer(): void {
    const a = this.listed('airdrop_claimer');
    const s = this.start();
    const ex = this.cexFund(a, s, this.w.int(1, 3));
    this.live(a, s + HOUR, this.w.int(2, 12));
    const n = this.w.int(1, 3);
    for (let i = 0; i < n; i++) {
      const tok = this.w.int(0, 2);
      const t = this.between(s);
      const amt = this.infra.claim(a, t, tok);
      if (this.w.chance(0.4)) this.infra.deposit(a, ex, t + this.w.uni(0.1, 30) * DAY, amt, `TK${'ABC'[tok]}`);
    }
  }

  /** A wallet app onboards new users with a gas drop, many per transaction, all for the same amount. */
  private appOnboarded(room: number): void {
    const size = Math.min(room, this.w.int(30, 400));
    const relayer = this.w.addr();
    const s = SNAPSHOT - this.w.uni(30, 300) * DAY;
    let tx = '';
    let t = s;
    for (let i = 0; i < size; i++) {
      if (i % this.w.int(4, 30) === 0) {
        t += this.w.uni(0.5, 40) * HOUR;
        tx = this.w.txHash();
      }
      const a = this.listed('app_onboarded');
      this.w.pay(relayer, a, t, 0.0008, 'ETH', tx);
      if (this.w.chance(0.5)) this.cexFund(a, t + this.w.uni(1, 20) * DAY, this.w.int(1, 2));
      this.live(a, t + HOUR, this.w.int(1, 10));
    }
  }

  private casual(): void {
    const a = this.listed('casual');
    const s = this.start();
    if (this.w.chance(0.8)) this.cexFund(a, s, 1);
    else this.w.pay(this.w.addr(), a, s, this.w.pick([0.01, 0.02, 0.05]), 'ETH');
    this.live(a, s + HOUR, this.w.int(0, 4));
  }

  /** Friends pay friends: a tenth of users send 1-3 payments to other listed users. */
  private friendPayments(): void {
    const n = this.wallets.length;
    for (let i = 0; i < Math.round(n * 0.1); i++) {
      const a = this.w.pick(this.wallets);
      const k = this.w.int(1, 3);
      for (let j = 0; j < k; j++) {
        const b = this.w.pick(this.wallets);
        if (b === a) continue;
        if (this.w.chance(0.5)) this.w.pay(a, b, this.between(SNAPSHOT - 300 * DAY), this.w.logUni(5, 500), 'USDC');
        else this.w.pay(a, b, this.between(SNAPSHOT - 300 * DAY), this.w.logUni(0.005, 0.3), 'ETH');
      }
    }
  }
}
