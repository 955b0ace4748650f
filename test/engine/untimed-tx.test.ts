/**
 * An export with transaction hashes but no block times (engine/evidence/timed-funding.ts `untimedTxBatches`,
 * engine/wallet-graph.ts `classifyFunders`): a funder that paid more wallets than `hubMinDegree` through a few
 * Disperse-style transactions is a farm's funder, not infrastructure, and its batches group the farm; hot wallets
 * paying their users one by one stay infrastructure. Without hashes or times the role is unknown (the farm is
 * approved: the documented limit).
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { actionCounts, evm, timedInput } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

type Row = [from: string, to: string, tx: string];
const input = (wallets: string[], rows: Row[], withTx: boolean): EngineInput =>
  timedInput(
    wallets,
    rows.map((r) => [r[0], r[1], Number.NaN, Number.NaN]),
    {},
    undefined,
    withTx ? rows.map((r) => r[2]) : undefined,
  );
const HUB_MIN = 100;
const run = (i: EngineInput): Promise<AnalyzeResult> =>
  analyze(i, { mode: 'onchain', preset: 'balanced', pool, tuning: { hubMinDegree: HUB_MIN } });

const funder = evm('untimed-funder');
const farm = Array.from({ length: 150 }, (_, i) => evm(`untimed-farm-${i}`));
const hot = [evm('untimed-hot-0'), evm('untimed-hot-1')];
const users = Array.from({ length: 240 }, (_, i) => evm(`untimed-user-${i}`));
const rows: Row[] = [
  // five transactions of 30 recipients each
  ...farm.map((w, i): Row => [funder, w, `batch-${Math.floor(i / 30)}`]),
  // each user's withdrawal its own transaction; a few batched by three
  ...users.map((u, i): Row => [hot[i % 2], u, i < 30 ? `hot-batch-${Math.floor(i / 3)}` : `withdrawal-${i}`]),
];
const wallets = [...farm, ...users];

t.test('with hashes, a funder paying in a few transactions is found; its farm goes to review', async (t) => {
  const r = await run(input(wallets, rows, true));
  t.same(actionCounts(r, farm), { approve: 0, manual_review: 150, reject: 0 }, 'funding alone: review, never reject');
  t.same(actionCounts(r, users), { approve: 240, manual_review: 0, reject: 0 }, "the hot wallets' users stay approved");
  t.equal(r.stats.funderHubs, 1);
  const kinds = r.clusters.flatMap((c) => c.evidence.map((e) => e.kind));
  t.equal(kinds.filter((k) => k === 'batch_funding').length, 5, 'one batch item per transaction');
});

t.test('without hashes or times the role is unknown: the funder stays a hub (the limit)', async (t) => {
  const r = await run(input(wallets, rows, false));
  t.same(actionCounts(r, farm), { approve: 150, manual_review: 0, reject: 0 });
  t.equal(r.stats.funderHubs, 0);
});

t.test('the output does not depend on the input order or the transaction ids', async (t) => {
  const a = await run(input(wallets, rows, true));
  const b = await run(input([...wallets].reverse(), [...rows].reverse(), true));
  const view = (r: AnalyzeResult) =>
    JSON.stringify({ w: r.wallets.slice().sort((x, y) => (x.address < y.address ? -1 : 1)), c: r.clusters });
  t.equal(view(b), view(a));
});

t.test('a sender with ROUTINE_MIN_BATCHES or more batched transactions makes no batch', async (t) => {
  const payer = evm('untimed-routine');
  const paid = Array.from({ length: 30 }, (_, i) => evm(`untimed-routine-${i}`));
  const routine: Row[] = paid.map((w, i) => [payer, w, `routine-${Math.floor(i / 3)}`]);
  const r = await run(input(paid, routine, true));
  t.same(actionCounts(r, paid), { approve: 30, manual_review: 0, reject: 0 });
  const few = await run(input(paid.slice(0, 27), routine.slice(0, 27), true));
  t.ok(
    few.clusters.some((c) => c.evidence.some((e) => e.kind === 'batch_funding')),
    'nine batches: batches',
  );
});

t.test("a labelled payout contract's transfers are the batch of the payer who called it", async (t) => {
  const disperse = evm('untimed-disperse');
  const exchange = evm('untimed-exchange');
  const payer = evm('untimed-payer');
  const paid = farm.slice(0, 40);
  const people = users.slice(0, 40);
  const via: Row[] = [
    // the payer calls the contract once per transaction; the contract pays the wallets (internal transfers)
    ...[0, 1].map((b): Row => [payer, disperse, `disperse-${b}`]),
    ...paid.map((w, i): Row => [disperse, w, `disperse-${i % 2}`]),
    // an exchange batches its users' withdrawals itself: nobody called it in those transactions
    ...people.map((u, i): Row => [exchange, u, `exchange-${i % 4}`]),
  ];
  const labelled = timedInput(
    [...paid, ...people],
    via.map((r) => [r[0], r[1], Number.NaN, Number.NaN]),
    { [disperse]: 'disperse', [exchange]: 'exchange' },
    undefined,
    via.map((r) => r[2]),
  );
  const r = await run(labelled);
  t.same(actionCounts(r, paid), { approve: 0, manual_review: 40, reject: 0 });
  t.same(actionCounts(r, people), { approve: 40, manual_review: 0, reject: 0 });
  const batches = r.clusters.flatMap((c) => c.evidence.filter((e) => e.kind === 'batch_funding'));
  t.same(
    batches.map((e) => e.data.funder),
    [payer, payer],
    'the payer, not the contract, is the funder',
  );
});
