/**
 * Transaction hashes in the engine input: one transaction of a sender paying several listed wallets is a batch
 * whatever their amounts (engine/evidence/timed-funding.ts), and the ids' numbering does not change the output.
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { evm, timedInput } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

type Row = { from: string; to: string; time: number; amount: number; tx: string };
const input = (wallets: string[], rows: Row[], withTx: boolean): EngineInput =>
  timedInput(
    wallets,
    rows.map((r) => [r.from, r.to, r.time, r.amount]),
    {},
    undefined,
    withTx ? rows.map((r) => r.tx) : undefined,
  );
const run = (i: EngineInput): Promise<AnalyzeResult> => analyze(i, { mode: 'onchain', preset: 'balanced', pool });

const funder = evm('tx-funder');
const farm = Array.from({ length: 4 }, (_, i) => evm(`tx-farm-${i}`));
const others = Array.from({ length: 6 }, (_, i) => evm(`tx-other-${i}`));
const rows: Row[] = [
  // one transaction paying four wallets different amounts
  ...farm.map((w, i) => ({ from: funder, to: w, time: 1_700_000_000, amount: [0.1, 0.37, 1.2, 2.5][i], tx: '0xaa' })),
  // the same funder pays other wallets one transaction each, at unrelated times
  ...others.map((w, i) => ({ from: funder, to: w, time: 1_700_100_000 + i * 86_400, amount: 1 + i, tx: `0xb${i}` })),
];
const wallets = [...farm, ...others];

t.test('one transaction paying four listed wallets is a batch, whatever the amounts', async (t) => {
  const r = await run(input(wallets, rows, true));
  const batch = r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'batch_funding');
  t.equal(batch.length, 1, 'one batch item');
  t.same(batch[0].addresses.slice(1).sort(), [...farm].sort(), 'naming the four wallets of the transaction');
  const action = (w: string): string => r.wallets.find((d) => d.address === w)!.storedRecommendedAction;
  t.ok(
    farm.every((w) => action(w) === 'manual_review'),
    'funding only: manual review, never reject',
  );
  t.ok(
    others.every((w) => action(w) === 'approve'),
    'the funder’s other payments are no batch',
  );
  const without = await run(input(wallets, rows, false));
  t.notOk(
    without.clusters.some((c) => c.evidence.some((e) => e.kind === 'batch_funding')),
    'without hashes the varied amounts are no batch',
  );
});

t.test('the output does not depend on the order of the transfers nor on the ids of the hashes', async (t) => {
  const a = await run(input(wallets, rows, true));
  const b = await run(input([...wallets].reverse(), [...rows].reverse(), true));
  const key = (r: AnalyzeResult): string =>
    JSON.stringify([r.clusters, [...r.wallets].sort((x, y) => (x.address < y.address ? -1 : 1))]);
  t.equal(key(b), key(a));
});
