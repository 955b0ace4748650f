/**
 * A grant round paying its recipients in chosen tiers (every amount round, not all the same) in one transaction is a
 * distribution, not a farm's batch (engine/evidence/timed-funding.ts chosenTiers); a farm paying its wallets one
 * amount, or amounts varied at random, in one transaction still is.
 */
import t from 'tap';
import { actionFor, analyze, createEnginePool } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());
const T0 = 1_700_000_000;
const DAY = 86_400;
const TIERS = [500, 1000, 2500, 5000];

/** `n` recipients of one payer in one transaction; each then goes about its own business on its own days. */
function round(tag: string, n: number, amount: (i: number) => number): { wallets: string[]; rows: TimedRow[] } {
  const payer = evm(`${tag}-payer`);
  const wallets = Array.from({ length: n }, (_, i) => evm(`${tag}-${i}`));
  const rows: TimedRow[] = [];
  wallets.forEach((w, i) => {
    rows.push([payer, w, T0, amount(i)]);
    rows.push([w, evm(`${tag}-shop-${i}`), T0 + (3 + i) * DAY + 977 * i, 12.5 + i]);
  });
  return { wallets, rows };
}

async function flagged(tag: string, amount: (i: number) => number): Promise<number> {
  const { wallets, rows } = round(tag, 24, amount);
  const txs = rows.map((r) => (r[2] === T0 ? `${tag}-tx` : `${tag}-${r[1]}`));
  const res = await analyze(timedInput(wallets, rows, {}, undefined, txs), {
    mode: 'onchain',
    preset: 'balanced',
    pool,
  });
  return res.wallets.filter((w) => actionFor('balanced', w.riskScore) !== 'approve').length;
}

t.test('a grant round in four round tiers flags nobody', async (t) => {
  t.equal(await flagged('grant', (i) => TIERS[i % 4]), 0);
});

t.test('a farm paying one amount in one transaction is flagged', async (t) => {
  t.equal(await flagged('farm-same', () => 0.02), 24);
});

t.test('a farm paying random amounts in one transaction is flagged', async (t) => {
  t.equal(await flagged('farm-random', (i) => 0.0137 + ((i * 7919) % 97) / 10_000), 24);
});
