import t from 'tap';
import {
  BLIND3_FARM_TYPES,
  BLIND3_LEGIT_PATTERNS,
  isNoLink3,
  simulateBlind3Campaign,
} from '../../benchmarks/sim/blind-sim-3.ts';

const small = { legitWallets: 1500, farms: 14 };

t.test(
  'the third blind simulator is deterministic: same seed, same truth and transfers (1,500 legit, 14 farms)',
  (t) => {
    const a = simulateBlind3Campaign({ seed: 9801, ...small });
    const b = simulateBlind3Campaign({ seed: 9801, ...small });
    t.same(a.truth, b.truth);
    t.same(a.input.wallets, b.input.wallets);
    t.same(a.input.transfers.addresses, b.input.transfers.addresses);
    for (const col of ['from', 'to', 'blockTime', 'amount', 'txId', 'chain', 'asset'] as const)
      t.ok(Buffer.from(a.input.transfers[col]!.buffer).equals(Buffer.from(b.input.transfers[col]!.buffer)), col);
    t.same([...a.input.labels.infrastructure], [...b.input.labels.infrastructure]);
    const c = simulateBlind3Campaign({ seed: 9802, ...small });
    t.not(c.truth[0].address, a.truth[0].address, 'another seed, another world');
    t.end();
  },
);

t.test('the third blind simulator is sane: sizes, roles, patterns, columns (1,500 legit, 14 farms)', (t) => {
  const { input, truth } = simulateBlind3Campaign({ seed: 9803, ...small });
  t.same(new Set(truth.map((r) => r.address)), new Set(input.wallets.map((w) => w.address)), 'truth = the list');
  const legit = truth.filter((r) => r.role === 'legit');
  const farm = truth.filter((r) => r.role === 'farm');
  t.ok(legit.length >= 1400 && legit.length <= 1700, `about 1,500 legitimate wallets (${legit.length})`);
  t.same(new Set(legit.map((r) => r.pattern)), new Set(BLIND3_LEGIT_PATTERNS), 'every legitimate pattern');
  t.same(new Set(farm.map((r) => r.pattern)), new Set(BLIND3_FARM_TYPES), 'every farm type with 14 farms');
  t.equal(new Set(farm.map((r) => r.group)).size, 14, 'every farm has a listed wallet');
  t.same(BLIND3_FARM_TYPES.filter(isNoLink3), ['nolink_cex', 'nolink_mixer'], 'two types built to leave no link');
  const x = input.transfers;
  const n = x.from.length;
  t.ok(n > 20 * truth.length, `transfers (${n}) for ${truth.length} wallets`);
  let sorted = true;
  for (let i = 1; i < n; i++) if (x.blockTime![i] < x.blockTime![i - 1]) sorted = false;
  t.ok(sorted, 'in time order');
  t.ok(
    x.chain!.every((c) => c >= 1 && c <= 6),
    'six chains',
  );
  t.ok(x.txId!.every((id) => id >= 1) && x.asset!.every((id) => id >= 1), 'every transfer has a transaction and asset');
  const touched = new Set<string>();
  for (let i = 0; i < n; i++) touched.add(x.addresses[x.from[i]]).add(x.addresses[x.to[i]]);
  t.ok(
    input.wallets.every((w) => touched.has(w.address)),
    'every listed wallet has a transfer',
  );
  t.ok(input.labels.infrastructure.size > 40, 'some infrastructure is labelled');
  t.end();
});

t.test('with 20 farms or more the first is a giant of 10,000+ wallets (500 legit, 20 farms)', (t) => {
  const { truth } = simulateBlind3Campaign({ seed: 9804, legitWallets: 500, farms: 20 });
  const giant = truth.filter((r) => r.group === 'farm-0').length;
  t.ok(giant >= 7000, `the giant has ${giant} listed wallets (70-100% of 10,000-12,000)`);
  t.end();
});
