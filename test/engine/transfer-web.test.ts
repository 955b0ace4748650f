/**
 * Issue 12, Hop diagnosis: a long web of single transfers between listed wallets is evidence (transfer_web), and
 * items of one kind repeating the same tie count once (engine/evidence/strength.ts).
 */
import t from 'tap';
import {
  analyze,
  createEnginePool,
  DEFAULT_TUNING,
  PRESET_THRESHOLDS,
  type AnalyzeResult,
} from '../../engine/index.ts';
import { engineInput, evm, type Spec } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const run = (spec: Spec, transferWebMin = DEFAULT_TUNING.transferWebMin): Promise<AnalyzeResult> =>
  analyze(engineInput(spec), { mode: 'onchain', preset: 'balanced', pool, tuning: { transferWebMin } });
const risk = (r: AnalyzeResult, w: string): number => r.wallets.find((d) => d.address === w)!.riskScore;

t.test('a chain of single transfers through 20 listed wallets is a transfer web', async (t) => {
  const chain = Array.from({ length: 20 }, (_, i) => evm(`chain-${i}`));
  const spec: Spec = { wallets: chain, transfers: chain.slice(1).map((w, i) => [chain[i], w] as [string, string]) };
  const r = await run(spec);
  t.equal(r.clusters.length, 1);
  const item = r.clusters[0].evidence.find((e) => e.kind === 'transfer_web');
  t.ok(item, 'a transfer_web item');
  t.equal(item?.data.wallets, 20);
  t.ok(
    chain.every((w) => risk(r, w) >= PRESET_THRESHOLDS.balanced.review),
    'every wallet of the web is flagged',
  );
  const off = await run(spec, 0);
  t.ok(
    chain.every((w) => risk(off, w) < PRESET_THRESHOLDS.balanced.review),
    'without the web, single transfers alone flag nobody',
  );
});

t.test('a few pairs paying each other once are no web', async (t) => {
  const ws = Array.from({ length: 12 }, (_, i) => evm(`pair-${i}`));
  const transfers: Array<[string, string]> = [];
  for (let i = 0; i < ws.length; i += 3) transfers.push([ws[i], ws[i + 1]], [ws[i + 1], ws[i + 2]]);
  const r = await run({ wallets: ws, transfers });
  t.ok(r.clusters.every((c) => c.evidence.every((e) => e.kind !== 'transfer_web')));
});

t.test('the same three wallets sending to six receivers are one tie, not six', async (t) => {
  const [a, b, c] = ['a', 'b', 'c'].map((x) => evm(`trio-${x}`));
  const receivers = (n: number): string[] => Array.from({ length: n }, (_, i) => evm(`receiver-${i}`));
  const spec = (n: number): Spec => ({
    wallets: [a, b, c],
    transfers: [[a, b], [b, c], ...receivers(n).flatMap((x) => [a, b, c].map((w) => [w, x] as [string, string]))],
  });
  const one = await run(spec(1));
  const six = await run(spec(6));
  t.ok(
    one.clusters[0].evidence.some((e) => e.kind === 'consolidation_sweep'),
    'a sweep',
  );
  t.equal(six.clusters[0].evidence.filter((e) => e.kind === 'consolidation_sweep').length, 6, 'six sweep items');
  // strength is the same; the grouping's listed share (3 of 4 vs 3 of 9 addresses) counts fully in both
  t.equal(risk(six, a), risk(one, a), 'six sweeps by the same wallets weigh as one');
  t.ok(risk(six, a) < PRESET_THRESHOLDS.balanced.reject, 'not rejected');
});
