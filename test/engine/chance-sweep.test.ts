/**
 * A sweep is most of the senders within minutes of each other (engine/evidence/collect.ts `mostlyTogether`), not
 * any two: 200 people paying one unlabelled contract over two months include two who paid it within minutes by
 * chance, and that made all of them a sweep. A farm sending to its collector within minutes is still one.
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);
const T0 = 1_700_000_000;

t.test('people paying one contract over months are no sweep; a farm paying its collector at once is', async (t) => {
  const r = seededRng(5);
  const exchange = evm('chance-sweep-exchange');
  const contract = evm('chance-sweep-contract');
  const people = Array.from({ length: 200 }, (_, i) => evm(`chance-sweep-person-${i}`));
  const rows: TimedRow[] = [];
  people.forEach((p, i) => {
    rows.push([exchange, p, T0 + Math.floor(r() * 100 * DAY), Math.exp(r() * 4 - 3)]);
    // two of them pay within two minutes of each other, the rest at random over two months
    const at = i < 2 ? T0 + 120 * DAY + i * 100 : T0 + 100 * DAY + Math.floor(r() * 60 * DAY);
    rows.push([p, contract, at, Math.exp(r() * 3 - 2)]);
  });
  const funder = evm('chance-sweep-farm-funder');
  const collector = evm('chance-sweep-collector');
  const farm = Array.from({ length: 10 }, (_, i) => evm(`chance-sweep-farm-${i}`));
  farm.forEach((w, i) => {
    rows.push([funder, w, T0 + 30 * DAY + i * 3 * DAY, 0.05 + i / 100]);
    rows.push([w, collector, T0 + 150 * DAY + i * 45, 0.04]);
  });
  const res = await run(timedInput([...people, ...farm], rows, { [exchange]: 'exchange' }));
  t.equal(actionCounts(res, people).reject, 0, 'none of the people is rejected');
  t.equal(actionCounts(res, people).manual_review, 0, 'none is sent to review');
  t.equal(actionCounts(res, farm).approve, 0, 'every farm wallet is flagged');
});
