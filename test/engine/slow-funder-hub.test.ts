/**
 * Hubs by role when a farm's funder pays slowly (engine/wallet-graph.ts `classifyFunders`): a funder of more wallets
 * than `hubMinDegree` that pays them one by one, hours apart, with about one amount is a farm's funder, not
 * infrastructure, so its uniform funding is found (the slow star at a hub's size); a hot wallet paying as many users
 * the amounts they chose stays infrastructure and its users stay approved.
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const HUB_MIN = 100;
const run = (i: EngineInput): Promise<AnalyzeResult> =>
  analyze(i, { mode: 'onchain', preset: 'balanced', pool, tuning: { hubMinDegree: HUB_MIN } });

const r = seededRng(7);
const funder = evm('slow-hub-funder');
const farm = Array.from({ length: 150 }, (_, i) => evm(`slow-hub-farm-${i}`));
const hot = evm('slow-hub-hot');
const users = Array.from({ length: 150 }, (_, i) => evm(`slow-hub-user-${i}`));
const rows: TimedRow[] = [];
let time = 1_700_000_000;
// one by one, 1-3 hours apart, 0.1 ETH within 20%
for (const w of farm) rows.push([funder, w, (time += 3600 + Math.floor(r() * 7200)), 0.1 * (0.8 + 0.4 * r())]);
// withdrawals at unrelated times over three months, amounts the users chose (log-normal)
for (const u of users) rows.push([hot, u, 1_700_000_000 + Math.floor(r() * 90 * 86_400), Math.exp(r() * 4 - 2)]);

t.test('a hub-sized slow funder of one amount is a farm funder; a hot wallet stays infrastructure', async (t) => {
  const res = await run(timedInput([...farm, ...users], rows));
  t.equal(res.stats.funderHubs, 1, 'the farm funder only');
  t.same(actionCounts(res, farm), { approve: 0, manual_review: 150, reject: 0 }, 'funding alone: review, never reject');
  t.same(actionCounts(res, users), { approve: 150, manual_review: 0, reject: 0 });
  t.ok(res.clusters.some((c) => c.evidence.some((e) => e.kind === 'uniform_funding')));
});

t.test(
  'a distributor paying one amount to wallets funded before it (a flat airdrop) stays infrastructure',
  async (t) => {
    const distributor = evm('slow-hub-distributor');
    // the same users claim 100 tokens each, days after their withdrawals, one by one
    const claims: TimedRow[] = users.map((u, i) => [distributor, u, 1_710_000_000 + i * 5000, 100]);
    const res = await run(timedInput(users, [...rows.filter((x) => x[0] === hot), ...claims]));
    t.equal(res.stats.funderHubs, 0);
    t.same(actionCounts(res, users), { approve: 150, manual_review: 0, reject: 0 });
  },
);
