/**
 * Issue 12, breadth without block times (engine/evidence/breadth.ts): an untimed narrow cluster (no tie joining
 * transferWebMin listed wallets) lends `untimedNarrowFactor` of its support; a broad funder (one address that paid
 * transferWebMin or more members) brings its wallets to review but never to reject (funding only).
 */
import t from 'tap';
import { analyze, createEnginePool, PRESET_THRESHOLDS, type AnalyzeResult } from '../../engine/index.ts';
import { evidenceBreadth } from '../../engine/evidence/breadth.ts';
import { engineInput, evm, type Spec } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (spec: Spec, untimedNarrowFactor: number, transferWebMin = 8): Promise<AnalyzeResult> =>
  analyze(engineInput(spec), {
    mode: 'onchain',
    preset: 'balanced',
    pool,
    tuning: { untimedNarrowFactor, transferWebMin },
  });
const risk = (r: AnalyzeResult, w: string): number => r.wallets.find((d) => d.address === w)!.riskScore;
const { review, reject } = PRESET_THRESHOLDS.balanced;

/** Three wallets that pay each other often (one person's wallets, or a tiny farm): no times. */
function trio(tag: string, time?: (k: number) => number): Spec {
  const [a, b, c] = ['a', 'b', 'c'].map((x) => evm(`${tag}-${x}`));
  const transfers: Array<[string, string, number?]> = [];
  for (let k = 0; k < 6; k++) transfers.push([a, b, time?.(k)], [b, c, time?.(k + 10)], [c, a, time?.(k + 20)]);
  return { wallets: [a, b, c], transfers };
}

t.test('an untimed narrow cluster lends the narrow factor of its support', async (t) => {
  const spec = trio('narrow');
  const full = await run(spec, 1);
  const half = await run(spec, 0.5);
  const w = spec.wallets[0] as string;
  t.equal(full.clusters.length, 1);
  t.equal(evidenceBreadth(full.clusters[0].evidence), 0, 'no web, funder or sweep: breadth 0');
  t.ok(risk(full, w) >= review, `flagged at factor 1 (${risk(full, w)})`);
  // risk is rounded from the unrounded product: half of 51 is 25 or 26
  t.ok(Math.abs(risk(half, w) - risk(full, w) / 2) <= 1, `about half the risk at factor 0.5 (${risk(half, w)})`);
  t.ok(risk(half, w) < review, 'not flagged');
  const reasons = half.wallets.find((d) => d.address === w)!.reasons;
  t.ok(
    reasons.some((r) => r.startsWith('without block times')),
    'the reason says why',
  );
  t.notOk(
    full.wallets.find((d) => d.address === w)!.reasons.some((r) => r.startsWith('without block times')),
    'no such reason when the factor is off',
  );
  const off = await run(spec, 0.5, 0);
  t.equal(risk(off, w), risk(full, w), 'without a web minimum there is no breadth: no effect');
});

t.test('with block times the narrow factor does not apply (timing evidence decides)', async (t) => {
  const spec = trio('timed', (k) => 1_000_000 + k * 86_400);
  const full = await run(spec, 1);
  const half = await run(spec, 0.5);
  const w = spec.wallets[0] as string;
  t.equal(full.clusters.length, 1, 'one cluster');
  t.ok(risk(full, w) > 20, `scored (${risk(full, w)})`);
  t.equal(risk(half, w), risk(full, w));
});

t.test('a broad cluster keeps its full support without times', async (t) => {
  const chain = Array.from({ length: 12 }, (_, i) => evm(`web-${i}`));
  const spec: Spec = { wallets: chain, transfers: chain.slice(1).map((w, i) => [chain[i], w] as [string, string]) };
  const full = await run(spec, 1);
  const half = await run(spec, 0.5);
  t.ok(evidenceBreadth(full.clusters[0].evidence) >= 8, 'a transfer web of 12');
  t.same(
    half.wallets.map((d) => d.riskScore),
    full.wallets.map((d) => d.riskScore),
  );
});

t.test('a broad untimed funder of 100 wallets flags them for review, never rejects', async (t) => {
  const funder = evm('broad-funder');
  const ws = Array.from({ length: 100 }, (_, i) => evm(`broad-${i}`));
  const spec: Spec = { wallets: ws, transfers: ws.map((w) => [funder, w] as [string, string]) };
  const r = await run(spec, 0.5);
  t.equal(r.clusters.length, 1);
  t.ok(
    ws.every((w) => risk(r, w) >= review && risk(r, w) < reject),
    `all at manual_review (${risk(r, ws[0])})`,
  );
  // a funder of 3 members is narrow: not flagged
  const few = await run({ wallets: ws.slice(0, 3), transfers: ws.slice(0, 3).map((w) => [funder, w]) }, 0.5);
  t.ok(
    ws.slice(0, 3).every((w) => risk(few, w) < review),
    'a funder of three wallets alone flags nobody',
  );
});
