/**
 * An unlabelled exchange's customers withdraw round amounts of their choosing, many in one busy minute: those bursts
 * are not a farm funder's (engine/wallet-graph.ts burstCount). Taken for a funder, the exchange became the root of a
 * funding tree through its customers to the friends they onboarded, and those were flagged.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (i: EngineInput) => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const T0 = 1_700_000_000;
const ROUND = [0.05, 0.1, 0.2, 0.5, 1, 2];
const r = seededRng(23);

t.test("an exchange's busy minutes of round amounts are no farm funder's bursts", async (t) => {
  const rows: TimedRow[] = [];
  const exchange = evm('busy-exchange');
  const customers: string[] = [];
  const friends: string[] = [];
  for (let b = 0; b < 100; b++) {
    // a busy minute: 12 customers withdraw within 60 s, each a round amount of their own choosing
    const start = T0 + b * 86_400 + 14 * 3600;
    for (let k = 0; k < 12; k++) {
      const c = evm(`busy-customer-${b}-${k}`);
      customers.push(c);
      rows.push([exchange, c, start + k * 5, ROUND[Math.floor(r() * ROUND.length)]]);
      if (k < 2) {
        // two of them onboard a friend a week later
        const f = evm(`busy-friend-${b}-${k}`);
        friends.push(f);
        rows.push([c, f, start + 7 * 86_400, 0.01 + Math.round(r() * 1000) / 1e5]);
      }
    }
  }
  rows.sort((a, b) => a[2] - b[2]);
  const res = await run(timedInput([...customers, ...friends], rows));
  t.equal(actionCounts(res, customers).approve, customers.length, 'every customer is approved');
  t.equal(actionCounts(res, friends).approve, friends.length, 'every onboarded friend is approved');
});
