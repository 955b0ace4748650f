/**
 * A peel chain: unlisted addresses each passing the operator's funds on to the next within the day, each paying a
 * few campaign wallets on the way (engine/evidence/timed-funding.ts peelRuns). Its wallets are one funding tree and
 * flagged; a person who paid three friends the day an exchange paid her is no chain.
 */
import t from 'tap';
import { actionFor, analyze, createEnginePool } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const HOUR = 3_600;
const DAY = 86_400;
const EXCHANGE = evm('peel-exchange');

/** `hops` unlisted hops from an exchange-funded operator, each paying 2 wallets, `gap` seconds between hops. */
function chain(tag: string, hops: number, gap: number): { wallets: string[]; rows: TimedRow[] } {
  const operator = evm(`${tag}-operator`);
  const rows: TimedRow[] = [[EXCHANGE, operator, T0, 5]];
  const wallets: string[] = [];
  let prev = operator;
  let amount = 4.9;
  for (let h = 0; h < hops; h++) {
    const hop = evm(`${tag}-hop-${h}`);
    const t0 = T0 + HOUR + h * gap;
    rows.push([prev, hop, t0, amount]);
    for (let k = 0; k < 2; k++) {
      const w = evm(`${tag}-w-${h}-${k}`);
      wallets.push(w);
      const paid = 0.02 + ((h * 7 + k * 3) % 11) / 1000;
      rows.push([hop, w, t0 + (k + 1) * 600, paid]);
      amount -= paid;
      // each wallet goes about its own business on its own days
      rows.push([w, evm(`${tag}-shop-${h}-${k}`), t0 + (3 + h + k) * DAY + 977 * h, 0.005 + k / 1000]);
    }
    prev = hop;
    amount -= 0.001;
  }
  rows.sort((a, b) => a[2] - b[2]);
  return { wallets, rows };
}

async function flagged(wallets: string[], rows: TimedRow[]): Promise<number> {
  const res = await analyze(timedInput(wallets, rows, { [EXCHANGE]: 'exchange' }), {
    mode: 'onchain',
    preset: 'balanced',
    pool,
  });
  return res.wallets.filter((w) => actionFor('balanced', w.riskScore) !== 'approve').length;
}

t.test("a peel chain's wallets are flagged", async (t) => {
  const { wallets, rows } = chain('peel', 8, 6 * HOUR);
  t.equal(await flagged(wallets, rows), wallets.length);
});

t.test('a person paying three friends the day an exchange paid her is not flagged', async (t) => {
  const person = evm('peel-person');
  const friends = [0, 1, 2].map((i) => evm(`peel-friend-${i}`));
  const rows: TimedRow[] = [[EXCHANGE, person, T0, 1]];
  friends.forEach((f, i) => {
    rows.push([person, f, T0 + (i + 1) * HOUR, 0.1 + i / 10]);
    rows.push([f, evm(`peel-friend-shop-${i}`), T0 + (5 + 3 * i) * DAY, 0.05]);
  });
  t.equal(await flagged(friends, rows), 0);
});
