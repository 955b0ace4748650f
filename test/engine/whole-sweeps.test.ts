/**
 * Whole-holding sweeps (engine/whole-sweeps.ts): listed wallets that each send one unlisted receiver everything they
 * hold of a token, hours apart, to a receiver that pays none of them, are one owner's: a consolidation sweep whatever
 * the times, also when the receiver is hub-sized; wallets sending it part of what they hold, or a receiver that pays
 * listed wallets, stay a shared counterparty and the wallets stay approved.
 */
import t from 'tap';
import { createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);

const T0 = 1_700_000_000;
const ETH = 0;
const TOKEN = 1;
const exchange = evm('sweep-exchange');
const distributor = evm('sweep-distributor');
const labels = { [exchange]: 'exchange', [distributor]: 'contract' };

/**
 * `count` wallets, each funded by the exchange and paid a claim of the token by the distributor a day later, ten
 * hours after the wallet before, then sending `share` of its tokens to one collector 20 days later (`extra`: more
 * rows).
 */
function farm(tag: string, count: number, share: number, extra: (wallets: string[]) => Array<[TimedRow, number]>) {
  const collector = evm(`${tag}-collector`);
  const wallets = Array.from({ length: count }, (_, i) => evm(`${tag}-${i}`));
  const rows: Array<[TimedRow, number]> = [];
  wallets.forEach((w, i) => {
    const day = T0 + i * 36_013; // ten hours apart
    const claim = 100 + ((i * 53) % 400);
    rows.push([[exchange, w, day, 0.05 + i / 1000], ETH]);
    rows.push([[distributor, w, day + DAY, claim], TOKEN]);
    rows.push([[w, collector, day + 20 * DAY, claim * share], TOKEN]);
  });
  rows.push(...extra(wallets));
  const build = (list: Array<[TimedRow, number]>): EngineInput =>
    timedInput(
      wallets,
      list.map(([r]) => r),
      labels,
      { chain: list.map(() => 1), asset: list.map(([, a]) => a) },
    );
  return { wallets, collector, input: build(rows), reversed: build(rows.slice().reverse()) };
}
const sweeps = (r: AnalyzeResult) =>
  r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'consolidation_sweep');

t.test('10 wallets each sending all of their claimed token to one collector, hours apart: a sweep', async (t) => {
  const f = farm('whole', 10, 1, () => []);
  const res = await run(f.input);
  t.equal(sweeps(res).length, 1, 'one sweep item');
  t.equal(sweeps(res)[0].data.wholeHoldings, true);
  t.equal(actionCounts(res, f.wallets).approve, 0, 'none approved');
});

t.test('the same transfers in reverse order: the same output, byte for byte', async (t) => {
  const f = farm('whole', 10, 1, () => []);
  t.equal(JSON.stringify(await run(f.reversed)), JSON.stringify(await run(f.input)));
});

t.test('the same wallets sending half of their tokens: a shared counterparty, all approved', async (t) => {
  const f = farm('half', 10, 0.5, () => []);
  const res = await run(f.input);
  t.equal(sweeps(res).length, 0);
  t.same(actionCounts(res, f.wallets), { approve: 10, manual_review: 0, reject: 0 });
});

t.test('a receiver that pays a listed wallet (a service): a shared counterparty, all approved', async (t) => {
  const f = farm('service', 10, 1, (wallets) => [[[evm('service-collector'), wallets[0], T0 + 200 * DAY, 1], ETH]]);
  const res = await run(f.input);
  t.equal(sweeps(res).length, 0);
  t.same(actionCounts(res, f.wallets), { approve: 10, manual_review: 0, reject: 0 });
});

t.test('a hub-sized collector (150 wallets, hubMinDegree 100) is a farm collector, not infrastructure', async (t) => {
  const f = farm('whole-hub', 150, 1, () => []);
  const res = await run(f.input, 100);
  t.equal(res.stats.funderHubs, 1, 'the collector is a hub by role');
  t.equal(actionCounts(res, f.wallets).approve, 0, 'none approved');
});
