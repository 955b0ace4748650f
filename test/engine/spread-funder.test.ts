/**
 * A funder is "in a burst" for a cluster when most of the members it paid were paid in its runs, not when any one
 * was (engine/evidence/collect.ts): three of a payroll's salaries can fall within 1% in one second by chance, and
 * that must not make the whole payroll a farm's broad funder. Paid every month, the salaries are a payroll's routine
 * (engine/evidence/timed-funding.ts recurringPayers): not even those three are a batch.
 */
import t from 'tap';
import { analyze, createEnginePool } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

const multisig = evm('payroll-multisig');
const staff = Array.from({ length: 10 }, (_, i) => evm(`payroll-staff-${i}`));
// three salaries within 1% of each other, the others spread from 2,000 to 6,500
const salary = (i: number): number => (i < 3 ? 3000 + i : 2000 + 500 * i);
const rows: TimedRow[] = [];
for (let month = 0; month < 3; month++)
  staff.forEach((w, i) => rows.push([multisig, w, 1_700_000_000 + month * 30 * 86_400, salary(i)]));

t.test('a payroll with three equal salaries: no batch, the funder stays spread', async (t) => {
  const r = await analyze(timedInput(staff, rows), { mode: 'onchain', preset: 'balanced', pool });
  const items = r.clusters.flatMap((c) => c.evidence);
  const funder = items.find((e) => e.kind === 'common_funder');
  t.ok(funder, 'a common funder item');
  t.equal(funder?.data.inBurst, false, 'paid at unrelated times: not in a burst');
  t.notOk(
    items.some((e) => e.kind === 'batch_funding'),
    'three equal salaries paid every month are no batch',
  );
  const approved = r.wallets.filter((w) => staff.includes(w.address));
  t.same(
    approved.map((w) => w.storedRecommendedAction),
    Array(10).fill('approve'),
    'all ten approved',
  );
});
