/**
 * A fast bridge's relayer (an unlabelled address with a hub's fan-out) that a farm's operator used for its wallets
 * bursts in its payments, so it is a farm's funder by its role (wallet-graph.ts `classifyFunders`). Topped up by the
 * bridge's treasury and paying out within the day, it also looked like a peel chain's hop: everyone it first funded
 * was one funding tree rooted at the treasury, in the farm's cluster (third blind generator, development seed 9807:
 * trees of 1,244 and 1,823 wallets, 755 and 792 of them people). A hop is no hub (timed-funding.ts `peelRuns`):
 * the relayer's recipients are judged by its own runs.
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);
const HUB_MIN = 100;
const T0 = 1_700_000_000;

t.test('a relayer a farm bursts through makes no tree of the people it pays', async (t) => {
  const r = seededRng(23);
  const treasury = evm('relayer-hop-treasury');
  const relayer = evm('relayer-hop-relayer');
  // the treasury tops the relayer up now and then; the relayer pays out within the hour
  const rows: TimedRow[] = [];
  for (let d = 0; d < 60; d += 10) rows.push([treasury, relayer, T0 + d * DAY, 50]);
  const people = Array.from({ length: 150 }, (_, i) => evm(`relayer-hop-person-${i}`));
  people.forEach((p, i) => {
    const at = T0 + 3_600 + Math.floor((i / people.length) * 60 * DAY + r() * 6 * 3_600);
    rows.push([relayer, p, at, Math.exp(r() * 4 - 3)]);
    rows.push([p, evm(`relayer-hop-shop-${i % 37}`), at + Math.floor(2 * DAY + r() * 20 * DAY), 0.01 + r() / 10]);
  });
  // a few bridge to an own wallet off the list and pay their campaign wallet from it the same day
  const viaOwn = Array.from({ length: 4 }, (_, i) => evm(`relayer-hop-via-own-${i}`));
  viaOwn.forEach((w, i) => {
    const own = evm(`relayer-hop-own-${i}`);
    const at = T0 + (5 + 11 * i) * DAY;
    rows.push([relayer, own, at, 0.4 + i / 10], [own, w, at + 1_800 + 600 * i, 0.2 + i / 20]);
    rows.push([w, evm(`relayer-hop-shop-own-${i}`), at + (3 + i) * DAY, 0.02]);
  });
  // the farm's operator bridges to 200 wallets, five at a time within a minute (most of the relayer's listed payees)
  const farm = Array.from({ length: 200 }, (_, i) => evm(`relayer-hop-farm-${i}`));
  farm.forEach((w, i) => rows.push([relayer, w, T0 + 20 * DAY + Math.floor(i / 5) * 7_200 + (i % 5) * 9, 0.05]));
  const res = await run(timedInput([...people, ...viaOwn, ...farm], rows), HUB_MIN);
  t.equal(res.stats.funderHubs, 1, 'the relayer is a farm funder by its role');
  t.same(actionCounts(res, [...people, ...viaOwn]), { approve: 154, manual_review: 0, reject: 0 });
  t.equal(actionCounts(res, farm).approve, 0, "the farm's wallets are still flagged by the relayer's runs");
});
