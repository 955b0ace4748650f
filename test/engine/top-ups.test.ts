/**
 * Top-up sources (engine/top-ups.ts): an unlabelled address whose payments to listed wallets are nearly all small
 * top-ups of wallets an exchange funded first (a farm's gas wallet) makes `topup_funding`, and its wallets go to
 * review, never reject (funding only), also when it is hub-sized; a faucet's fixed drip, a desk paying more than the
 * wallets started with, or a pool paying back what the wallets put in makes none and its wallets stay approved.
 */
import t from 'tap';
import { createEnginePool, type AnalyzeResult } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);

const T0 = 1_700_000_000;
const exchange = evm('topup-exchange');
const contract = evm('topup-campaign-contract');
const labels = { [exchange]: 'exchange', [contract]: 'contract' };
const ROUND = [0.05, 0.1, 0.2, 0.5, 1];

/**
 * `count` wallets, each first funded by the exchange on its own day with an amount people pick, then paid 1-2 times
 * by `payer` days later `amountOf(i)`; each calls the campaign's contract once.
 */
function campaign(
  tag: string,
  count: number,
  amountOf: (i: number) => number,
): { wallets: string[]; rows: TimedRow[] } {
  const r = seededRng(count);
  const payer = evm(`${tag}-payer`);
  const wallets = Array.from({ length: count }, (_, i) => evm(`${tag}-${i}`));
  const rows: TimedRow[] = [];
  wallets.forEach((w, i) => {
    const funded = T0 + Math.floor(r() * 60 * DAY);
    rows.push([exchange, w, funded, ROUND[i % ROUND.length]]);
    for (let k = 0; k < 1 + (i % 2); k++) rows.push([payer, w, funded + Math.floor((1 + r() * 20) * DAY), amountOf(i)]);
    rows.push([w, contract, funded + Math.floor(r() * 30 * DAY), 0.001]);
  });
  return { wallets, rows };
}
const topUpItems = (r: AnalyzeResult) =>
  r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'topup_funding');
// gas-sized, varied by a script: 0.002-0.008
const gas = (i: number): number => 0.002 + 0.006 * (((i * 7919) % 97) / 97);

t.test('a gas wallet topping up 12 exchange-funded wallets at unrelated times: top-ups, all reviewed', async (t) => {
  const farm = campaign('gas', 12, gas);
  const res = await run(timedInput(farm.wallets, farm.rows, labels));
  t.equal(topUpItems(res).length, 1, 'one top-up item');
  t.equal(topUpItems(res)[0].data.fundedMembers, 12, 'naming every wallet');
  t.same(actionCounts(res, farm.wallets), { approve: 0, manual_review: 12, reject: 0 }, 'funding only: never reject');
});

t.test('the same transfers in reverse order: the same output, byte for byte', async (t) => {
  const farm = campaign('gas', 12, gas);
  const forward = await run(timedInput(farm.wallets, farm.rows, labels));
  const reversed = await run(timedInput(farm.wallets, farm.rows.slice().reverse(), labels));
  t.equal(JSON.stringify(reversed), JSON.stringify(forward));
});

t.test('a faucet dripping one fixed amount to the same wallets: no top-ups, all approved', async (t) => {
  const users = campaign('faucet', 12, () => 0.005);
  const res = await run(timedInput(users.wallets, users.rows, labels));
  t.equal(topUpItems(res).length, 0);
  t.same(actionCounts(res, users.wallets), { approve: 12, manual_review: 0, reject: 0 });
});

t.test('a desk paying the wallets more than they started with: no top-ups, all approved', async (t) => {
  const clients = campaign('desk', 12, (i) => 2 + gas(i) * 100);
  const res = await run(timedInput(clients.wallets, clients.rows, labels));
  t.equal(topUpItems(res).length, 0);
  t.same(actionCounts(res, clients.wallets), { approve: 12, manual_review: 0, reject: 0 });
});

t.test('a pool paying back what the wallets deposited in it: no top-ups, all approved', async (t) => {
  const users = campaign('pool', 12, gas);
  const poolAddress = evm('pool-payer');
  // each wallet deposited in the pool before it was paid back
  const deposits: TimedRow[] = users.wallets.map((w) => {
    const funded = users.rows.find((x) => x[1] === w)![2];
    return [w, poolAddress, funded + 3600, 0.01];
  });
  const res = await run(timedInput(users.wallets, [...users.rows, ...deposits], labels));
  t.equal(topUpItems(res).length, 0);
  t.same(actionCounts(res, users.wallets), { approve: 12, manual_review: 0, reject: 0 });
});

t.test('a hub-sized gas wallet (150 wallets, hubMinDegree 100) is a farm funder, not infrastructure', async (t) => {
  const farm = campaign('gas-hub', 150, gas);
  const res = await run(timedInput(farm.wallets, farm.rows, labels), 100);
  t.equal(res.stats.funderHubs, 1, 'the gas wallet only');
  t.same(actionCounts(res, farm.wallets), { approve: 0, manual_review: 150, reject: 0 });
});
