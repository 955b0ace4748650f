/**
 * Issue 12, breadth (engine/evidence/breadth.ts): a narrow cluster (no tie joining transferWebMin listed wallets)
 * lends `narrowFactor` of its support without block times, and with them when only payments among its members tie
 * it; a broad funder (one address that paid
 * transferWebMin or more members) brings its wallets to review but never to reject (funding only).
 */
import t from 'tap';
import { analyze, createEnginePool, PRESET_THRESHOLDS, type AnalyzeResult } from '../../engine/index.ts';
import { evidenceBreadth } from '../../engine/evidence/breadth.ts';
import { engineInput, evm, timedInput, type Spec, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (spec: Spec, narrowFactor: number, transferWebMin = 8): Promise<AnalyzeResult> =>
  analyze(engineInput(spec), {
    mode: 'onchain',
    preset: 'balanced',
    pool,
    tuning: { narrowFactor, transferWebMin },
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

t.test('with block times, a narrow cluster tied only by payments among its members lends the factor', async (t) => {
  // friends paying each other days apart: nothing timed and no outside tie tells them from a tiny farm
  const spec = trio('timed', (k) => 1_000_000 + k * 86_400);
  const full = await run(spec, 1);
  const half = await run(spec, 0.5);
  const w = spec.wallets[0] as string;
  t.equal(full.clusters.length, 1, 'one cluster');
  t.ok(risk(full, w) >= review, `flagged at factor 1 (${risk(full, w)})`);
  t.ok(risk(full, w) < reject, `but never a reject (${risk(full, w)})`);
  t.ok(risk(half, w) < review, `not flagged at factor 0.5 (${risk(half, w)})`);
  const reasons = half.wallets.find((d) => d.address === w)!.reasons;
  t.ok(
    reasons.some((r) => r.startsWith('tied only by payments among its members')),
    'the reason says why',
  );
});

t.test('with block times, a broad web of payments at unrelated times is reviewed, never rejected', async (t) => {
  // twelve wallets each paying the next, days apart: a web of 12 (broad, not narrow), only social ties
  const ring = Array.from({ length: 12 }, (_, i) => evm(`social-web-${i}`));
  const rows: TimedRow[] = ring.map((w, i) => [w, ring[(i + 1) % 12], 1_000_000 + i * 3 * 86_400, 0.01 + i / 1000]);
  const social = await analyze(timedInput(ring, rows), { mode: 'onchain', preset: 'balanced', pool });
  const worst = Math.max(...ring.map((w) => risk(social, w)));
  t.ok(worst < reject, `no wallet rejected (highest risk ${worst})`);
  t.ok(
    social.wallets[0].reasons.some((r) => r.startsWith('no batch, run, sweep or lockstep of its own')),
    'the reason says why',
  );
  // the same web paid by one outside sender in one second: a batch, timed evidence, rejectable
  const batched = [...rows, ...ring.map((w): TimedRow => [evm('social-web-batch'), w, 900_000, 0.05])];
  const farm = await analyze(timedInput(ring, batched), { mode: 'onchain', preset: 'balanced', pool });
  t.ok(
    ring.every((w) => risk(farm, w) >= reject),
    'with a batch every wallet is rejected',
  );
});

t.test('with block times, a narrow cluster funded in one second from outside keeps its support', async (t) => {
  const spec = trio('timed-batch', (k) => 1_000_000 + k * 86_400);
  const rows: TimedRow[] = spec.transfers.map(([f, to, time]) => [f, to, time ?? Number.NaN, 0.01]);
  // one outside sender pays all three the same amount in one second: a batch, timing evidence of its own
  for (const w of spec.wallets as string[]) rows.push([evm('timed-batch-funder'), w, 900_000, 0.05]);
  const input = timedInput(spec.wallets as string[], rows);
  const opts = (narrowFactor: number) => ({
    mode: 'onchain' as const,
    preset: 'balanced' as const,
    pool,
    tuning: { narrowFactor },
  });
  const full = await analyze(input, opts(1));
  const half = await analyze(input, opts(0.5));
  const w = spec.wallets[0] as string;
  t.ok(
    full.clusters[0].evidence.some((e) => e.kind === 'batch_funding' && e.riskBearing),
    'a batch',
  );
  t.equal(risk(half, w), risk(full, w), 'the narrow factor does not apply');
  t.ok(risk(half, w) >= review, `flagged (${risk(half, w)})`);
});

t.test('with block times, a funding chain counts its depth as breadth; passed through, it is timed', async (t) => {
  // each wallet's first funding comes from the previous one, `gap` seconds after that one's own: a chain of `n`
  const chainOf = (tag: string, n: number, gap: number): { wallets: string[]; rows: TimedRow[] } => {
    const wallets = Array.from({ length: n }, (_, i) => evm(`${tag}-${i}`));
    const rows: TimedRow[] = [[evm(`${tag}-root`), wallets[0], 1_000_000, 1]];
    wallets.slice(1).forEach((w, i) => rows.push([wallets[i], w, 1_000_000 + (i + 1) * gap, 0.9 - i * 0.05]));
    return { wallets, rows };
  };
  const opts = { mode: 'onchain' as const, preset: 'balanced' as const, pool, tuning: { narrowFactor: 0.5 } };
  // friends passing money on days later; a peel chain's hops an hour apart
  const short = chainOf('short-chain', 4, 3 * 86_400);
  const long = chainOf('long-chain', 10, 3 * 86_400);
  const peel = chainOf('peel-chain', 4, 3600);
  const all = [short, long, peel];
  const res = await analyze(
    timedInput(
      all.flatMap((c) => c.wallets),
      all.flatMap((c) => c.rows),
    ),
    opts,
  );
  const breadth = (w: string): number => evidenceBreadth(res.clusters.find((c) => c.members.includes(w))!.evidence);
  t.equal(breadth(short.wallets[0]), 4, 'a chain of four: breadth 4 (narrow)');
  t.equal(breadth(long.wallets[0]), 10, 'a chain of ten: breadth 10');
  t.ok(risk(res, short.wallets[3]) < review, `the short chain is not flagged (${risk(res, short.wallets[3])})`);
  t.ok(risk(res, long.wallets[9]) >= review, `the long chain is (${risk(res, long.wallets[9])})`);
  t.ok(
    risk(res, peel.wallets[3]) >= review,
    `a short chain passed through within hours is (${risk(res, peel.wallets[3])})`,
  );
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
