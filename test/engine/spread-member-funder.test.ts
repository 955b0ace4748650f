/**
 * A member that paid the others at unrelated times is a spread funder (engine/evidence/collect.ts `member_funder`,
 * SPREAD_FUNDER_FACTOR): a friend onboarding friends over weeks, who then pay each other now and then, is not a
 * farm's member funder paying its wallets in a burst.
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
const r = seededRng(9);

t.test('friends onboarded over weeks are not rejected; a member funding in a burst still is', async (t) => {
  const rows: TimedRow[] = [];
  const friends: string[] = [];
  for (let g = 0; g < 20; g++) {
    const group = Array.from({ length: 6 }, (_, i) => evm(`spread-friend-${g}-${i}`));
    friends.push(...group);
    rows.push([evm(`spread-exchange-${g}`), group[0], T0 + g * DAY, 0.5 + r()]);
    group
      .slice(1)
      .forEach((u, i) => rows.push([group[0], u, T0 + g * DAY + (i + 1) * 4 * DAY, [0.02, 0.05, 0.1][i % 3]]));
    for (let k = 0; k < 6; k++) rows.push([group[k], group[(k + 1) % 6], T0 + 40 * DAY + k * 9 * DAY, 0.01 + r()]);
  }
  const farm = Array.from({ length: 6 }, (_, i) => evm(`spread-farm-${i}`));
  rows.push([evm('spread-farm-source'), farm[0], T0, 1]);
  farm.slice(1).forEach((u, i) => rows.push([farm[0], u, T0 + DAY + i * 30, 0.0413]));
  for (let k = 0; k < 6; k++) rows.push([farm[k], farm[(k + 1) % 6], T0 + 3 * DAY + k * 50, 0.005]);
  const res = await run(timedInput([...friends, ...farm], rows));
  t.equal(actionCounts(res, friends).reject, 0, 'no friend is rejected');
  t.equal(actionCounts(res, farm).reject, farm.length, 'every farm wallet is rejected');
});
