/**
 * Hubs by role on a campaign's busy days (engine/burst-chance.ts, wallet-graph.ts `classifyFunders`):
 * an unlabelled hot wallet paying 400 users on a launch day, when the campaign's other users are busy too, meets
 * five of them within minutes by chance: the chance share follows the campaign's activity day by day, not an even
 * spread over the input's months, so it stays infrastructure; a farm funder bursting on a quiet day is found.
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
const LAUNCH = T0 + 200 * DAY;

t.test(
  'a hot wallet busy on launch day stays infrastructure; a farm bursting on a quiet day is a funder',
  async (t) => {
    const r = seededRng(17);
    const exchange = evm('busy-day-exchange');
    const hot = evm('busy-day-hot-wallet');
    const users = Array.from({ length: 400 }, (_, i) => evm(`busy-day-user-${i}`));
    const others = Array.from({ length: 400 }, (_, i) => evm(`busy-day-other-${i}`));
    const veterans = Array.from({ length: 20 }, (_, i) => evm(`busy-day-veteran-${i}`));
    const rows: TimedRow[] = [];
    for (const u of users) rows.push([hot, u, LAUNCH + Math.floor(r() * DAY), Math.exp(r() * 4 - 3)]);
    for (const o of others) rows.push([exchange, o, LAUNCH + Math.floor(r() * DAY), Math.exp(r() * 4 - 3)]);
    veterans.forEach((v, i) => rows.push([exchange, v, T0 + i * 15 * DAY, 1 + i]));
    const funder = evm('busy-day-farm-funder');
    const farm = Array.from({ length: 100 }, (_, i) => evm(`busy-day-farm-${i}`));
    farm.forEach((w, i) => rows.push([funder, w, T0 + 100 * DAY + Math.floor(i / 5) * 3600 + (i % 5) * 30, 0.03]));
    const res = await run(
      timedInput([...users, ...others, ...veterans, ...farm], rows, { [exchange]: 'exchange' }),
      HUB_MIN,
    );
    t.equal(res.stats.funderHubs, 1, 'the farm funder only');
    t.same(actionCounts(res, users), { approve: 400, manual_review: 0, reject: 0 });
    t.equal(actionCounts(res, farm).approve, 0, 'every farm wallet is flagged');
  },
);

t.test("one wild block time among a hub's transfers costs nothing and breaks nothing", async (t) => {
  const hot = evm('wild-time-hot-wallet');
  const users = Array.from({ length: 150 }, (_, i) => evm(`wild-time-user-${i}`));
  const r = seededRng(41);
  // withdrawals days apart, amounts the users chose
  const rows: TimedRow[] = users.map((u, i) => [hot, u, T0 + i * 3 * DAY, Math.exp(r() * 5 - 3)]);
  rows.push([hot, users[0], 1e300, 0.5]); // a year no chain has reached: one day of the profile, not an array to it
  const res = await run(timedInput(users, rows), HUB_MIN);
  t.equal(res.wallets.length, users.length);
  t.same(actionCounts(res, users), { approve: 150, manual_review: 0, reject: 0 });
});
