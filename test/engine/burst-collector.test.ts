/**
 * A hub-sized collector found by its bursts (engine/wallet-graph.ts burstCollector): 150 wallets, each funded by its
 * own exchange withdrawal days apart, sweep odd amounts into one unlabelled address in one session, seconds apart.
 * With hubMinDegree 100 the collector is hub-sized; its bursts make it a farm's collector, which groups its payers,
 * and none of them is approved. 150 buyers of a mint rush paying its contract a price in minutes stay approved (a
 * shop), as do 150 people paying the collector's address over months. Only payers nothing else groups are grouped:
 * a family one of whose members paid the collector in the session stays a cluster of its own (joining that
 * member's group too merged a farm of 3,000 with a giant farm and the people tied to it on a development seed).
 */
import t from 'tap';
import { createEnginePool, type EngineInput } from '../../engine/index.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = balancedRun(pool);

const T0 = 1_700_000_000;
const exchange = evm('burst-collector-exchange');
const labels = { [exchange]: 'exchange' };

/**
 * 150 wallets withdrawn from the exchange hours apart, each paying `receiver` `paid(i)` at `when(i)`; `family`
 * listed wallets more, who pay one another, and the first of whom pays the receiver in the session too (`reversed`:
 * the transfers in reverse time order).
 */
function campaign(
  tag: string,
  paid: (i: number) => number,
  when: (i: number) => number,
  family = 0,
  reversed = false,
): EngineInput {
  const receiver = evm(`${tag}-receiver`);
  const wallets = Array.from({ length: 150 }, (_, i) => evm(`${tag}-${i}`));
  const rows: TimedRow[] = [];
  wallets.forEach((w, i) => {
    rows.push([exchange, w, T0 + i * 7_207, 0.1 + ((i * 37) % 90) / 100]);
    rows.push([w, receiver, when(i), paid(i)]);
  });
  const kin = Array.from({ length: family }, (_, i) => evm(`${tag}-kin-${i}`));
  kin.forEach((k, i) => {
    rows.push([exchange, k, T0 + i * DAY + 77, 0.5]);
    for (let j = 0; j < family; j++)
      if (j !== i) rows.push([k, kin[j], T0 + (10 + i + j) * DAY + 300 * j, 0.01 * (j + 1)]);
  });
  if (family > 0) rows.push([kin[0], receiver, when(75) + 5, 0.0123]);
  rows.sort((a, b) => a[2] - b[2]);
  if (reversed) rows.reverse();
  return timedInput([...wallets, ...kin], rows, labels, { chain: rows.map(() => 1), asset: rows.map(() => 0) });
}
/** The 150 wallets that paid the receiver (listed first), not the family. */
const walletsOf = (input: EngineInput): string[] => input.wallets.slice(0, 150).map((w) => w.address);
const odd = (i: number): number => 0.0131 + ((i * 7331) % 1000) / 97_001;
const session = (i: number): number => T0 + 60 * DAY + i * 11;

t.test('150 wallets sweeping odd amounts into one hub-sized address within minutes: none approved', async (t) => {
  const input = campaign('sweep', odd, session);
  const res = await run(input, 100);
  t.equal(res.stats.funderHubs, 1, 'the collector is a hub by role');
  t.equal(actionCounts(res, walletsOf(input)).approve, 0, 'none approved');
});

t.test('the same transfers in reverse order, the family included: the same output, byte for byte', async (t) => {
  const reversed = campaign('kin', odd, session, 4, true);
  t.equal(JSON.stringify(await run(reversed, 100)), JSON.stringify(await run(campaign('kin', odd, session, 4), 100)));
});

t.test('150 buyers paying a mint its price within minutes: a shop, all approved', async (t) => {
  const input = campaign('mint', (i) => [0.02, 0.04][i % 2], session);
  t.same(actionCounts(await run(input, 100), walletsOf(input)), { approve: 150, manual_review: 0, reject: 0 });
});

t.test('150 people paying one address odd amounts over months: all approved', async (t) => {
  const input = campaign('spread', odd, (i) => T0 + 60 * DAY + i * 17_011);
  t.same(actionCounts(await run(input, 100), walletsOf(input)), { approve: 150, manual_review: 0, reject: 0 });
});

t.test('a family one of whose members paid the collector in the session keeps a cluster of its own', async (t) => {
  const input = campaign('kin', odd, session, 4);
  const res = await run(input, 100);
  const of = new Map(res.wallets.map((w) => [w.address, w.clusterLabel]));
  const farm = new Set(walletsOf(input).map((a) => of.get(a)));
  t.equal(farm.size, 1, 'the farm is one cluster');
  const kin = [1, 2, 3].map((i) => of.get(evm(`kin-kin-${i}`)));
  t.ok(
    kin.every((c) => c !== null && !farm.has(c)),
    "the other members are not in the farm's cluster",
  );
});
