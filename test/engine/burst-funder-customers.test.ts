/**
 * A funder that paid a farm in a burst names the farm's wallets at full confidence; the wallets it paid at unrelated
 * times are its customers and share it only as a spread funder (engine/evidence/collect.ts): an unlabelled bridge
 * relayer that funded a farm within one hour also bridged for ordinary users over months.
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
const r = seededRng(17);

t.test("a bridge's users are not the farm it paid in one hour", async (t) => {
  const rows: TimedRow[] = [];
  const bridge = evm('burst-bridge');
  const farm = Array.from({ length: 120 }, (_, i) => evm(`burst-farm-${i}`));
  farm.forEach((w, i) => rows.push([bridge, w, T0 + 60 * DAY + i * 30, 0.1 * (1 + 0.01 * (r() - 0.5))]));
  const users = Array.from({ length: 60 }, (_, i) => evm(`burst-user-${i}`));
  users.forEach((w, i) => rows.push([bridge, w, T0 + i * 2 * DAY + Math.floor(r() * DAY), 0.05 + 2 * r()]));
  rows.sort((a, b) => a[2] - b[2]);
  const res = await run(timedInput([...farm, ...users], rows));
  t.equal(actionCounts(res, users).approve, users.length, 'every user is approved');
  t.equal(actionCounts(res, farm).approve, 0, 'no farm wallet is approved');
});
