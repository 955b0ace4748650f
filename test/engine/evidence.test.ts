/**
 * The evidence rules of issue 12: hubs by role, batch and co-timed funding, membership needing a wallet's own
 * evidence, funding-only evidence never rejected, small farms flagged on strong evidence, and results that do not
 * depend on the input order, byte for byte.
 */
import t from 'tap';
import {
  analyze,
  createEnginePool,
  INCONCLUSIVE_CAP,
  PRESET_THRESHOLDS,
  type AnalyzeResult,
  type EngineInput,
} from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';
import { seededRng } from '../../engine/rng.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

type Row = TimedRow;
const input = timedInput;
const run = (i: EngineInput, preset: 'conservative' | 'balanced' | 'strict' = 'balanced'): Promise<AnalyzeResult> =>
  analyze(i, { mode: 'onchain', preset, pool });
const flagged = (r: AnalyzeResult, ws: string[]): number =>
  ws.filter((w) => r.wallets.find((d) => d.address === w)!.storedRecommendedAction !== 'approve').length;

t.test('hubs by role: a 10,000-wallet farm funder is found, a hot wallet paying 10,000 users is not', async (t) => {
  const funder = evm('farm-funder');
  const hot = evm('hot-wallet');
  const farm = Array.from({ length: 10_000 }, (_, i) => evm(`farm-${i}`));
  const users = Array.from({ length: 10_000 }, (_, i) => evm(`user-${i}`));
  const rows: Row[] = [];
  // the farm: batches of 100 wallets per second, identical amounts; then every wallet sweeps what it has left to one
  // collector (leftovers differ: one amount paid by every wallet would be a price, and its receiver a shop)
  farm.forEach((w, i) => rows.push([funder, w, 1_700_000_000 + Math.floor(i / 100), 0.05]));
  const collector = evm('collector');
  farm.forEach((w, i) => rows.push([w, collector, 1_701_000_000 + i * 7, 0.04 - ((i * 7919) % 997) / 100_000]));
  // the hot wallet: users withdraw at unrelated times (about 13 minutes apart) and amounts
  users.forEach((w, i) =>
    rows.push([hot, w, 1_700_000_000 + i * 787 + ((i * 7919) % 500), 0.1 + ((i * 37) % 1000) / 7]),
  );
  const r = await run(input([...farm, ...users], rows));
  t.equal(r.stats.funderHubs, 2, 'the farm funder and its collector have a role of their own');
  t.equal(r.stats.statisticalHubs, 1, 'the hot wallet is infrastructure');
  t.equal(flagged(r, farm), farm.length, 'every farm wallet is flagged');
  t.equal(flagged(r, users), 0, 'no user of the hot wallet is flagged');
  const farmSet = new Set(farm);
  t.ok(
    r.clusters.every((c) => c.members.every((m) => farmSet.has(m))),
    'no user is a member of any cluster',
  );
});

t.test('a bystander sharing one counterparty with a farm is not a member', async (t) => {
  const funder = evm('small-funder');
  const farm = Array.from({ length: 6 }, (_, i) => evm(`sf-${i}`));
  const bystander = evm('bystander');
  const shop = evm('shop');
  const rows: Row[] = farm.map((w, i) => [funder, w, 1_700_000_000 + i * 30, 0.2]);
  farm.forEach((w, i) => rows.push([w, farm[(i + 1) % farm.length], 1_700_100_000 + i, 0.01]));
  // everyone buys at the same shop, days apart
  [...farm, bystander].forEach((w, i) => rows.push([w, shop, 1_700_200_000 + i * 86_400, 0.5]));
  const r = await run(input([...farm, bystander], rows));
  t.equal(r.clusters.length, 1);
  t.notOk(r.clusters[0].members.includes(bystander), 'not in the cluster');
  const d = r.wallets.find((w) => w.address === bystander)!;
  t.match(d, { clusterLabel: null, storedRecommendedAction: 'approve' });
  t.match(d.reasons[0], /not a member/);
  t.equal(flagged(r, farm), farm.length);
});

t.test('small farms with strong evidence are flagged whatever their size', async (t) => {
  const disperse = evm('disperse');
  const farm = Array.from({ length: 3 }, (_, i) => evm(`tiny-${i}`));
  const collector = evm('tiny-collector');
  const rows: Row[] = farm.map((w) => [disperse, w, 1_700_000_000, 0.3]);
  farm.forEach((w, i) => rows.push([w, collector, 1_700_500_000 + i * 60, 0.29]));
  const r = await run(input(farm, rows, { [disperse]: 'contract' }));
  t.equal(r.clusters.length, 1, 'three wallets: one batch through a labelled Disperse contract and one sweep');
  t.ok(r.clusters[0].evidence.some((e) => e.kind === 'batch_funding' && e.riskBearing));
  t.equal(flagged(r, farm), 3);
});

t.test('funding-only evidence leads to manual review, never reject', async (t) => {
  const funder = evm('batch-only');
  const farm = Array.from({ length: 40 }, (_, i) => evm(`bo-${i}`));
  const r = await run(
    input(
      farm,
      farm.map((w) => [funder, w, 1_700_000_000, 1]),
    ),
    'strict',
  );
  t.equal(r.clusters.length, 1);
  for (const w of r.wallets) {
    t.ok(w.riskScore <= INCONCLUSIVE_CAP, `risk ${w.riskScore}`);
    t.not(w.storedRecommendedAction, 'reject');
  }
  t.ok(r.wallets.every((w) => w.reasons.some((x) => /never a reject|not conclusive/.test(x))));
  for (const preset of ['conservative', 'balanced', 'strict'] as const)
    t.ok(PRESET_THRESHOLDS[preset].reject > INCONCLUSIVE_CAP, `${preset} rejects above the cap`);
});

t.test('a shuffled input gives byte-identical output', async (t) => {
  // farms of several shapes, legitimate users, shared infrastructure and noise between groups
  const rng = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const r0 = rng(7);
  const exchange = evm('x-exchange');
  const wallets: string[] = [];
  const rows: Row[] = [];
  for (let f = 0; f < 12; f++) {
    const funder = evm(`x-funder-${f}`);
    const farm = Array.from({ length: 3 + f * 2 }, (_, i) => evm(`x-${f}-${i}`));
    wallets.push(...farm);
    farm.forEach((w, i) => rows.push([f % 3 === 0 ? exchange : funder, w, 1_700_000_000 + f * 9000 + i * 20, 0.5]));
    if (f % 2) farm.forEach((w, i) => rows.push([w, farm[(i + 1) % farm.length], 1_700_100_000 + i, 0.1]));
    // ties: same second, same amount, several senders
    rows.push([evm(`x-tie-${f}`), farm[0], 1_700_000_000 + f * 9000, 0.5]);
  }
  for (let i = 0; i < 200; i++) {
    const w = evm(`x-user-${i}`);
    wallets.push(w);
    rows.push([exchange, w, 1_690_000_000 + Math.floor(r0() * 1e7), Math.round(r0() * 1e4) / 100]);
    if (r0() < 0.3) rows.push([w, wallets[Math.floor(r0() * wallets.length)], 1_695_000_000 + i, 0.01]);
  }
  const base = input(wallets, rows, { [exchange]: 'exchange' });
  const canonical = (r: AnalyzeResult): string =>
    JSON.stringify({
      clusters: [...r.clusters].sort((a, b) => (a.label < b.label ? -1 : 1)),
      wallets: [...r.wallets].sort((a, b) => (a.address < b.address ? -1 : 1)),
      stats: r.stats,
    });
  const opts = { mode: 'onchain' as const, preset: 'balanced' as const, pool, tuning: { maxComponentNodes: 20 } };
  const expected = canonical(await analyze(base, opts));
  for (const seed of [1, 2, 3]) {
    const r = rng(seed);
    const shuffle = <T>(a: T[]): T[] => {
      const b = a.slice();
      for (let i = b.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [b[i], b[j]] = [b[j], b[i]];
      }
      return b;
    };
    const shuffled = input(shuffle(wallets), shuffle(rows), { [exchange]: 'exchange' });
    t.equal(canonical(await analyze(shuffled, opts)), expected, `shuffle ${seed}: byte-identical`);
  }
  t.ok(JSON.parse(expected).clusters.length >= 8, 'the fixture has clusters to compare');
});

t.test('lockstep: the same contracts in the same order within minutes is evidence, never a grouping', async (t) => {
  const router = evm('ls-router');
  const mint = evm('ls-mint');
  const bridge = evm('ls-bridge');
  const funder = evm('ls-funder');
  const farm = Array.from({ length: 5 }, (_, i) => evm(`ls-${i}`));
  // funded a day apart (no burst), then the script: router, mint, bridge, wallet after wallet
  const rows: Row[] = farm.map((w, i) => [funder, w, 1_700_000_000 + i * 86_400, 1 + i]);
  farm.forEach((w, i) =>
    [router, mint, bridge].forEach((c, k) => rows.push([w, c, 1_701_000_000 + i * 45 + k * 100, 0.1])),
  );
  // the same script run by strangers, hours apart: no evidence, and they are not grouped
  const strangers = Array.from({ length: 3 }, (_, i) => evm(`ls-stranger-${i}`));
  strangers.forEach((w, i) =>
    [router, mint, bridge].forEach((c, k) => rows.push([w, c, 1_702_000_000 + i * 7200 + k * 100, 0.1])),
  );
  const infra = { [router]: 'contract', [mint]: 'contract', [bridge]: 'contract' };
  const r = await run(input([...farm, ...strangers], rows, infra));
  t.equal(r.clusters.length, 1);
  const item = r.clusters[0].evidence.find((e) => e.kind === 'lockstep');
  t.ok(item?.riskBearing, 'a lockstep item');
  t.same([...(item?.addresses ?? [])].sort(), [...farm].sort(), 'naming the five scripted members');
  t.equal(flagged(r, strangers), 0);
  const alone = await run(
    input(
      strangers.concat(farm),
      rows.filter((x) => x[0] !== funder),
      infra,
    ),
  );
  t.equal(alone.clusters.length, 0, 'lockstep alone groups nobody');
});

t.test('customers withdrawing round amounts from one exchange are not a co-timed farm', async (t) => {
  const exchange = evm('round-exchange');
  const r = seededRng(99);
  const users = Array.from({ length: 60_000 }, (_, i) => evm(`round-user-${i}`));
  const amounts = [0.1, 0.2, 0.5, 1, 2];
  const rows: Row[] = users.map((w) => [
    exchange,
    w,
    1_700_000_000 + Math.floor(r() * 30 * 86_400),
    amounts[Math.floor(r() * amounts.length)],
  ]);
  // and a farm routed through the same exchange: 12 withdrawals of 0.37, a minute apart, swept to one collector
  const farm = Array.from({ length: 12 }, (_, i) => evm(`round-farm-${i}`));
  const collector = evm('round-collector');
  farm.forEach((w, i) => rows.push([exchange, w, 1_701_000_000 + i * 60, 0.37]));
  farm.forEach((w, i) => rows.push([w, collector, 1_702_000_000 + i * 90, 0.36]));
  const res = await run(input([...users, ...farm], rows, { [exchange]: 'exchange' }));
  t.equal(flagged(res, users), 0, 'no customer flagged');
  t.equal(flagged(res, farm), farm.length, 'the farm is');
});
