/**
 * Bridge hops (engine/bridge-hops.ts): a payout on one chain matched to the one deposit into a labelled bridge on
 * another, minutes before and for a little more, is read as a transfer from the depositor. The matching rules one by
 * one, then the engine: a farm's operator bridging to each of its wallets through a relayer that also pays hundreds
 * of people bridging to themselves (third blind generator, `bridge_fan`).
 */
import t from 'tap';
import { bridgeHops } from '../../engine/bridge-hops.ts';
import { createEnginePool } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const T0 = 1_700_000_000;
const ETHEREUM = 1;
const ROLLUP = 2;

/** Nodes: 0 the entry, 1 the relayer, 2.. senders and recipients. Rows: [from, to, time, amount, chain]. */
function hops(rows: Array<[number, number, number, number, number]>): number[] {
  const entry = new Uint8Array(20);
  const payer = new Uint8Array(20);
  entry[0] = 1;
  payer[1] = 1;
  const out = bridgeHops(
    {
      from: Uint32Array.from(rows, (r) => r[0]),
      to: Uint32Array.from(rows, (r) => r[1]),
      blockTime: Float64Array.from(rows, (r) => r[2]),
      amount: Float64Array.from(rows, (r) => r[3]),
      chain: Uint32Array.from(rows, (r) => r[4]),
    },
    entry,
    payer,
  );
  return [...out.from];
}

t.test('a payout is read as from the one depositor it matches', async (t) => {
  t.same(
    hops([
      [2, 0, T0, 1, ETHEREUM],
      [1, 3, T0 + 120, 0.999, ROLLUP],
    ]),
    [2, 2],
  );
});

t.test('no hop: same chain, too late, more than deposited, a fee over 1%, or two deposits that match', async (t) => {
  const deposit: [number, number, number, number, number] = [2, 0, T0, 1, ETHEREUM];
  t.same(hops([deposit, [1, 3, T0 + 120, 0.999, ETHEREUM]]), [2, 1], 'same chain');
  t.same(hops([deposit, [1, 3, T0 + 1_801, 0.999, ROLLUP]]), [2, 1], 'after 30 minutes');
  t.same(hops([deposit, [1, 3, T0 + 120, 1.001, ROLLUP]]), [2, 1], 'more than the deposit');
  t.same(hops([deposit, [1, 3, T0 + 120, 0.98, ROLLUP]]), [2, 1], 'a 2% fee');
  t.same(hops([deposit, [4, 0, T0 + 30, 0.9995, ETHEREUM], [1, 3, T0 + 120, 0.999, ROLLUP]]), [2, 4, 1], 'ambiguous');
  t.same(
    hops([deposit, [1, 3, T0 + 120, 0.999, ROLLUP], [1, 5, T0 + 130, 0.998, ROLLUP]]),
    [2, 1, 1],
    'one deposit, two payouts',
  );
});

t.test("a farm bridged to by its operator is found; people bridging to themselves are not the relayer's", async (t) => {
  const pool = createEnginePool({ maxThreads: 2 });
  t.teardown(() => pool.destroy());
  const r = seededRng(5);
  const entry = evm('bridge-hops-entry');
  const relayer = evm('bridge-hops-relayer');
  const exchange = evm('bridge-hops-exchange');
  const rows: TimedRow[] = [];
  const chain: number[] = [];
  const row = (x: TimedRow, c: number): void => {
    rows.push(x);
    chain.push(c);
  };
  const people = Array.from({ length: 150 }, (_, i) => evm(`bridge-hops-person-${i}`));
  people.forEach((p, i) => {
    const at = T0 + Math.floor((i / people.length) * 90 * DAY + r() * 5 * 3_600);
    const a = Math.round(Math.exp(r() * 4 - 3) * 1e6) / 1e6;
    row([exchange, p, at - DAY, a * 1.1], ETHEREUM);
    row([p, entry, at, a], ETHEREUM);
    row([relayer, p, at + 60 + Math.floor(r() * 180), a * (1 - 0.001)], ROLLUP);
    row([p, evm(`bridge-hops-shop-${i % 23}`), at + 3 * DAY + Math.floor(r() * 9 * DAY), 0.01], ROLLUP);
  });
  // the operator bridges the same amount to 12 wallets a few minutes apart; later each bridges something back
  const operator = evm('bridge-hops-operator');
  row([exchange, operator, T0 + 9 * DAY, 5], ETHEREUM);
  const farm = Array.from({ length: 12 }, (_, i) => evm(`bridge-hops-farm-${i}`));
  farm.forEach((w, i) => {
    const at = T0 + 10 * DAY + i * (60 + 37 * (i % 5));
    const a = 0.2;
    row([operator, entry, at, a], ETHEREUM);
    row([relayer, w, at + 90, a - 0.0003], ROLLUP);
    const back = T0 + 40 * DAY + i * 3_600 + 600 * (i % 3);
    row([w, entry, back, 0.15], ROLLUP);
    row([relayer, operator, back + 120, 0.1498], ETHEREUM);
  });
  const res = await balancedRun(pool)(
    timedInput(
      [...people, ...farm],
      rows,
      { [entry]: 'bridge', [exchange]: 'exchange' },
      {
        chain,
        asset: chain.map(() => 1),
      },
    ),
    100,
  );
  t.ok(Number(res.stats.bridgeHops) >= 160, 'nearly every deposit matched its payout');
  t.same(actionCounts(res, people), { approve: 150, manual_review: 0, reject: 0 });
  t.equal(actionCounts(res, farm).approve, 0, "every farm wallet is flagged: its operator's co-timed funding");
});
