/**
 * Lockstep at any point of the wallets' history (engine/evidence/lockstep.ts): wallets made long before a campaign,
 * each with its own old first payment, that run the campaign's script wallet after wallet are in lockstep, whatever
 * other users call the same contracts in between; a mint rush followed by each buyer's own next payment, or one
 * transaction paying two receivers (one step), is not.
 */
import t from 'tap';
import { createEnginePool, type AnalyzeResult } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);

const T0 = 1_700_000_000;
const exchange = evm('ls2-exchange');
const routers = [0, 1, 2].map((i) => evm(`ls2-router-${i}`));
const [taskA, taskB] = [evm('ls2-task-a'), evm('ls2-task-b')];
const labels = {
  [exchange]: 'exchange',
  [taskA]: 'contract',
  [taskB]: 'contract',
  ...Object.fromEntries(routers.map((r) => [r, 'dex'])),
};
const timedLockstep = (r: AnalyzeResult) =>
  r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'lockstep' && e.data.timedSteps === 2);

/** 12 wallets funded one by one by a root over months (amounts spread fivefold), each touching a router once. */
function agedFarm(): { farm: string[]; rows: TimedRow[] } {
  const root = evm('ls2-root');
  const farm = Array.from({ length: 12 }, (_, i) => evm(`ls2-aged-${i}`));
  const rows: TimedRow[] = [];
  farm.forEach((w, i) => {
    const funded = T0 - 400 * DAY + i * 9 * DAY;
    rows.push([root, w, funded, 0.01 + 0.04 * ((i * 5) % 12) * (1 / 11)]);
    rows.push([w, routers[i % 3], funded + 2 * DAY + i * 3600, 0.005]);
  });
  return { farm, rows };
}

/** `count` users, each funded by the exchange, calling task A then task B at their own times. */
function users(count: number, firstAt: (i: number) => number): { users: string[]; rows: TimedRow[] } {
  const r = seededRng(count);
  const list = Array.from({ length: count }, (_, i) => evm(`ls2-user-${i}`));
  const rows: TimedRow[] = [];
  list.forEach((w, i) => {
    rows.push([exchange, w, T0 - 30 * DAY - Math.floor(r() * 60 * DAY), 0.1 + Math.floor(r() * 100) / 37]);
    rows.push([w, taskA, firstAt(i), 0.002]);
    rows.push([w, taskB, firstAt(i) + Math.floor((1 + r() * 20) * DAY), 0.002]);
  });
  return { users: list, rows };
}

t.test(
  'aged wallets running the script wallet after wallet: lockstep, reviewed; users calling between are not',
  async (t) => {
    const { farm, rows } = agedFarm();
    // the script: task A wallet after wallet 200 s apart, task B three days later in the same order
    farm.forEach((w, i) => rows.push([w, taskA, T0 + i * 200, 0.003], [w, taskB, T0 + 3 * DAY + i * 200, 0.003]));
    // 40 users call the same two contracts, some of them between the farm's calls
    const u = users(40, (i) => T0 - 5 * DAY + i * 7 * 3600 + (i % 4 === 0 ? 0 : 101));
    const res = await run(timedInput([...farm, ...u.users], [...rows, ...u.rows], labels));
    const items = timedLockstep(res);
    t.equal(items.length, 1, 'one timed-steps lockstep item');
    t.same([...(items[0]?.addresses ?? [])].sort(), [...farm].sort(), 'naming the twelve wallets, no user');
    t.same(actionCounts(res, farm), { approve: 0, manual_review: 12, reject: 0 }, 'the farm is reviewed');
    t.equal(actionCounts(res, u.users).approve, 40, 'every user approved');
  },
);

t.test('the aged farm and its users in reverse order: the same output, byte for byte', async (t) => {
  const { farm, rows } = agedFarm();
  farm.forEach((w, i) => rows.push([w, taskA, T0 + i * 200, 0.003], [w, taskB, T0 + 3 * DAY + i * 200, 0.003]));
  const u = users(40, (i) => T0 - 5 * DAY + i * 7 * 3600 + (i % 4 === 0 ? 0 : 101));
  const all = [...rows, ...u.rows];
  const forward = await run(timedInput([...farm, ...u.users], all, labels));
  const reversed = await run(timedInput([...farm, ...u.users], all.slice().reverse(), labels));
  t.ok(timedLockstep(forward).length > 0, 'with timed-steps lockstep');
  t.equal(JSON.stringify(reversed), JSON.stringify(forward));
});

t.test('a mint rush, one transaction paying two receivers, then each buyer on its own: no lockstep', async (t) => {
  const funder = evm('ls2-friend-funder');
  const [mint, fee, market] = [evm('ls2-mint'), evm('ls2-mint-fee'), evm('ls2-market')];
  const r = seededRng(7);
  const buyers = Array.from({ length: 40 }, (_, i) => evm(`ls2-buyer-${i}`));
  const rows: TimedRow[] = [];
  buyers.forEach((w, i) => {
    // one unlabelled funder at unrelated times and amounts groups them (a shared funder)
    rows.push([funder, w, T0 - 90 * DAY + Math.floor(r() * 60 * DAY), 0.05 + Math.floor(r() * 100) / 53]);
    // the rush: mint and its fee in one transaction (the same second), 15 s apart, then a sale days later
    rows.push([w, mint, T0 + i * 15, 0.05], [w, fee, T0 + i * 15, 0.001]);
    rows.push([w, market, T0 + Math.floor((1 + r() * 3) * DAY), 0.001]);
  });
  const shops = { [mint]: 'contract', [fee]: 'contract', [market]: 'contract' };
  const res = await run(timedInput(buyers, rows, shops));
  t.ok(res.clusters.length > 0, 'the buyers are grouped by their funder');
  t.equal(timedLockstep(res).length, 0, 'no lockstep of two timed steps');
  // nor of first steps: the mint and its fee are one step, the sale days later another
  t.equal(res.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'lockstep').length, 0, 'no lockstep');
  t.equal(actionCounts(res, buyers).approve, buyers.length, 'every buyer approved');
});
