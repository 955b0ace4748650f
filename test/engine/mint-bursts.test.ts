/**
 * An NFT mint that campaign users pay one price, in rushes of several within minutes and now and then for years,
 * bursts as a farm's collector does; but it is paid prices, so it is a shop and stays a hub (wallet-graph.ts
 * `burstRole`). As a farm's funder, its buyers' payments within minutes of each other were a sweep wherever they sat
 * in one cluster: on the second blind generator's development seed 9612, 361 legitimate rejects (9612-9616: 689 → 0).
 */
import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;

t.test('a mint paid one price in rushes stays a hub; its buyers stay approved', async (t) => {
  const r = seededRng(9);
  const mint = evm('mint-bursts-contract');
  const exchange = evm('mint-bursts-exchange');
  const buyers = Array.from({ length: 240 }, (_, i) => evm(`mint-bursts-buyer-${i}`));
  const rows: TimedRow[] = [];
  buyers.forEach((b, i) => {
    // six rushes of forty buyers, each buyer within minutes of the last, months apart
    const rush = T0 + Math.floor(i / 40) * 150 * DAY;
    const at = rush + (i % 40) * 40 + Math.floor(r() * 30);
    rows.push([exchange, b, at - DAY - Math.floor(r() * 30 * DAY), 0.2 + r()]);
    rows.push([b, mint, at, 0.05]);
  });
  rows.sort((a, b) => a[2] - b[2]);
  const res = await balancedRun(pool)(timedInput(buyers, rows, { [exchange]: 'exchange' }), 100);
  t.equal(res.stats.funderHubs, 0, 'the mint is no farm funder or collector');
  t.same(actionCounts(res, buyers), { approve: 240, manual_review: 0, reject: 0 });
});
