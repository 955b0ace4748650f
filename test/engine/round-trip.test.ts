/**
 * A round trip (engine/evidence/collect.ts): wallets first funded by one operator pay, at the end, a collector the
 * same operator first funded. The money goes back to its owner whatever the times, so the payments are a sweep;
 * before, paid days apart, they were only a shared counterparty and the farm was approved. Customers paying a shop
 * that someone else funded stay a shared counterparty.
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
const r = seededRng(31);

/** `n` wallets funded by `funder` days apart, paying `receiver` days apart 200 days later. */
function wallets(tag: string, n: number, funder: string, receiver: string, rows: TimedRow[]): string[] {
  const list = Array.from({ length: n }, (_, i) => evm(`${tag}-${i}`));
  list.forEach((w, i) => {
    rows.push([funder, w, T0 + i * 3 * DAY + Math.floor(r() * DAY), 0.01 + r() * 0.04]);
    rows.push([w, receiver, T0 + (200 + i * 2) * DAY + Math.floor(r() * DAY), 0.005 + r() * 0.01]);
  });
  return list;
}

t.test('wallets paying back to a collector their operator funded are one owner; a shop is not', async (t) => {
  const rows: TimedRow[] = [];
  const operator = evm('round-trip-operator');
  const collector = evm('round-trip-collector');
  rows.push([evm('round-trip-exchange'), operator, T0 - DAY, 2], [operator, collector, T0 - DAY / 2, 0.01]);
  const farm = wallets('round-trip-farm', 10, operator, collector, rows);
  const parent = evm('round-trip-parent');
  const shop = evm('round-trip-shop');
  rows.push([evm('round-trip-shop-owner'), shop, T0 - DAY, 0.01]);
  const family = wallets('round-trip-family', 10, parent, shop, rows);
  rows.sort((a, b) => a[2] - b[2]);
  const res = await run(timedInput([...farm, ...family], rows, { [evm('round-trip-exchange')]: 'exchange' }));
  const sweep = res.clusters.flatMap((c) => c.evidence).find((e) => e.kind === 'consolidation_sweep');
  t.equal(sweep?.data.receiver, collector, 'the payments to the collector are a sweep');
  t.equal(actionCounts(res, farm).approve, 0, 'no farm wallet is approved');
  t.equal(actionCounts(res, family).approve, family.length, "the shop's customers are approved");
});
