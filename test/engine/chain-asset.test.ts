/**
 * Chains and assets in the engine input (engine/types.ts `chain`, `asset`): funding runs are found on each chain
 * apart, and amounts of different assets are never similar (engine/evidence/timed-funding.ts).
 */
import t from 'tap';
import { analyze, createEnginePool, type AnalyzeResult, type EngineInput } from '../../engine/index.ts';
import { evm, timedInput, type TimedRow } from './helpers.ts';

const pool = createEnginePool({ maxThreads: 2 });
t.teardown(() => pool.destroy());

/** A row with its chain and asset ids. */
type Row = { row: TimedRow; chain: number; asset: number };
const input = (wallets: string[], rows: Row[], withUnits: boolean): EngineInput =>
  timedInput(
    wallets,
    rows.map((r) => r.row),
    { [evm('exchange')]: 'exchange' },
    withUnits ? { chain: rows.map((r) => r.chain), asset: rows.map((r) => r.asset) } : undefined,
  );
const run = (i: EngineInput): Promise<AnalyzeResult> => analyze(i, { mode: 'onchain', preset: 'balanced', pool });
const kinds = (r: AnalyzeResult): string[] => [...new Set(r.clusters.flatMap((c) => c.evidence.map((e) => e.kind)))];

t.test('one sender paying 100 of three different stablecoins in one second: no batch', async (t) => {
  const sender = evm('stable-sender');
  const wallets = Array.from({ length: 3 }, (_, i) => evm(`stable-${i}`));
  const rows = wallets.map((w, i): Row => ({ row: [sender, w, 1_700_000_000, 100], chain: 0, asset: i + 1 }));
  t.notOk(kinds(await run(input(wallets, rows, true))).includes('batch_funding'), 'three assets: no batch');
  t.ok(kinds(await run(input(wallets, rows, false))).includes('batch_funding'), 'assets unknown: a batch (as before)');
});

t.test('a farm funding its wallets on a second chain within minutes: a co-timed run on that chain', async (t) => {
  const funder = evm('l2-funder');
  const exchange = evm('exchange');
  const wallets = Array.from({ length: 6 }, (_, i) => evm(`l2-${i}`));
  const rows: Row[] = [
    // on chain 0 each wallet withdrew from an exchange, days apart, amounts of its own
    ...wallets.map((w, i): Row => ({ row: [exchange, w, 1_690_000_000 + i * 86_400, 1 + i], chain: 0, asset: 1 })),
    // on chain 1 one funder paid them in turn, a minute apart, the same amount
    ...wallets.map((w, i): Row => ({ row: [funder, w, 1_700_000_000 + i * 60, 0.02], chain: 1, asset: 2 })),
  ];
  t.ok(kinds(await run(input(wallets, rows, true))).includes('cotimed_funding'), 'per chain: co-timed');
  t.notOk(
    kinds(await run(input(wallets, rows, false))).includes('cotimed_funding'),
    'chains merged: the first funding is the exchange, no run',
  );
});
