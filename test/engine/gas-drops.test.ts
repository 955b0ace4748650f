/**
 * Gas drops (engine/gas-drops.ts): a relayer's batches to new users over days, after which no two of the users share
 * anything, are no farm's batches; the same batches followed by a sweep to one collector, and a farm funded in
 * batches within one day, still are.
 */
import t from 'tap';
import { analyze, createEnginePool } from '../../engine/index.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const HOUR = 3_600;
const DAY = 86_400;
const MINUTE = 60;
const DROP = 0.0008;

/**
 * `n` wallets paid by `sender`, ten per transaction (DROP, or amounts of their own with `varied`), one transaction
 * every `gap` seconds.
 */
function dropRows(tag: string, sender: string, n: number, gap: number, varied = false) {
  const wallets = Array.from({ length: n }, (_, i) => evm(`${tag}-wallet-${i}`));
  const amount = (i: number): number => (varied ? 0.0123 + ((i * 37) % 50) / 1000 : DROP);
  const rows: TimedRow[] = wallets.map((w, i) => [sender, w, T0 + Math.floor(i / 10) * gap, amount(i)]);
  return { wallets, rows };
}

const EXCHANGES = Array.from({ length: 7 }, (_, i) => evm(`drop-exchange-${i}`));

/** Each wallet's own life after the drop: a withdrawal from a labelled exchange, payments to receivers of its own. */
function ownLives(tag: string, wallets: string[], rows: TimedRow[]): void {
  wallets.forEach((w, i) => {
    rows.push([EXCHANGES[i % 7], w, T0 + (10 + (i % 40)) * DAY + i * 97, 0.05 + (i % 9) / 100]);
    for (let k = 0; k < 3; k++)
      rows.push([
        w,
        evm(`${tag}-shop-${i}-${k}`),
        T0 + (12 + ((i * 7 + k * 13) % 90)) * DAY + k * HOUR,
        0.01 + k / 1000,
      ]);
  });
}

async function run(wallets: string[], rows: TimedRow[]) {
  // each wallet's first payer is its batch's sender
  const senderOf = new Map<string, string>();
  rows.sort((a, b) => a[2] - b[2]);
  for (const [from, to] of rows) if (!senderOf.has(to)) senderOf.set(to, from);
  // one transaction per batch of ten from the sender, one each for the rest
  const txs = rows.map((r, i) => (r[0] === senderOf.get(r[1]) ? `batch-${r[0]}-${r[2]}` : `tx-${i}`));
  const labels = Object.fromEntries(EXCHANGES.map((e) => [e, 'exchange']));
  return analyze(timedInput(wallets, rows, labels, undefined, txs), { mode: 'onchain', preset: 'balanced', pool });
}

t.test("an app's relayer dropping gas to 60 users over six days, who then go their own ways, flags none", async (t) => {
  const relayer = evm('drop-relayer');
  const { wallets, rows } = dropRows('drop', relayer, 60, DAY);
  ownLives('drop', wallets, rows);
  const res = await run(wallets, rows);
  const counts = actionCounts(res, wallets);
  t.equal(counts.approve, wallets.length, `every user is approved (${JSON.stringify(counts)})`);
});

t.test(
  'the same drops followed by a sweep of every wallet into one collector within minutes stay flagged',
  async (t) => {
    const funder = evm('drop-farm-funder');
    const collector = evm('drop-farm-collector');
    const { wallets, rows } = dropRows('drop-farm', funder, 60, DAY);
    ownLives('drop-farm', wallets, rows);
    wallets.forEach((w, i) => rows.push([w, collector, T0 + 100 * DAY + i * MINUTE, 0.004 + i / 100_000]));
    const res = await run(wallets, rows);
    const counts = actionCounts(res, wallets);
    t.equal(counts.approve, 0, `no farm wallet is approved (${JSON.stringify(counts)})`);
    // funded in batches and swept together: the batches are still the farm's (without them, reviews only)
    t.ok(counts.reject > wallets.length / 2, 'most are rejected');
  },
);

t.test('a farm funded in batches within one day, sharing nothing else, stays flagged', async (t) => {
  const funder = evm('day-farm-funder');
  const { wallets, rows } = dropRows('day-farm', funder, 60, HOUR);
  ownLives('day-farm', wallets, rows);
  const res = await run(wallets, rows);
  const counts = actionCounts(res, wallets);
  t.equal(counts.approve, 0, `no farm wallet is approved (${JSON.stringify(counts)})`);
});

t.test("an exchange's batched withdrawals over days, amounts its customers chose, are no drop", async (t) => {
  // an unlabelled exchange batching the withdrawals of one 10-minute window, which a farm's bursts fill
  const exchange = evm('batching-exchange');
  const { wallets, rows } = dropRows('burst-farm', exchange, 60, DAY, true);
  ownLives('burst-farm', wallets, rows);
  const res = await run(wallets, rows);
  const counts = actionCounts(res, wallets);
  t.equal(counts.approve, 0, `no farm wallet is approved (${JSON.stringify(counts)})`);
});
