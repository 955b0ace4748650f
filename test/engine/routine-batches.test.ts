/**
 * A sender that is not labelled infrastructure but batches its payments routinely (10+ batches over a week or
 * more, an exchange's hot wallet) makes no batch evidence; a funder's bursts of batches within an hour still do
 * (engine/evidence/timed-funding.ts, ROUTINE_MIN_BATCHES).
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

const run = (i: EngineInput): Promise<AnalyzeResult> => analyze(i, { mode: 'onchain', preset: 'balanced', pool });

/** `batches` batches of 4 wallets, `gap` seconds apart, each paying 0.1 to every wallet of the batch. */
function batched(tag: string, batches: number, gap: number): { wallets: string[]; rows: TimedRow[] } {
  const sender = evm(`${tag}-sender`);
  const wallets: string[] = [];
  const rows: TimedRow[] = [];
  for (let b = 0; b < batches; b++)
    for (let k = 0; k < 4; k++) {
      const w = evm(`${tag}-${b}-${k}`);
      wallets.push(w);
      rows.push([sender, w, 1_700_000_000 + b * gap, 0.1]);
    }
  return { wallets, rows };
}
const batchItems = (r: AnalyzeResult) =>
  r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'batch_funding');
const flagged = (r: AnalyzeResult) => r.wallets.filter((w) => w.storedRecommendedAction !== 'approve').length;

t.test('a hot wallet batching withdrawals every day for 12 days: no batch evidence, its users approved', async (t) => {
  const hot = batched('hot', 12, 86_400);
  const r = await run(timedInput(hot.wallets, hot.rows));
  t.equal(batchItems(r).length, 0, 'no batch item');
  t.equal(flagged(r), 0, 'none of its 48 users flagged');
});

t.test('a funder paying 12 batches within an hour: batch evidence, its wallets flagged', async (t) => {
  const farm = batched('farm', 12, 300);
  const r = await run(timedInput(farm.wallets, farm.rows));
  t.ok(batchItems(r).length >= 1, 'batch items');
  t.equal(flagged(r), farm.wallets.length, 'every wallet flagged');
});
