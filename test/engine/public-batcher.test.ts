/**
 * An exchange that batches its customers' withdrawals pays the public: customers who happen to share one of its
 * transactions, with the same amount (the dollars they bought), are no farm's batch; a payout contract whose
 * batches pay the campaign's wallets still makes batch evidence (engine/evidence/timed-funding.ts, publicBatcher).
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { actionCounts, evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

const run = (i: EngineInput): Promise<AnalyzeResult> => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const DAY = 86_400;
const T0 = 1_700_000_000;

interface Batches {
  wallets: string[];
  rows: TimedRow[];
  txs: string[];
}

/**
 * `days` days of `sender`'s transactions: each day one paying `listed` campaign wallets one amount (another each
 * day) and `unlisted` other addresses varied amounts, and one paying `offList` other addresses only.
 */
function dailyBatches(tag: string, sender: string, days: number, listed: number, unlisted: number, offList = 0) {
  const out: Batches = { wallets: [], rows: [], txs: [] };
  const pay = (to: string, time: number, amount: number, tx: string): void => {
    out.rows.push([sender, to, time, amount]);
    out.txs.push(tx);
  };
  for (let d = 0; d < days; d++) {
    const time = T0 + d * DAY + 3_600;
    for (let k = 0; k < listed + unlisted; k++) {
      const w = evm(`${tag}-${d}-${k}`);
      if (k < listed) out.wallets.push(w);
      pay(w, time, k < listed ? 0.0707 + d * 0.0131 : 0.5 + k * 0.37, `${tag}-tx-${d}`);
    }
    for (let k = 0; k < offList; k++) pay(evm(`${tag}-${d}-off-${k}`), time + 600, 1 + k * 0.29, `${tag}-off-${d}`);
  }
  return out;
}
const batchItems = (r: AnalyzeResult) =>
  r.clusters.flatMap((c) => c.evidence).filter((e) => e.kind === 'batch_funding');

t.test('an exchange batching withdrawals for 12 days, most paid off the list: no batch', async (t) => {
  const exchange = evm('public-exchange');
  const b = dailyBatches('cex', exchange, 12, 3, 3, 6);
  const r = await run(timedInput(b.wallets, b.rows, { [exchange]: 'Exchange' }, undefined, b.txs));
  t.equal(batchItems(r).length, 0, 'no batch item');
  t.same(actionCounts(r, b.wallets), { approve: 36, manual_review: 0, reject: 0 }, 'its 36 listed customers approved');
});

t.test('a payout contract whose batches pay campaign wallets: each batch still counts', async (t) => {
  const contract = evm('payout-contract');
  const b = dailyBatches('farm', contract, 12, 5, 1);
  const r = await run(timedInput(b.wallets, b.rows, { [contract]: 'Disperse' }, undefined, b.txs));
  t.ok(batchItems(r).length >= 12, 'a batch item a transaction');
  const counts = { approve: 0, manual_review: b.wallets.length, reject: 0 };
  t.same(actionCounts(r, b.wallets), counts, 'funding only: reviewed, never rejected');
});

t.test('the same exchange for two days only: its batches are not its routine and count', async (t) => {
  const exchange = evm('new-exchange');
  const b = dailyBatches('short', exchange, 2, 3, 3, 6);
  const r = await run(timedInput(b.wallets, b.rows, { [exchange]: 'Exchange' }, undefined, b.txs));
  t.equal(batchItems(r).length, 2, 'both transactions are batches');
});
