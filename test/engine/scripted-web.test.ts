/**
 * A web of payments is a farm's script only when nearly all its members pay (engine/analyze.ts `unscripted`,
 * evidence/breadth.ts `payingShare`): with block times, a cluster tied only by its members' payments to one another
 * lends `narrowFactor` however broad when fewer than UNIFORM_SHARE of them paid another member. People paying friends
 * form webs that grow with the campaign (some pay, most are paid); a farm whose every wallet pays another is still
 * flagged.
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);

const T0 = 1_700_000_000;
const exchange = evm('web-exchange');
const rows: TimedRow[] = [];
// 16 friends, each first paid by the exchange on a day of its own; 5 of them pay three or four of the others
const friends = Array.from({ length: 16 }, (_, i) => evm(`web-friend-${i}`));
friends.forEach((f, i) => rows.push([exchange, f, T0 + i * 9 * DAY, 0.05 + i / 100]));
const payers: Array<[number, number[]]> = [
  [0, [1, 2, 3]],
  [3, [4, 5, 6]],
  [6, [7, 8, 9]],
  [9, [10, 11, 12]],
  [12, [13, 14, 15, 0]],
];
for (const [p, paid] of payers)
  paid.forEach((q, k) => rows.push([friends[p], friends[q], T0 + (150 + p * 3 + k * 11) * DAY, 20 + p + k]));
// a farm of 16 wallets funded by the same exchange on days of their own, each paying the next one once
const farm = Array.from({ length: 16 }, (_, i) => evm(`web-farm-${i}`));
farm.forEach((w, i) => rows.push([exchange, w, T0 + 3 * DAY + i * 9 * DAY, 0.04 + i / 100]));
farm.forEach((w, i) => rows.push([w, farm[(i + 1) % farm.length], T0 + (160 + i * 5) * DAY, 0.002 + i / 1000]));

t.test('friends paying one another are approved; a web where every wallet pays is flagged', async (t) => {
  const res = await run(timedInput([...friends, ...farm], rows, { [exchange]: 'exchange' }));
  t.same(actionCounts(res, friends), { approve: 16, manual_review: 0, reject: 0 });
  t.equal(actionCounts(res, farm).approve, 0, 'every farm wallet is flagged');
});
