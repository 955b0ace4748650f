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

t.test(
  'chain and asset ids numbered in another order (the input reversed): the same output, byte for byte',
  async (t) => {
    const funder = evm('order-funder');
    const batcher = evm('order-batcher');
    const wallets = Array.from({ length: 12 }, (_, i) => evm(`order-${i}`));
    // named rows: [from, to, time, amount, chain, asset]
    const named: Array<[string, string, number, number, string, string]> = [
      // on one chain a batch of 100 in two stablecoins in one second; on another a co-timed run
      ...wallets
        .slice(0, 6)
        .map((w, i): [string, string, number, number, string, string] => [
          batcher,
          w,
          1_700_000_000,
          100,
          'optimism',
          i % 2 ? 'USDC' : 'DAI',
        ]),
      ...wallets.map((w, i): [string, string, number, number, string, string] => [
        funder,
        w,
        1_700_100_000 + i * 60,
        0.02,
        'arbitrum',
        'ETH',
      ]),
      ...wallets.map((w, i): [string, string, number, number, string, string] => [
        w,
        evm('collector'),
        1_700_200_000 + i * 30,
        0.019,
        i % 3 ? 'arbitrum' : 'base',
        'ETH',
      ]),
    ];
    const encode = (rows: typeof named): EngineInput => {
      const ids = (values: string[]): number[] => {
        const seen = new Map<string, number>();
        return values.map((v) => seen.get(v) ?? (seen.set(v, seen.size + 1), seen.size));
      };
      return timedInput(
        wallets,
        rows.map((r): TimedRow => [r[0], r[1], r[2], r[3]]),
        {},
        { chain: ids(rows.map((r) => r[4])), asset: ids(rows.map((r) => r[5])) },
      );
    };
    const a = await run(encode(named));
    const b = await run(encode([...named].reverse()));
    t.ok(a.clusters.length > 0, 'clusters found');
    t.equal(JSON.stringify(b.clusters), JSON.stringify(a.clusters), 'clusters and evidence');
    t.equal(JSON.stringify(b.wallets), JSON.stringify(a.wallets), 'decisions');
  },
);
