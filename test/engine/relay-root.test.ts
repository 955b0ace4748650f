/**
 * A root that pays a fresh intermediate per farm wallet, each passing its payment on to one listed wallet, has a
 * hub's fan-out (thousands of counterparties) but is a farm's funder (engine/wallet-graph.ts relayRoots): before,
 * it was a statistical hub and the whole farm was approved. A hot wallet paying its users directly stays a hub.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (i: EngineInput) => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const T0 = 1_700_000_000;

t.test('a root of 1,200 one-use intermediates is a farm funder; a hot wallet of 1,200 users stays a hub', async (t) => {
  const rows: TimedRow[] = [];
  const root = evm('relay-root');
  const farm = Array.from({ length: 1200 }, (_, i) => evm(`relay-farm-${i}`));
  farm.forEach((w, i) => {
    const relay = evm(`relay-mid-${i}`);
    rows.push([root, relay, T0 + i * 1800, 0.05 + (i % 7) * 0.001]);
    rows.push([relay, w, T0 + i * 1800 + 120, 0.0495 + (i % 7) * 0.001]);
  });
  const hot = evm('relay-hot-wallet');
  const users = Array.from({ length: 1200 }, (_, i) => evm(`relay-user-${i}`));
  // an unlabelled hot wallet pays its users directly, at unrelated times and amounts; 100 of them through their own
  // unlisted wallet (one-use relays too, but a small share of its counterparties)
  users.forEach((w, i) => {
    const time = T0 + ((i * 7919) % 1200) * 2400;
    if (i < 100) {
      const own = evm(`relay-own-${i}`);
      rows.push([hot, own, time, 0.1 + i * 0.013], [own, w, time + 86_400, 0.1 + i * 0.013]);
    } else rows.push([hot, w, time, 0.1 + i * 0.013]);
  });
  rows.sort((a, b) => a[2] - b[2]);
  const res = await run(timedInput([...farm, ...users], rows));
  const f = actionCounts(res, farm);
  t.ok(f.approve < farm.length / 10, `the farm is flagged (${JSON.stringify(f)})`);
  t.equal(actionCounts(res, users).approve, users.length, 'every hot-wallet user is approved');
});
