/**
 * Passing webs (engine/evidence/passing-webs.ts): listed wallets nearly all of which paid exactly one other, a chain
 * or a random mapping (a farm's script having each wallet pay another once). Such a web closes no triangle, so the
 * backbone pruning of a component over `maxComponentNodes` cut it into pieces of one to three wallets: it now joins
 * one grouping. In its cluster, a wallet tied by its payment alone is no bystander when a few members also act in
 * concert. People who each pay several others are no passing web.
 */
import t from 'tap';
import { analyze, createEnginePool, type EngineInput } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';
import { actionCounts, balancedRun, DAY, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const exchange = evm('passing-exchange');
const r = seededRng(12);

/**
 * `n` wallets first paid by the exchange hours apart, then, days apart, each of the first `payers` pays `each` others
 * of them once (with `each` 1: an earlier one, the first the second; one web).
 */
function web(tag: string, n: number, each: number, rows: TimedRow[], payers = n): string[] {
  const list = Array.from({ length: n }, (_, i) => evm(`${tag}-${i}`));
  list.forEach((w, i) => rows.push([exchange, w, T0 + i * 5 * 3_600, 0.02 + r() * 0.06]));
  list.slice(0, payers).forEach((w, i) => {
    const paid = new Set<number>();
    while (paid.size < each) {
      const j = each === 1 ? (i === 0 ? 1 : Math.floor(r() * i)) : Math.floor(r() * n);
      if (j !== i) paid.add(j);
    }
    for (const j of paid) rows.push([w, list[j], T0 + (60 + r() * 20) * DAY, 0.001 + r() * 0.009]);
  });
  return list;
}

t.test(
  'a web of 150 wallets each paying one other is found past maxComponentNodes (100); people paying several are not',
  async (t) => {
    const rows: TimedRow[] = [];
    const farm = web('passing-farm', 150, 1, rows);
    // a fifth of the people pay five others each (so most of the web is paid without paying)
    const people = web('passing-people', 150, 5, rows, 30);
    rows.sort((a, b) => a[2] - b[2]);
    const input: EngineInput = timedInput([...farm, ...people], rows, { [exchange]: 'exchange' });
    const res = await analyze(input, { mode: 'onchain', preset: 'balanced', pool, tuning: { maxComponentNodes: 100 } });
    t.ok(
      actionCounts(res, farm).approve <= 15,
      `at most a tenth of the farm approved (${actionCounts(res, farm).approve})`,
    );
    t.same(actionCounts(res, people), { approve: 150, manual_review: 0, reject: 0 }, 'every person approved');
  },
);

t.test('a web of 40 wallets each paying one other, three of them funded in one run: none is a bystander', async (t) => {
  const rows: TimedRow[] = [];
  const farm = web('passing-run', 40, 1, rows);
  // the first three are first funded within minutes by one operator, with about one amount (a co-timed run)
  const operator = evm('passing-run-operator');
  rows.push([exchange, operator, T0 - 3 * DAY, 1]);
  for (let i = 0; i < 3; i++) rows.splice(i, 1, [operator, farm[i], T0 - DAY + i * 120, 0.03]);
  rows.sort((a, b) => a[2] - b[2]);
  const res = await balancedRun(pool)(timedInput(farm, rows, { [exchange]: 'exchange' }));
  t.ok(
    res.clusters.flatMap((c) => c.evidence).some((e) => e.kind === 'cotimed_funding'),
    'the run is found',
  );
  t.equal(actionCounts(res, farm).approve, 0, 'no wallet of the web is approved');
});

t.test('two ring farms of 20, each a group of its own, tied by one payment stay two clusters', async (t) => {
  // each wallet passes funds to the next of its ring (one passing web of 40 with the payment between the rings),
  // each ring is one group by its funder's star (its ring edges close triangles with the funder)
  const rows: TimedRow[] = [];
  const rings = ['passing-ring-a', 'passing-ring-b'].map((tag, k) => {
    const funder = evm(`${tag}-funder`);
    rows.push([exchange, funder, T0 - DAY, 2]);
    const ring = Array.from({ length: 20 }, (_, i) => evm(`${tag}-${i}`));
    ring.forEach((w, i) => rows.push([funder, w, T0 + k * 9 * DAY + i * 4 * 3_600, 0.02 + r() * 0.06]));
    ring.forEach((w, i) => rows.push([w, ring[(i + 1) % ring.length], T0 + (30 + k * 9 + i) * DAY, 0.001 + r() / 100]));
    return ring;
  });
  rows.push([rings[0][0], rings[1][1], T0 + 90 * DAY, 0.004]);
  rows.sort((a, b) => a[2] - b[2]);
  const input = timedInput(rings.flat(), rows, { [exchange]: 'exchange' });
  const res = await analyze(input, { mode: 'onchain', preset: 'balanced', pool, tuning: { maxComponentNodes: 30 } });
  const labels = rings.map(
    (ring) => new Set(res.wallets.filter((w) => ring.includes(w.address)).map((w) => w.clusterLabel)),
  );
  t.equal(labels[0].size, 1, 'the first ring is one cluster');
  t.equal(labels[1].size, 1, 'the second ring is one cluster');
  t.not([...labels[0]][0], [...labels[1]][0], 'not the same one');
});
