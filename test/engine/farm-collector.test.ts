/**
 * Hubs by what they receive (engine/wallet-graph.ts `farmCollectors`): a receiver of more listed wallets than
 * `hubMinDegree` that only passes the funds on to an exchange is a farm's collector, so its payers are grouped and
 * their deposits are a sweep; a mint of as many buyers whose proceeds go to the exchange is paid prices and stays a
 * hub, its buyers approved.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const HUB_MIN = 100;
const run = (i: EngineInput) =>
  analyze(i, { mode: 'onchain', preset: 'balanced', pool, tuning: { hubMinDegree: HUB_MIN } });
const T0 = 1_700_000_000;
const DAY = 86_400;
const r = seededRng(13);
const exchange = evm('collector-exchange');

t.test("a hub-sized collector forwarding to an exchange is a farm's; a mint's proceeds are not", async (t) => {
  const rows: TimedRow[] = [];
  const collector = evm('collector-hub');
  const farm = Array.from({ length: 150 }, (_, i) => evm(`collector-farm-${i}`));
  // funded from the exchange at unrelated times, then each sends what it has left over five days
  for (const w of farm) rows.push([exchange, w, T0 + Math.floor(r() * 30 * DAY), 0.02 + r() * 0.08]);
  for (const w of farm) rows.push([w, collector, T0 + 40 * DAY + Math.floor(r() * 5 * DAY), 0.005 + r() * 0.05]);
  rows.push([collector, exchange, T0 + 46 * DAY, 3.5]);
  const mint = evm('collector-mint');
  const buyers = Array.from({ length: 150 }, (_, i) => evm(`collector-buyer-${i}`));
  for (const b of buyers) rows.push([exchange, b, T0 + Math.floor(r() * 30 * DAY), 0.1 + r()]);
  for (const b of buyers)
    rows.push([b, mint, T0 + 35 * DAY + Math.floor(r() * 3600), 0.05 * (1 + Math.floor(r() * 2))]);
  rows.push([mint, exchange, T0 + 36 * DAY, 11]);
  const res = await run(timedInput([...farm, ...buyers], rows, { [exchange]: 'exchange' }));
  // the collector is the one funder hub: the mint's buyers paid it in a burst, but of round prices not all the same,
  // what customers pick (wallet-graph.ts burstCount), so it stays a hub
  t.equal(res.stats.funderHubs, 1);
  t.equal(actionCounts(res, farm).approve, 0, 'every farm wallet is flagged');
  t.same(actionCounts(res, buyers), { approve: buyers.length, manual_review: 0, reject: 0 });
});

t.test(
  'a collector forwarding to an exchange nobody labelled (a hub by its fan-out) is a deposit address',
  async (t) => {
    const rows: TimedRow[] = [];
    const hotWallet = evm('unlabelled-exchange');
    // the exchange pays 2 * HUB_MIN customers outside the list: a statistical hub, not labelled
    for (let i = 0; i < 2 * HUB_MIN; i++) rows.push([hotWallet, evm(`outside-customer-${i}`), T0 + i * 600, 0.1 + r()]);
    const collector = evm('collector-to-unlabelled');
    const farm = Array.from({ length: 12 }, (_, i) => evm(`unlabelled-collector-farm-${i}`));
    for (const w of farm) rows.push([evm(`own-source-${w}`), w, T0 + Math.floor(r() * 30 * DAY), 0.02 + r() * 0.08]);
    for (const w of farm) rows.push([w, collector, T0 + 40 * DAY + Math.floor(r() * 5 * DAY), 0.005 + r() * 0.05]);
    rows.push([collector, hotWallet, T0 + 46 * DAY, 0.4]);
    rows.sort((a, b) => a[2] - b[2]);
    const res = await run(timedInput(farm, rows));
    const sweep = res.clusters.flatMap((c) => c.evidence).find((e) => e.kind === 'consolidation_sweep');
    t.equal(sweep?.data.depositAddress, true, 'its payments are a deposit address sweep');
    t.equal(actionCounts(res, farm).approve, 0, 'every farm wallet is flagged');
  },
);
