/**
 * A family, some of whom are not on the campaign list: the one off it was paid by one listed member and paid another
 * (a shared counterparty that both pays and is paid, evidence/collect.ts `personLike`). That is a person in the
 * family's circle, a tie among people (breadth.ts `socialOnly`), not a farm's collector: the family is a social
 * cluster and, narrow, lends `narrowFactor` (third blind generator, development seeds 9801-9808: families 5.35% →
 * 4.07% flagged, no farm type's recall changed on any development set). A farm's wallets sweeping to one collector
 * within minutes are still a farm.
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);
const T0 = 1_700_000_000;
const EXCHANGE = evm('family-off-exchange');

/** Four listed members paying each other now and then; a parent funds three; a cousin off the list in between. */
function family(tag: string): { members: string[]; rows: TimedRow[] } {
  const members = [0, 1, 2, 3].map((i) => evm(`${tag}-member-${i}`));
  const cousin = evm(`${tag}-cousin`);
  const rows: TimedRow[] = [[EXCHANGE, members[0], T0, 3]];
  members.slice(1).forEach((m, i) => rows.push([members[0], m, T0 + (5 + 31 * i) * DAY + 4_000 * i, 0.1 + i / 7]));
  const pays: Array<[number, number, number]> = [
    [1, 2, 120],
    [2, 3, 150],
    [3, 1, 177],
    [2, 0, 203],
    [1, 3, 240],
  ];
  for (const [a, b, d] of pays) rows.push([members[a], members[b], T0 + d * DAY + 7_919 * a, 12 + 5 * b]);
  rows.push([members[2], cousin, T0 + 130 * DAY, 40], [cousin, members[3], T0 + 190 * DAY + 3_600, 25]);
  rows.sort((a, b) => a[2] - b[2]);
  return { members, rows };
}

t.test('a family with a member off the list is a social cluster: not flagged', async (t) => {
  const { members, rows } = family('family-off');
  const res = await run(timedInput(members, rows, { [EXCHANGE]: 'exchange' }));
  t.same(actionCounts(res, members), { approve: 4, manual_review: 0, reject: 0 });
});

t.test("a farm's wallets sweeping to one collector within minutes are still flagged", async (t) => {
  const { members, rows } = family('family-farm');
  const collector = evm('family-farm-collector');
  members.forEach((m, i) => rows.push([m, collector, T0 + 260 * DAY + 45 * i, 9 + i]));
  const res = await run(timedInput(members, rows, { [EXCHANGE]: 'exchange' }));
  t.equal(actionCounts(res, members).approve, 0);
});
