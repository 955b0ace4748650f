/**
 * Hubs by role at a busy hub's rate (engine/wallet-graph.ts `chanceBurstShare`): an unlabelled hot wallet paying
 * 20,000 listed users at random times over a month pays one every two minutes, so five of them within 300 s of each
 * other happen by chance; its users stay approved. A farm funder paying its wallets in bursts in the same data is
 * still a funder.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (i: EngineInput) => analyze(i, { mode: 'onchain', preset: 'balanced', pool });

const r = seededRng(3);
const T0 = 1_700_000_000;
const hot = evm('busy-hot-wallet');
const users = Array.from({ length: 20_000 }, (_, i) => evm(`busy-user-${i}`));
const funder = evm('busy-farm-funder');
const farm = Array.from({ length: 1_500 }, (_, i) => evm(`busy-farm-${i}`));
const rows: TimedRow[] = [];
// withdrawals at random times over 30 days, amounts the users chose (log-normal)
for (const u of users) rows.push([hot, u, T0 + Math.floor(r() * 30 * 86_400), Math.exp(r() * 5 - 3)]);
// the farm: 30 bursts of 50 wallets, 20-60 s apart within a burst, bursts hours apart, near-identical amounts
farm.forEach((w, i) => {
  const burst = Math.floor(i / 50);
  rows.push([
    funder,
    w,
    T0 + 86_400 + burst * 4 * 3600 + (i % 50) * (20 + Math.floor(r() * 40)),
    0.04 * (1 + r() * 0.002),
  ]);
});

t.test('a busy hot wallet stays infrastructure; a bursting farm funder in the same data does not', async (t) => {
  const res = await run(timedInput([...users, ...farm], rows));
  t.equal(res.stats.funderHubs, 1, 'the farm funder only');
  t.same(actionCounts(res, users), { approve: users.length, manual_review: 0, reject: 0 });
  t.equal(actionCounts(res, farm).approve, 0, 'every farm wallet is flagged');
});
