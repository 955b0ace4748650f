/**
 * An app's gas drop is no farm's batch to reject: a wallet funded in a batch with other members, whose other ties are
 * payments to people outside that batch, is never a reject (engine/analyze.ts `paidNotActed`); wallets funded in one
 * batch that then pay one another act together and still are (engine/evidence/collect.ts `paidWithinRuns`).
 */
import t from 'tap';
import { analyze, createEnginePool } from '../../engine/index.ts';
import { actionCounts, batchRingFarm, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const HOUR = 3_600;
const DAY = 86_400;

t.test("an app's new users, paid a gas drop in batches, who then pay friends, are not rejected", async (t) => {
  const relayer = evm('gas-drop-relayer');
  const users = Array.from({ length: 40 }, (_, i) => evm(`gas-drop-user-${i}`));
  const friends = Array.from({ length: 40 }, (_, i) => evm(`gas-drop-friend-${i}`));
  const rows: TimedRow[] = [];
  // five batches of eight, hours apart, the same small amount each
  users.forEach((u, i) => rows.push([relayer, u, T0 + Math.floor(i / 8) * 5 * HOUR, 0.0008]));
  friends.forEach((f, i) => {
    // half the friends had their first funds from the user: a funding tree rooted at the relayer, not a farm's
    if (i % 2 === 0) rows.push([evm(`gas-drop-exchange-${i}`), f, T0 - 30 * DAY + i * HOUR, 0.5 + i / 100]);
    rows.push([users[i], f, T0 + (10 + i) * DAY, 20 + i]);
    rows.push([f, friends[(i + 1) % friends.length], T0 + (12 + i) * DAY, 5 + i / 10]);
  });
  rows.sort((a, b) => a[2] - b[2]);
  const res = await analyze(timedInput([...users, ...friends], rows), { mode: 'onchain', preset: 'balanced', pool });
  const counts = actionCounts(res, users);
  t.equal(counts.reject, 0, `no user is rejected (${JSON.stringify(counts)})`);
  t.ok(counts.manual_review > 0, 'the batches still send users to review: funding alone is not conclusive');
  const reviewed = res.wallets.find((w) => users.includes(w.address) && w.storedRecommendedAction !== 'approve')!;
  t.ok(
    reviewed.reasons.some((r) => r.startsWith('funded with other members and paid or was paid by members')),
    `the reason says why (${reviewed.reasons.join(' | ')})`,
  );
});

t.test('wallets funded in one batch that pay one another are still rejected', async (t) => {
  const { farm, rows } = batchRingFarm('gas-drop', T0);
  rows.sort((a, b) => a[2] - b[2]);
  const res = await analyze(timedInput(farm, rows), { mode: 'onchain', preset: 'balanced', pool });
  t.equal(actionCounts(res, farm).reject, farm.length, 'every farm wallet is rejected');
});
