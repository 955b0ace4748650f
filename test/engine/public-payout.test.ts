/**
 * A payout to the public is no farm's batch (engine/evidence/timed-funding.ts `dropPublicPayouts`): a grant round
 * pays 95 recipients in one transaction, near-identical amounts, the first money most of them get; 11 of them joined
 * the campaign and otherwise have nothing to do with each other. A farm's batch pays the wallets the farm submits,
 * so a batch to 12 listed wallets and 4 unlisted ones is still a farm's.
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);

const T0 = 1_700_000_000;
const round = evm('grant-round-payer');
const grantees = Array.from({ length: 95 }, (_, i) => evm(`grantee-${i}`));
const listedGrantees = grantees.slice(0, 11);
const rows: TimedRow[] = grantees.map((g, i) => [round, g, T0, 31.2 + (i % 5) * 0.05]);
// each listed grantee lives its own life afterwards: its own exchange, its own days
const exchange = evm('grant-exchange');
listedGrantees.forEach((g, i) => rows.push([exchange, g, T0 + (i + 3) * 7 * DAY, 0.1 + i / 100]));

const farmer = evm('payout-farm-funder');
const farm = Array.from({ length: 16 }, (_, i) => evm(`payout-farm-${i}`));
const listedFarm = farm.slice(0, 12);
for (const w of farm) rows.push([farmer, w, T0 + 40 * DAY, 0.02]);

t.test('a grant round paying mostly people outside the campaign names none of its listed grantees', async (t) => {
  const res = await run(timedInput([...listedGrantees, ...listedFarm], rows, { [exchange]: 'exchange' }));
  t.same(actionCounts(res, listedGrantees), { approve: 11, manual_review: 0, reject: 0 });
  t.equal(actionCounts(res, listedFarm).approve, 0, 'the farm batch, three quarters listed, is still flagged');
});
