/**
 * A seeded campaign simulator (docs/simulated-campaigns.md): legitimate users and Sybil farms of the shapes the
 * engine must tell apart, as engine input plus a truth table. Legitimate patterns share exchanges (labelled), an
 * unlabelled hot wallet, routers and NFT contracts (labelled) and unlabelled popular counterparties, payroll
 * multisigs and families, and pay each other now and then. Farms of 3 to several thousand wallets are funded by
 * stars, Disperse-style batches, chains, trees or co-timed exchange withdrawals, some sweep to a collector, some
 * act in lockstep, and one type leaves no on-chain link at all. Only what an import of the wallet list would load
 * is emitted (see docs/data-import.md: transfers touching a wallet, and those of small intermediaries).
 */
import { createHash } from 'node:crypto';
import type { EngineInput } from '../../engine/index.ts';
import { simInput } from './engine-input.ts';
import { seededRng } from '../../engine/rng.ts';

export const FARM_TYPES = ['star', 'batch', 'chain', 'tree', 'exchange_routed', 'large_batch', 'no_link'] as const;
export const LEGIT_PATTERNS = ['exchange_user', 'hot_wallet_user', 'payroll', 'family'] as const;
/** Shapes of the world variant (docs/simulated-campaigns.md, "World shapes"). */
export const WORLD_FARM_TYPES = ['slow_star', 'deep_tree', 'sweep_only'] as const;
export const WORLD_LEGIT_PATTERNS = ['batched_withdrawal', 'grant_payout'] as const;
/** Farm types built to leave no on-chain link: excluded from the per-type recall goal. */
export const UNLINKED_FARM_TYPES = new Set(['no_link']);

export interface TruthRow {
  address: string;
  /** 'farm' or 'legit'. */
  role: 'farm' | 'legit';
  /** Farm type or legitimate pattern. */
  pattern: string;
  /** Farm id ('' for legitimate wallets). */
  group: string;
}

export interface SimOptions {
  seed: number;
  legitWallets?: number;
  /** Number of farms (types drawn in turn, sizes log-uniform). */
  farms?: number;
  /**
   * Adds the "world" shapes (WORLD_FARM_TYPES, WORLD_LEGIT_PATTERNS) after the standard campaign, which stays
   * identical: shapes the engine's rules were not written from, used only to report, never to choose.
   */
  world?: boolean;
}

export interface Simulated {
  input: EngineInput;
  truth: TruthRow[];
  transfers: Array<{ from: string; to: string; time: number; amount: number }>;
  labels: Array<{ address: string; list: string }>;
}

const DAY = 86_400;
const T0 = 1_700_000_000;
const SPAN = 90 * DAY;

export function simulateCampaign(opts: SimOptions): Simulated {
  const r = seededRng(opts.seed * 7919 + 17);
  const legitCount = opts.legitWallets ?? 12_000;
  const farmCount = opts.farms ?? 42;
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)];
  const logUniform = (lo: number, hi: number): number => Math.round(Math.exp(Math.log(lo) + r() * Math.log(hi / lo)));
  const lognormal = (mu: number, sigma: number): number => {
    const u = Math.max(1e-12, r());
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
    return Math.exp(mu + sigma * z);
  };
  let counter = 0;
  const addr = (tag: string): string =>
    '0x' + createHash('sha256').update(`${opts.seed}:${tag}:${counter++}`).digest('hex').slice(0, 40);
  const transfers: Simulated['transfers'] = [];
  const send = (from: string, to: string, time: number, amount: number): void => {
    transfers.push({ from, to, time: Math.floor(time), amount: Math.round(amount * 1e6) / 1e6 });
  };
  const labels: Simulated['labels'] = [];
  const exchanges = Array.from({ length: 5 }, () => addr('exchange'));
  for (const a of exchanges) labels.push({ address: a, list: 'exchange' });
  const contracts = Array.from({ length: 12 }, () => addr('contract'));
  for (const a of contracts) labels.push({ address: a, list: 'contract' });
  const disperse = addr('disperse');
  labels.push({ address: disperse, list: 'contract' });
  const campaignContract = contracts[0];
  // unlabelled: a hot wallet paying many unrelated users, popular counterparties (an NFT mint, a pool)
  const hotWallet = addr('hot-wallet');
  const popular = Array.from({ length: 4 }, () => addr('popular'));
  const truth: TruthRow[] = [];
  const legit: string[] = [];
  const listedSet = new Set<string>();
  const newLegit = (pattern: string): string => {
    const a = addr('legit');
    truth.push({ address: a, role: 'legit', pattern, group: '' });
    legit.push(a);
    listedSet.add(a);
    return a;
  };
  // wallets are funded in the first third of the span and act after it (nobody spends before being funded)
  const fundTime = (): number => T0 + (r() * SPAN) / 3;
  const when = (): number => T0 + SPAN / 3 + (r() * 2 * SPAN) / 3;
  /** Ordinary activity: the campaign contract, other contracts, sometimes a popular unlabelled counterparty. */
  const activity = (w: string): void => {
    send(w, campaignContract, when(), lognormal(-2, 1));
    for (let k = int(0, 4); k > 0; k--) send(w, pick(contracts), when(), lognormal(-2, 1.5));
    if (r() < 0.35) send(w, pick(popular), when(), lognormal(-3, 1));
    if (r() < 0.2) send(pick(popular), w, when(), lognormal(-3, 1));
    if (r() < 0.3) send(w, addr('deposit'), when(), lognormal(-1, 1)); // its own exchange deposit address
  };

  // legitimate patterns
  let made = 0;
  while (made < legitCount) {
    const x = r();
    if (x < 0.015) {
      // payroll: a multisig pays 8-30 employees (a third listed) monthly, in one transaction, salaries differ
      const multisig = addr('payroll');
      const staff = int(8, 30);
      const people = Array.from({ length: staff }, () => (r() < 0.35 ? newLegit('payroll') : addr('employee')));
      const salary = people.map(() => lognormal(7, 0.4));
      for (let month = 0; month < 3; month++) {
        const t = T0 + month * 30 * DAY + int(0, DAY);
        people.forEach((p, i) => send(multisig, p, t, salary[i]));
      }
      const listed = people.filter((p) => listedSet.has(p));
      for (const p of listed) activity(p);
      made += listed.length;
    } else if (x < 0.06) {
      // family: a parent (unlisted) funds 2-4 listed wallets at different times; they pay each other once or twice
      const parent = addr('parent');
      const kids = Array.from({ length: int(2, 4) }, () => newLegit('family'));
      for (const k of kids) {
        send(parent, k, fundTime(), lognormal(0, 1));
        activity(k);
      }
      for (let j = int(1, 2); j > 0; j--) send(pick(kids), pick(kids), when(), lognormal(-1, 1));
      made += kids.length;
    } else {
      const pattern = x < 0.78 ? 'exchange_user' : 'hot_wallet_user';
      const w = newLegit(pattern);
      send(pattern === 'exchange_user' ? pick(exchanges) : hotWallet, w, fundTime(), lognormal(0, 1.2));
      activity(w);
      made++;
    }
  }
  // peer-to-peer payments between unrelated legitimate users
  const p2pCount = Math.round(legit.length * 0.08);
  for (let i = 0; i < p2pCount; i++) {
    const a = pick(legit);
    const b = pick(legit);
    if (a !== b) send(a, b, when(), lognormal(-1, 1));
  }

  // farms
  const smallTypes = FARM_TYPES.filter((t) => t !== 'large_batch');
  for (let f = 0; f < farmCount; f++) {
    // one farm of thousands of wallets per campaign, the others 3-60 or (every third) 3-600 wallets
    const type = f === farmCount - 1 ? 'large_batch' : smallTypes[f % smallTypes.length];
    const size = type === 'large_batch' ? int(1500, 4000) : logUniform(3, f % 3 === 0 ? 600 : 60);
    const group = `farm${f}`;
    const wallets = Array.from({ length: size }, () => {
      const a = addr('farm');
      truth.push({ address: a, role: 'farm', pattern: type, group });
      return a;
    });
    const start = fundTime();
    const amount = Math.round(lognormal(-1, 1) * 1000) / 1000;
    const jitter = (): number => amount * (1 + (r() - 0.5) * 0.004);
    const funder = addr('funder');
    if (type === 'star') {
      let t = start;
      for (const w of wallets) {
        send(funder, w, t, jitter());
        t += int(20, 180);
      }
    } else if (type === 'batch' || type === 'large_batch') {
      // through a Disperse-style contract (labelled), one transaction per batch of up to 200 recipients
      const direct = type === 'large_batch' && r() < 0.5;
      for (let b = 0; b < wallets.length; b += 200) {
        const t = start + b * 3;
        for (const w of wallets.slice(b, b + 200)) send(direct ? funder : disperse, w, t, amount);
      }
    } else if (type === 'chain') {
      let prev = funder;
      let t = start;
      for (const w of wallets) {
        send(prev, w, t, jitter());
        prev = w;
        t += int(60, 3600);
      }
    } else if (type === 'tree') {
      const mids = Array.from({ length: Math.max(1, Math.ceil(size / 12)) }, () => addr('intermediate'));
      mids.forEach((m, i) => send(funder, m, start + i * 30, amount * 13));
      wallets.forEach((w, i) => send(mids[i % mids.length], w, start + 600 + i * int(10, 60), jitter()));
    } else if (type === 'exchange_routed') {
      const ex = pick(exchanges);
      let t = start;
      for (const w of wallets) {
        send(ex, w, t, jitter());
        t += int(10, 240);
      }
    } else {
      // no_link: exchange withdrawals at unrelated times and amounts, no sweep, no shared counterparty
      for (const w of wallets) send(pick(exchanges), w, fundTime(), lognormal(0, 1.2));
    }
    // behaviour after funding
    const behaviour = r();
    const actStart = T0 + SPAN / 3 + DAY * int(1, 10);
    if (type !== 'no_link' && behaviour < 0.4) {
      const collector = addr('collector');
      wallets.forEach((w, i) => send(w, collector, actStart + DAY * 20 + i * int(5, 90), amount * 0.9));
    }
    if (type !== 'no_link' && behaviour >= 0.3 && behaviour < 0.7) {
      // lockstep: the same contracts in the same order within minutes
      const route = [campaignContract, pick(contracts), pick(contracts)];
      wallets.forEach((w, i) => route.forEach((c, j) => send(w, c, actStart + i * 40 + j * 120, amount * 0.1)));
    } else for (const w of wallets) send(w, campaignContract, when(), lognormal(-2, 1));
    if (type !== 'no_link' && behaviour >= 0.6 && size > 3) {
      // a few transfers among members
      for (let k = Math.ceil(size / 4); k > 0; k--) send(pick(wallets), pick(wallets), when(), lognormal(-2, 1));
    }
    for (const w of wallets) if (r() < 0.3) send(w, pick(contracts), when(), lognormal(-2, 1));
  }
  if (opts.world) {
    const world: WorldContext = { r, int, pick, logUniform, lognormal, addr, send, activity, newLegit, fundTime };
    addWorldLegit(world, legitCount, disperse);
    addWorldFarms(world, { farmCount, campaignContract, exchanges }, truth);
  }
  return { input: simInput(truth, transfers, labels), truth, transfers, labels };
}

interface WorldContext {
  r: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(a: readonly T[]) => T;
  logUniform: (lo: number, hi: number) => number;
  lognormal: (mu: number, sigma: number) => number;
  addr: (tag: string) => string;
  send: (from: string, to: string, time: number, amount: number) => void;
  activity: (w: string) => void;
  newLegit: (pattern: string) => string;
  fundTime: () => number;
}

/** Round withdrawal amounts real users pick (ETH). */
const ROUND_AMOUNTS = [0.05, 0.1, 0.1, 0.25, 0.5, 0.5, 1, 2];

/**
 * Legitimate shapes that look like farm funding: an unlabelled exchange hot wallet batching withdrawals (one
 * transaction a second pays many users, of whom 3-8 are on the list; round amounts), and grant or bounty programmes
 * paying their contributors (6-24 of them on the list) the same amount through the labelled Disperse contract in one
 * transaction. Only payments to listed wallets are emitted: an import loads only transfers touching the list.
 */
function addWorldLegit(w: WorldContext, legitCount: number, disperse: string): void {
  const hotWallets = Array.from({ length: 3 }, () => w.addr('batching-hot-wallet'));
  let paid = 0;
  while (paid < legitCount * 0.12) {
    const from = w.pick(hotWallets);
    const t = w.fundTime();
    for (let k = w.int(3, 8); k > 0; k--, paid++) {
      const user = w.newLegit('batched_withdrawal');
      w.send(from, user, t, w.pick(ROUND_AMOUNTS));
      w.activity(user);
    }
  }
  for (let g = 0; g < 4; g++) {
    const t = w.fundTime();
    const reward = w.pick(ROUND_AMOUNTS);
    for (let k = w.int(6, 24); k > 0; k--) {
      const contributor = w.newLegit('grant_payout');
      w.send(disperse, contributor, t, reward);
      w.activity(contributor);
    }
  }
}

/**
 * Farm shapes with the tight timing taken out: a funder paying its wallets 10 minutes to 6 hours apart, amounts ±30%
 * (`slow_star`), two levels of intermediates with hops minutes to hours apart (`deep_tree`), and wallets funded by
 * labelled exchanges' withdrawals at unrelated times that all sweep to one collector over a few days (`sweep_only`).
 */
function addWorldFarms(
  w: WorldContext,
  c: { farmCount: number; campaignContract: string; exchanges: string[] },
  truth: TruthRow[],
): void {
  const { campaignContract, exchanges } = c;
  const perType = Math.max(1, Math.round(c.farmCount / 10));
  for (const type of WORLD_FARM_TYPES) {
    for (let f = 0; f < perType; f++) {
      const group = `world-${type}-${f}`;
      const wallets = Array.from({ length: w.logUniform(3, 300) }, () => {
        const a = w.addr('farm');
        truth.push({ address: a, role: 'farm', pattern: type, group });
        return a;
      });
      const amount = w.lognormal(-1, 1);
      const vary = (share: number): number => amount * (1 + (w.r() - 0.5) * 2 * share);
      let t = w.fundTime();
      if (type === 'slow_star') {
        const funder = w.addr('funder');
        for (const x of wallets) w.send(funder, x, (t += w.int(600, 6 * 3600)), vary(0.3));
      } else if (type === 'deep_tree') {
        const top = w.addr('funder');
        const mids = Array.from({ length: Math.max(1, Math.ceil(wallets.length / 30)) }, () => w.addr('mid'));
        const leaves = Array.from({ length: Math.max(1, Math.ceil(wallets.length / 6)) }, () => w.addr('leaf'));
        mids.forEach((m) => w.send(top, m, (t += w.int(60, 7200)), vary(0.1) * 40));
        leaves.forEach((l, i) => w.send(mids[i % mids.length], l, (t += w.int(60, 7200)), vary(0.1) * 7));
        wallets.forEach((x, i) => w.send(leaves[i % leaves.length], x, (t += w.int(60, 3600)), vary(0.1)));
      } else {
        for (const x of wallets) w.send(w.pick(exchanges), x, w.fundTime(), w.lognormal(0, 1.2));
        const collector = w.addr('collector');
        const sweepStart = w.fundTime() + 40 * 86_400;
        for (const x of wallets) w.send(x, collector, sweepStart + w.int(0, 3 * 86_400), vary(0.3));
      }
      for (const x of wallets) w.send(x, campaignContract, w.fundTime() + 45 * 86_400, w.lognormal(-2, 1));
    }
  }
}
