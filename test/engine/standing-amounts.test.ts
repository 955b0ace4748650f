/**
 * An exchange's standing amount (one exact sum it pays as first funding day after day, as a token account's rent
 * deposit) is its price: customers paid it within minutes of each other on a busy day are no co-timed run; a burst
 * of withdrawals of an amount of the farm's own still is one (engine/evidence/timed-funding.ts, standingAmounts).
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

const run = (i: EngineInput): Promise<AnalyzeResult> => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const DAY = 86_400;
const T0 = 1_700_000_000;
const RENT = 0.00203928;
const exchange = evm('standing-exchange');

/** The exchange's everyday customers: two a day for 30 days, each first paid the rent deposit, at unrelated hours. */
function everyday(): { wallets: string[]; rows: TimedRow[] } {
  const wallets: string[] = [];
  const rows: TimedRow[] = [];
  for (let d = 0; d < 30; d++)
    for (let k = 0; k < 2; k++) {
      const w = evm(`everyday-${d}-${k}`);
      wallets.push(w);
      rows.push([exchange, w, T0 + d * DAY + 7_000 + k * 30_000, RENT]);
    }
  return { wallets, rows };
}

/** `n` wallets withdrawing `amount` from the exchange 40 s apart on day 31. */
function rush(tag: string, n: number, amount: number): { wallets: string[]; rows: TimedRow[] } {
  const wallets = Array.from({ length: n }, (_, i) => evm(`${tag}-${i}`));
  return { wallets, rows: wallets.map((w, i): TimedRow => [exchange, w, T0 + 31 * DAY + i * 40, amount]) };
}
const cotimed = (r: AnalyzeResult) => r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'cotimed_funding');

t.test("launch-day customers paid the exchange's rent deposit within minutes: no co-timed run", async (t) => {
  const base = everyday();
  const people = rush('launch', 10, RENT);
  const input = timedInput([...base.wallets, ...people.wallets], [...base.rows, ...people.rows], {
    [exchange]: 'Exchange',
  });
  const r = await run(input);
  t.equal(cotimed(r).length, 0, 'no co-timed item');
  t.same(actionCounts(r, people.wallets), { approve: 10, manual_review: 0, reject: 0 }, 'the ten approved');
});

t.test('a farm withdrawing an odd amount of its own within minutes: a co-timed run', async (t) => {
  const base = everyday();
  const farm = rush('farm', 10, 0.7331);
  const input = timedInput([...base.wallets, ...farm.wallets], [...base.rows, ...farm.rows], {
    [exchange]: 'Exchange',
  });
  const r = await run(input);
  t.equal(cotimed(r).length, 1, 'one co-timed item');
  t.same(actionCounts(r, farm.wallets), { approve: 0, manual_review: 10, reject: 0 }, 'the ten reviewed');
});
