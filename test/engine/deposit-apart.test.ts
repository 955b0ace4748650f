/**
 * An exchange deposit address belongs to one account, so listed wallets paying it are one owner's (evidence/collect.ts
 * `depositAddresses`). Paid months apart, that owner is a person with a few wallets, or a family paying one account,
 * not wallets acting together: the sweep names them but is no concerted action, so they are never a reject for it
 * (third blind generator, development seeds 9801-9808: legitimate rejects 100 → 34 of 200,130, all families and own
 * wallets; no farm wallet's action changed on any development set). Paid within minutes, it is a farm's exit.
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);
const T0 = 1_700_000_000;
const EXCHANGE = evm('deposit-apart-exchange');

/** A main wallet funding `alts` wallets of its own, then all of them paying one deposit address `gap` apart. */
function owner(tag: string, alts: number, gap: number): { wallets: string[]; rows: TimedRow[] } {
  const main = evm(`${tag}-main`);
  const deposit = evm(`${tag}-deposit`);
  const wallets = [main, ...Array.from({ length: alts }, (_, i) => evm(`${tag}-alt-${i}`))];
  const rows: TimedRow[] = [[EXCHANGE, main, T0, 500]];
  wallets.slice(1).forEach((w, i) => {
    rows.push([main, w, T0 + (3 + 17 * i) * DAY + 3_331 * i, 50 + i]);
    rows.push([w, evm(`${tag}-shop-${i}`), T0 + (6 + 17 * i) * DAY, 0.01]);
  });
  wallets.forEach((w, i) => {
    // the main wallet last (had it paid first, the account would look paid back by the funder of the others)
    const at = T0 + 120 * DAY + (wallets.length - 1 - i) * gap;
    // part of what each holds, not all of it (a sweep of whole holdings is a farm's, whatever the times)
    rows.push([w, deposit, at, 10 + 3 * i], [deposit, EXCHANGE, at + 600, 10 + 3 * i]);
  });
  rows.sort((a, b) => a[2] - b[2]);
  return { wallets, rows };
}

t.test('wallets paying one deposit address months apart are never a reject for it', async (t) => {
  const { wallets, rows } = owner('deposit-apart-person', 3, 40 * DAY);
  const res = await run(timedInput(wallets, rows, { [EXCHANGE]: 'exchange' }));
  const counts = actionCounts(res, wallets);
  t.equal(counts.reject, 0);
  t.equal(counts.approve, 0, 'the shared account still names them: reviewed');
});

t.test('wallets paying one deposit address within minutes are still a reject', async (t) => {
  const { wallets, rows } = owner('deposit-together-farm', 3, 90);
  const res = await run(timedInput(wallets, rows, { [EXCHANGE]: 'exchange' }));
  t.equal(actionCounts(res, wallets).reject, wallets.length);
});
