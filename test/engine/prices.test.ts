/**
 * Amounts people and services choose (engine/uniform-amounts.ts `fixedPrices`, `isRoundAmount`; evidence/shops.ts):
 * a mint rush's payments of a price, a gas-refuel service's fixed payouts and an exchange's round withdrawals at a busy
 * minute are not a farm's sweep, top-ups or co-timed funding; the farm shapes next to them still are.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (i: EngineInput) => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const T0 = 1_700_000_000;
const DAY = 86_400;
const r = seededRng(5);
const exchange = evm('prices-exchange');
const labels = { [exchange]: 'exchange' };
const kinds = (res: Awaited<ReturnType<typeof run>>, ws: string[]): Set<string> => {
  const set = new Set(ws);
  return new Set(
    res.clusters.filter((c) => c.members.some((m) => set.has(m))).flatMap((c) => c.evidence.map((e) => e.kind)),
  );
};

t.test('a mint rush is a shop; a collector of what farm wallets have left is a sweep', async (t) => {
  const mint = evm('prices-mint');
  const buyers = Array.from({ length: 120 }, (_, i) => evm(`prices-buyer-${i}`));
  const rows: TimedRow[] = [];
  // funded from the exchange at unrelated times, then all buy 1-3 items within 20 minutes of the launch
  for (const b of buyers) rows.push([exchange, b, T0 + Math.floor(r() * 20 * DAY), Math.exp(r() * 3 - 3)]);
  for (const b of buyers)
    rows.push([b, mint, T0 + 25 * DAY + Math.floor(r() * 1200), 0.069 * (1 + Math.floor(r() * 3))]);
  const funder = evm('prices-farm-funder');
  const farm = Array.from({ length: 30 }, (_, i) => evm(`prices-farm-${i}`));
  const collector = evm('prices-collector');
  farm.forEach((w, i) => rows.push([funder, w, T0 + 3 * DAY + i * 3600 * 5, 0.05 * (0.5 + r())]));
  farm.forEach((w, i) => rows.push([w, collector, T0 + 30 * DAY + i * 60, 0.03 * (0.5 + r())]));
  const res = await run(timedInput([...buyers, ...farm], rows, labels));
  t.same(actionCounts(res, buyers), { approve: buyers.length, manual_review: 0, reject: 0 });
  t.ok(kinds(res, farm).has('consolidation_sweep'), 'the collector is a sweep');
  t.equal(actionCounts(res, farm).approve, 0);
});

t.test("a gas-refuel service's fixed payouts are not uniform funding; a script's varied top-ups are", async (t) => {
  const refuel = evm('prices-refuel');
  const users = Array.from({ length: 200 }, (_, i) => evm(`prices-refuel-user-${i}`));
  const rows: TimedRow[] = users.map((u) => [refuel, u, T0 + Math.floor(r() * 56 * DAY), r() < 0.9 ? 0.005 : 0.01]);
  const star = evm('prices-slow-star');
  const farm = Array.from({ length: 40 }, (_, i) => evm(`prices-star-${i}`));
  farm.forEach((w, i) => rows.push([star, w, T0 + i * 7200 + Math.floor(r() * 3600), 0.01 * (0.8 + 0.4 * r())]));
  const res = await run(timedInput([...users, ...farm], rows));
  t.same(actionCounts(res, users), { approve: users.length, manual_review: 0, reject: 0 });
  t.ok(kinds(res, farm).has('uniform_funding'));
});

t.test('round withdrawals in a busy minute are not co-timed funding; an exchange-routed farm is', async (t) => {
  const users = Array.from({ length: 300 }, (_, i) => evm(`prices-rush-${i}`));
  const rows: TimedRow[] = [];
  const txs: string[] = [];
  // bursts of 30 users within a minute, each its own withdrawal of 0.1 or 0.05
  users.forEach((u, i) => {
    rows.push([exchange, u, T0 + Math.floor(i / 30) * DAY + Math.floor(r() * 60), [0.1, 0.05][i % 2]]);
    txs.push(`rush-${i}`);
  });
  const farm = Array.from({ length: 12 }, (_, i) => evm(`prices-routed-${i}`));
  farm.forEach((w, i) => {
    rows.push([exchange, w, T0 + 40 * DAY + i * 90, 0.0731 * (1 + 0.002 * r())]);
    txs.push(`routed-${i}`);
  });
  const res = await run(timedInput([...users, ...farm], rows, labels, undefined, txs));
  t.same(actionCounts(res, users), { approve: users.length, manual_review: 0, reject: 0 });
  t.ok(kinds(res, farm).has('cotimed_funding'));
  t.equal(actionCounts(res, farm).approve, 0);
});

t.test(
  'wallets paying one exchange deposit address, days apart, are one owner; a person paying their own is not',
  async (t) => {
    const deposit = evm('prices-deposit');
    const farm = Array.from({ length: 8 }, (_, i) => evm(`prices-deposit-farm-${i}`));
    const people = Array.from({ length: 8 }, (_, i) => evm(`prices-deposit-person-${i}`));
    const rows: TimedRow[] = [];
    // funded from the exchange at unrelated times; the farm pays one deposit address over a week, which forwards it
    farm.forEach((w, i) => rows.push([exchange, w, T0 + i * 3 * DAY, 0.04 + r() * 0.05]));
    farm.forEach((w, i) => rows.push([w, deposit, T0 + 30 * DAY + i * DAY, 0.01 + r() * 0.05]));
    rows.push([deposit, exchange, T0 + 38 * DAY, 0.2]);
    people.forEach((p, i) => {
      const own = evm(`prices-own-deposit-${i}`);
      rows.push(
        [exchange, p, T0 + i * 2 * DAY, 0.1 + r()],
        [p, own, T0 + 30 * DAY + i * DAY, 0.05],
        [own, exchange, T0 + 31 * DAY + i * DAY, 0.05],
      );
    });
    const res = await run(timedInput([...farm, ...people], rows, labels));
    t.ok(kinds(res, farm).has('consolidation_sweep'), 'the shared deposit address is a sweep');
    t.equal(actionCounts(res, farm).approve, 0);
    t.same(actionCounts(res, people), { approve: people.length, manual_review: 0, reject: 0 });
  },
);
