/**
 * How each farm type of the second blind campaign is funded and how it exits (docs/blind-campaigns-2.md).
 * Amounts and delays are randomised in every shape; only some of each farm's wallets carry each link.
 */
import type { Blind2FarmType, Farm } from './farms.ts';
import { TOKENS, type Infra } from './infra.ts';
import { DAY, HOUR, SNAPSHOT, type World } from './world.ts';

type Shape = (f: Farm, w: World, infra: Infra) => void;

/** Withdrawals from the exchange through many sub-accounts; each sub-account's wallets exit to its deposit address. */
const cexSubaccounts: Shape = (f, w, infra) => {
  const subs = Math.max(1, Math.round(f.wallets.length / w.uni(15, 60)));
  const ex = infra.exchange();
  let t = f.start;
  f.wallets.forEach((a, i) => {
    if (i % w.int(5, 40) === 0) t += f.gap(f.wallets.length / 22.5, 48);
    const sub = `${f.group}:sub${i % subs}`;
    infra.withdraw(w.chance(0.85) ? ex : infra.exchange(), a, t + w.uni(0, 40) * 60, w.uni(0.01, 0.05));
    const end = f.run(a, t + HOUR);
    if (w.chance(0.8)) infra.deposit(a, ex, end + w.uni(1, 72) * HOUR, w.uni(0.003, 0.02), 'ETH', sub);
  });
};

/** A peel chain of fresh addresses: each hop pays 1-3 wallets (some through 1-2 more fresh addresses) and passes on. */
const hopChain: Shape = (f, w) => {
  const op = f.operator(f.start);
  const collector = w.addr();
  let hop = op;
  let t = f.start;
  let i = 0;
  while (i < f.wallets.length) {
    const next = w.addr();
    t += f.gap(f.wallets.length / 2, 30);
    w.pay(hop, next, t, (f.wallets.length - i) * 0.03 + 0.01, 'ETH');
    hop = next;
    const k = Math.min(w.int(1, 3), f.wallets.length - i);
    for (let j = 0; j < k; j++, i++) {
      const a = f.wallets[i];
      let from = hop;
      const depth = w.int(0, 2);
      let ht = t;
      for (let d = 0; d < depth; d++) {
        const fresh = w.addr();
        ht += w.uni(0.1, 10) * HOUR;
        w.pay(from, fresh, ht, w.uni(0.02, 0.04), 'ETH');
        from = fresh;
      }
      w.pay(from, a, ht + w.uni(0.1, 10) * HOUR, w.uni(0.01, 0.03), 'ETH');
      const end = f.run(a, ht + DAY);
      if (w.chance(0.5)) f.claimTo(a, end + w.uni(1, 10) * DAY, collector);
    }
  }
};

/** Bridged in one by one at staggered times; a gas top-up address and a collector tie part of the farm. */
const crossChain: Shape = (f, w, infra) => {
  const gas = w.addr();
  const collector = w.addr();
  infra.bridgeIn(gas, f.start - DAY, 0.5);
  const bridge = w.pick(infra.bridges);
  for (const a of f.wallets) {
    const t = f.when(20);
    infra.bridgeIn(a, t, w.uni(0.02, 0.1), w.chance(0.7) ? bridge : undefined);
    if (w.chance(0.4)) w.pay(gas, a, t + w.uni(1, 30) * HOUR, w.uni(0.0015, 0.003), 'ETH');
    const end = f.run(a, t + HOUR);
    if (w.chance(0.7)) infra.bridgeOut(a, end + w.uni(1, 48) * HOUR, w.uni(0.005, 0.05), bridge);
    else f.claimTo(a, end + w.uni(1, 10) * DAY, collector);
  }
};

/** A factory contract funds the smart wallets it deploys, in batches; the owner collects the tokens. */
const scwFactory: Shape = (f, w) => {
  const owner = f.operator(f.start);
  const factory = w.addr();
  w.pay(owner, factory, f.start - HOUR, f.wallets.length * 0.01, 'ETH');
  let t = f.start;
  let tx = '';
  f.wallets.forEach((a, i) => {
    if (i % w.int(10, 50) === 0) {
      t += f.gap(f.wallets.length / 30, 24);
      tx = w.txHash();
    }
    w.pay(factory, a, t, 0.008, 'ETH', tx);
    const end = f.run(a, t + w.uni(0.1, 5) * HOUR);
    if (w.chance(0.6)) f.claimTo(a, end + w.uni(1, 5) * DAY, owner);
  });
};

/** Wallets that live like users (exchange withdrawals, random contracts, trades with users), with top-ups between. */
const interleaved: Shape = (f, w, infra) => {
  const collectors = [w.addr(), w.addr()];
  for (const a of f.wallets) {
    const t = f.when(60);
    infra.withdraw(infra.exchange(), a, t, w.pick([0.05, 0.1, 0.2]));
    const n = w.int(2, 10);
    for (let i = 0; i < n; i++) infra.anyAction(a, w.uni(t, SNAPSHOT - DAY));
    const end = f.run(a, t + w.uni(1, 20) * DAY);
    const peer = w.pick(f.wallets);
    if (peer !== a && w.chance(0.35)) w.pay(a, peer, w.uni(t, end), w.uni(0.001, 0.006), 'ETH');
    if (w.chance(0.5)) f.claimTo(a, end + w.uni(1, 20) * DAY, w.pick(collectors));
    // a fifth trade with real users (an NFT or tokens sold over the counter), one way or the other
    if (w.chance(0.2)) {
      const person = w.pick(f.people);
      const [from, to] = w.chance(0.5) ? [a, person] : [person, a];
      w.pay(from, to, w.uni(t, SNAPSHOT - DAY), w.logUni(10, 400), 'USDC');
    }
  }
};

/** Part of the farm paid in a few Disperse batches, the rest one by one from the operator. */
const partialDisperse: Shape = (f, w, infra) => {
  const op = f.operator(f.start);
  const share = w.uni(0.4, 0.6);
  const batched = Math.round(f.wallets.length * share);
  const batches = w.int(1, 3);
  const times = Array.from({ length: batches }, () => f.when(10));
  const txs = times.map((t) => w.pay(op, infra.disperse, t, batched * 0.02, 'ETH'));
  f.wallets.forEach((a, i) => {
    let t: number;
    if (i < batched) {
      const b = i % batches;
      t = times[b];
      w.pay(infra.disperse, a, t, w.chance(0.5) ? 0.02 : w.uni(0.015, 0.025), 'ETH', txs[b]);
    } else {
      t = f.when(30);
      w.pay(op, a, t, w.uni(0.01, 0.03), 'ETH');
    }
    const end = f.run(a, t + w.uni(1, 48) * HOUR);
    if (w.chance(0.5)) f.claimTo(a, end + w.uni(1, 10) * DAY, op);
  });
};

/** Funded by separate exchange withdrawals; every wallet sends its airdrop tokens to one exchange deposit address. */
const cexSweep: Shape = (f, w, infra) => {
  const ex = infra.exchange();
  const deposit = infra.depositAddress(f.group, ex);
  for (const a of f.wallets) {
    const t = f.when(30);
    infra.withdraw(infra.exchange(), a, t, w.uni(0.01, 0.06));
    const end = f.run(a, t + w.uni(1, 72) * HOUR);
    const claimAt = end + w.uni(1, 10) * DAY;
    if (w.chance(0.85)) {
      f.claimTo(a, claimAt, deposit);
      w.pay(deposit, w.pick(infra.exchanges[ex].hots), claimAt + w.uni(4, 80) * HOUR, 500, TOKENS[f.script.token]);
    }
  }
};

/** Aged months before the campaign with small monthly activity, then the script and a sweep. */
const sleeper: Shape = (f, w, infra) => {
  const op = f.operator(f.start);
  const collector = w.addr();
  w.pay(op, collector, f.start + DAY, 0.01, 'ETH');
  for (const a of f.wallets) {
    let t = f.when(40);
    w.pay(op, a, t, w.uni(0.02, 0.06), 'ETH');
    while (t < SNAPSHOT - 60 * DAY) {
      t += w.uni(24, 36) * DAY;
      infra.swap(a, t, undefined, 0.01);
    }
    const end = f.run(a, SNAPSHOT - w.uni(20, 55) * DAY);
    if (w.chance(0.6)) f.claimTo(a, end + w.uni(1, 5) * DAY, collector);
  }
};

/** 2-4 operator addresses from one root fund the wallets at random times with random amounts. */
const randomDelay: Shape = (f, w) => {
  const root = f.operator(f.start);
  const ops = Array.from({ length: w.int(2, 4) }, () => w.addr());
  for (const o of ops) w.pay(root, o, f.start - w.uni(1, 5) * DAY, f.wallets.length * 0.05, 'ETH');
  const base = w.uni(0.01, 0.05);
  for (const a of f.wallets) {
    const o = w.pick(ops);
    const t = f.when(60);
    w.pay(o, a, t, f.jitter(base, 0.4), 'ETH');
    const end = f.run(a, t + w.uni(1, 10) * DAY);
    if (w.chance(0.5)) f.claimTo(a, end + w.uni(1, 20) * DAY, o);
  }
};

/** Each wallet passes what it has left to the next one; chains of 4-25 started by fresh addresses. */
const relayChain: Shape = (f, w) => {
  const op = f.operator(f.start);
  let prev = '';
  let t = f.start;
  let left = 0;
  for (const a of f.wallets) {
    if (left === 0) {
      left = w.int(4, 25);
      const seed = w.addr();
      t = f.when(20);
      w.pay(op, seed, t, 0.05, 'ETH');
      prev = seed;
    }
    // the next wallet is funded after the first steps of this one's script, which goes on meanwhile
    t += w.uni(0.5, 30) * HOUR;
    w.pay(prev, a, t, w.uni(0.01, 0.04), 'ETH');
    f.run(a, t);
    prev = a;
    left--;
  }
};

/** Nothing but public infrastructure: own exchange withdrawals and own deposit addresses. */
const nolinkCex: Shape = (f, w, infra) => {
  for (const a of f.wallets) {
    const t = f.when(60);
    const ex = infra.exchange();
    infra.withdraw(ex, a, t, w.pick([0.02, 0.05, 0.1]));
    const end = f.run(a, t + w.uni(1, 240) * HOUR);
    if (w.chance(0.6)) infra.deposit(a, ex, end + w.uni(1, 30) * DAY, w.uni(0.005, 0.05), 'ETH');
  }
};

/** Bridged in and out one by one, through public bridges only. */
const nolinkBridge: Shape = (f, w, infra) => {
  for (const a of f.wallets) {
    const t = f.when(60);
    infra.bridgeIn(a, t, w.uni(0.01, 0.08));
    const end = f.run(a, t + w.uni(1, 240) * HOUR);
    if (w.chance(0.6)) infra.bridgeOut(a, end + w.uni(1, 30) * DAY, w.uni(0.005, 0.05));
  }
};

export const SHAPES: Record<Blind2FarmType, Shape> = {
  cex_subaccounts: cexSubaccounts,
  hop_chain: hopChain,
  cross_chain: crossChain,
  scw_factory: scwFactory,
  interleaved,
  partial_disperse: partialDisperse,
  cex_sweep: cexSweep,
  sleeper,
  random_delay: randomDelay,
  relay_chain: relayChain,
  nolink_cex: nolinkCex,
  nolink_bridge: nolinkBridge,
};
