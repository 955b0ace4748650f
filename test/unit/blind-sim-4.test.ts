/** The fourth blind simulator (benchmarks/sim/blind-sim-4.ts, docs/blind-campaigns-4.md): a Solana campaign. */
import t from 'tap';
import { BLIND4_DEFAULTS, isNoLink4, simulateBlind4Campaign } from '../../benchmarks/sim/blind-sim-4.ts';
import { FARM_KINDS } from '../../benchmarks/sim/blind4/farms.ts';
import { MAX_TRANSACTIONS } from '../../benchmarks/sim/blind4/fetch.ts';
import { LEGIT_PATTERNS } from '../../benchmarks/sim/blind4/legit.ts';
import { normaliseSolanaAddress } from '../../src/core/address/solana-address.ts';

// 3,000 legitimate wallets and 20 farms: enough for every pattern and every farm kind, quick to make
const small = simulateBlind4Campaign({ seed: 7801, legitWallets: 3000, farms: 20 });

t.test('the same seed gives the same campaign, another seed another one', async (t) => {
  const again = simulateBlind4Campaign({ seed: 7801, legitWallets: 3000, farms: 20 });
  t.same(again.truth, small.truth);
  t.same(again.input.wallets, small.input.wallets);
  t.same(again.input.transfers, small.input.transfers);
  t.same([...again.input.labels.infrastructure], [...small.input.labels.infrastructure]);
  const other = simulateBlind4Campaign({ seed: 7802, legitWallets: 3000, farms: 20 });
  t.not(other.truth[0].address, small.truth[0].address);
  t.not(other.input.transfers.from.length, small.input.transfers.from.length);
});

t.test('one truth row per listed wallet, in the same order, each wallet listed once', async (t) => {
  const { input, truth } = small;
  t.equal(input.chainFamily, 'solana');
  t.same(
    truth.map((r) => r.address),
    input.wallets.map((w) => w.address),
  );
  t.equal(new Set(truth.map((r) => r.address)).size, truth.length);
  const farmGroups = truth.filter((r) => r.role === 'farm').map((r) => r.group);
  t.ok(farmGroups.length > 0 && farmGroups.every((g) => /^farm-\d\d$/.test(g)), 'a farm wallet names its farm');
  t.notOk(
    truth.some((r) => r.role === 'legit' && r.group.startsWith('farm-')),
    'a legitimate group is never a farm id',
  );
});

t.test('every address is base58 of 32 bytes (wallets, transfers, labels, referrers)', async (t) => {
  const { input } = small;
  const all = [
    ...input.wallets.map((w) => w.address),
    ...input.wallets.flatMap((w) => (w.referrerAddress ? [w.referrerAddress] : [])),
    ...input.transfers.addresses,
    ...input.labels.infrastructure.keys(),
  ];
  const bad = all.filter((a) => !normaliseSolanaAddress(a).ok);
  t.same(bad, [], `${all.length} addresses`);
  t.equal(new Set(input.transfers.addresses).size, input.transfers.addresses.length, 'the dictionary has no repeats');
});

t.test('every farm kind and every legitimate pattern is present; only nolink kinds are nolink', async (t) => {
  const farmKinds = new Set(small.truth.filter((r) => r.role === 'farm').map((r) => r.pattern));
  const legitPatterns = new Set(small.truth.filter((r) => r.role === 'legit').map((r) => r.pattern));
  t.same([...farmKinds].sort(), FARM_KINDS.map((k) => k.name).sort());
  t.same([...legitPatterns].sort(), LEGIT_PATTERNS.map((p) => p.name).sort());
  t.same(
    FARM_KINDS.filter((k) => isNoLink4(k.name)).map((k) => k.name),
    ['nolink_cex', 'nolink_bridge', 'nolink_instant_swap'],
  );
  t.notOk([...legitPatterns].some(isNoLink4));
});

t.test('sizes as asked: the legitimate wallets, the farms, at least 3 wallets a farm', async (t) => {
  const legit = small.truth.filter((r) => r.role === 'legit').length;
  const farms = new Map<string, number>();
  for (const r of small.truth) if (r.role === 'farm') farms.set(r.group, (farms.get(r.group) ?? 0) + 1);
  t.equal(legit, 3000);
  t.equal(farms.size, 20);
  t.ok(Math.min(...farms.values()) >= 3, 'the smallest farm has 3 wallets or more');
  t.throws(() => simulateBlind4Campaign({ seed: 1, legitWallets: 50, farms: 3 }), /legitWallets must be larger/);
});

t.test('the default campaign: 25,000 legitimate wallets, 40 farms, one of them thousands strong', async (t) => {
  const { truth } = simulateBlind4Campaign({ seed: 7803 });
  const farms = new Map<string, number>();
  for (const r of truth) if (r.role === 'farm') farms.set(r.group, (farms.get(r.group) ?? 0) + 1);
  t.equal(truth.filter((r) => r.role === 'legit').length, BLIND4_DEFAULTS.legitWallets);
  t.equal(farms.size, BLIND4_DEFAULTS.farms);
  t.ok(Math.max(...farms.values()) >= 1000, 'a mega farm');
});

t.test('what the provider reads: time order, at most 200 transactions of its own per listed wallet', async (t) => {
  const { input } = small;
  const tr = input.transfers;
  const time = tr.blockTime!;
  let sorted = true;
  for (let i = 1; i < time.length; i++) if (time[i] < time[i - 1]) sorted = false;
  t.ok(sorted, 'transfers in time order');
  // a transaction naming one listed wallet only can only have come from that wallet's own history
  const listed = new Set(input.wallets.map((w) => tr.addresses.indexOf(w.address)));
  const listedIn = new Map<number, Set<number>>();
  for (let i = 0; i < tr.from.length; i++)
    for (const a of [tr.from[i], tr.to[i]])
      if (listed.has(a)) listedIn.set(tr.txId![i], (listedIn.get(tr.txId![i]) ?? new Set()).add(a));
  const own = new Map<number, number>();
  for (const names of listedIn.values()) if (names.size === 1) for (const a of names) own.set(a, (own.get(a) ?? 0) + 1);
  t.equal(Math.max(...own.values()), MAX_TRANSACTIONS, 'busy wallets are cut at 200 transactions of their own');
});

t.test('every listed wallet used the protocol: a transfer into the labelled protocol vault', async (t) => {
  const { input } = small;
  const tr = input.transfers;
  const vault = [...input.labels.infrastructure].find(([, name]) => name === 'campaign protocol')?.[0];
  t.ok(vault, 'the protocol vault is labelled');
  const v = tr.addresses.indexOf(vault!);
  const used = new Set<number>();
  for (let i = 0; i < tr.from.length; i++) if (tr.to[i] === v) used.add(tr.from[i]);
  const idle = input.wallets.filter((w) => !used.has(tr.addresses.indexOf(w.address)));
  t.equal(idle.length, 0);
});
