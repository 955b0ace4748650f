/**
 * Uniform funding (engine/evidence/timed-funding.ts, UNIFORM_AMOUNT_FACTOR): a sender that is not infrastructure
 * paying many listed wallets one by one, hours apart, about one amount is a farm's funder (the slow star) and its
 * wallets go to review, never reject (funding only); a sender paying the same number of wallets amounts of their
 * own choosing, or one payroll transaction, makes no such evidence.
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

const run = (i: EngineInput): Promise<AnalyzeResult> => analyze(i, { mode: 'onchain', preset: 'balanced', pool });

/** 12 wallets paid by one sender `gap` seconds apart, amounts from `amountOf`; each then calls one contract. */
function funded(tag: string, gap: number, amountOf: (i: number) => number): { wallets: string[]; rows: TimedRow[] } {
  const sender = evm(`${tag}-sender`);
  const contract = evm('campaign-contract');
  const wallets = Array.from({ length: 12 }, (_, i) => evm(`${tag}-${i}`));
  const rows: TimedRow[] = wallets.map((w, i) => [sender, w, 1_700_000_000 + i * gap, amountOf(i)]);
  wallets.forEach((w, i) => rows.push([w, contract, 1_703_000_000 + i * 86_400, 0.01]));
  return { wallets, rows };
}
const uniformItems = (r: AnalyzeResult) =>
  r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'uniform_funding');
const actions = (r: AnalyzeResult) => new Set(r.wallets.map((w) => w.storedRecommendedAction));
// amounts within ±20% of 0.05, in an order that is not sorted
const varied = (i: number): number => 0.05 * (1 + (((i * 7) % 12) - 5.5) / 30);

t.test('a funder paying 12 wallets three hours apart, amounts within 20%: uniform funding, all reviewed', async (t) => {
  const farm = funded('slow', 3 * 3600, varied);
  const r = await run(timedInput(farm.wallets, farm.rows, { [evm('campaign-contract')]: 'contract' }));
  t.equal(uniformItems(r).length, 1, 'one uniform funding item');
  t.equal(uniformItems(r)[0].data.fundedMembers, 12, 'naming every wallet');
  t.same([...actions(r)], ['manual_review'], 'every wallet in manual_review (funding only: never reject)');
});

t.test('the same funder paying amounts of the wallets own choosing: no uniform funding, all approved', async (t) => {
  const amounts = [0.05, 0.1, 0.25, 0.5, 1, 2];
  const users = funded('hot', 3 * 3600, (i) => amounts[i % amounts.length]);
  const r = await run(timedInput(users.wallets, users.rows, { [evm('campaign-contract')]: 'contract' }));
  t.equal(uniformItems(r).length, 0, 'no uniform funding item');
  t.same([...actions(r)], ['approve'], 'every wallet approved');
});

t.test('one payroll transaction (same second), similar salaries: not uniform funding', async (t) => {
  const payroll = funded('payroll', 0, (i) => 3000 * (1 + (i % 3) / 10));
  const r = await run(timedInput(payroll.wallets, payroll.rows, { [evm('campaign-contract')]: 'contract' }));
  t.equal(uniformItems(r).length, 0, 'no uniform funding item');
});

t.test('fewer listed wallets than the breadth minimum: not uniform funding', async (t) => {
  const farm = funded('few', 3 * 3600, varied);
  const rows = farm.rows.filter((r) => farm.wallets.slice(0, 6).includes(r[1]) || !farm.wallets.includes(r[1]));
  const kept = farm.wallets.slice(0, 6);
  const r = await run(
    timedInput(
      kept,
      rows.filter((x) => kept.includes(x[0]) || kept.includes(x[1])),
      { [evm('campaign-contract')]: 'contract' },
    ),
  );
  t.equal(uniformItems(r).length, 0, 'no uniform funding item for 6 wallets');
});
