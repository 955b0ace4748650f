/**
 * A payroll is not a farm's funding (engine/evidence/timed-funding.ts recurringPayers): a DAO's Safe paying its team
 * in one MultiSend a month pays the same wallets again and again, a farm's funder pays its wallets once. Before, the
 * first month's batch, the first funding of the newest members, sent the whole team to review.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (i: EngineInput) => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const T0 = 1_700_000_000;
const MONTH = 30 * 86_400;

t.test('a monthly payroll in one transaction flags nobody; a one-off batch of the same shape still does', async (t) => {
  const rows: TimedRow[] = [];
  const txs: string[] = [];
  const safe = evm('payroll-safe');
  const team = Array.from({ length: 12 }, (_, i) => evm(`payroll-member-${i}`));
  for (let m = 0; m < 5; m++)
    for (const w of team) {
      rows.push([safe, w, T0 + m * MONTH, 2000]);
      txs.push(`payroll-${m}`);
    }
  const farmer = evm('payroll-farmer');
  const farm = Array.from({ length: 12 }, (_, i) => evm(`payroll-farm-${i}`));
  for (const w of farm) {
    rows.push([farmer, w, T0 + 3600, 2000]);
    txs.push('farm-batch');
  }
  const order = rows.map((_, i) => i).sort((a, b) => rows[a][2] - rows[b][2]);
  const input = timedInput(
    [...team, ...farm],
    order.map((i) => rows[i]),
    {},
    undefined,
    order.map((i) => txs[i]),
  );
  const res = await run(input);
  t.equal(actionCounts(res, team).approve, team.length, 'every team member is approved');
  t.equal(actionCounts(res, farm).manual_review, farm.length, 'the one-off batch goes to review (funding only)');
});

t.test('a payroll paid member by member (separate transfers on pay day) flags nobody either', async (t) => {
  const rows: TimedRow[] = [];
  const dao = evm('payroll-daily');
  const team = Array.from({ length: 16 }, (_, i) => evm(`payroll-daily-member-${i}`));
  // members join in four cohorts a month apart; each month, on pay day, each is paid its salary in a transfer of its
  // own within two hours: first fundings in co-timed and uniform runs, no batch
  team.forEach((w, i) => {
    for (let m = Math.floor(i / 4); m < 7; m++) rows.push([dao, w, T0 + m * MONTH + ((i * 7) % 120) * 60, 4000]);
  });
  const farmer = evm('payroll-daily-farmer');
  const farm = Array.from({ length: 16 }, (_, i) => evm(`payroll-daily-farm-${i}`));
  farm.forEach((w, i) => rows.push([farmer, w, T0 + Math.floor(i / 4) * MONTH + ((i * 7) % 120) * 60, 4000]));
  rows.sort((a, b) => a[2] - b[2]);
  const res = await run(timedInput([...team, ...farm], rows));
  t.equal(actionCounts(res, team).approve, team.length, 'every team member is approved');
  t.equal(actionCounts(res, farm).approve, 0, 'a farm funded once in the same shape is flagged');
});
