import t from 'tap';
import { BLIND_FARM_TYPES, BLIND_LEGIT_PATTERNS, simulateBlindCampaign } from '../../benchmarks/sim/blind-sim.ts';

const PRICES = [0.02, 0.05, 0.069, 0.08];
const opts = { seed: 31, legitWallets: 1500, farms: 20 };
const sim = simulateBlindCampaign(opts);

t.test('the same seed gives the same campaign, another seed another one', async (t) => {
  const again = simulateBlindCampaign(opts);
  t.same(again.truth, sim.truth, 'truth rows');
  t.same(again.transfers, sim.transfers, 'transfers, hashes and times');
  t.same(again.labels, sim.labels, 'labels');
  const other = simulateBlindCampaign({ ...opts, seed: 32 });
  t.not(other.truth[0].address, sim.truth[0].address, 'a new seed makes new addresses');
});

t.test('the truth file is consistent with the data', async (t) => {
  const listed = new Set(sim.truth.map((r) => r.address));
  t.equal(listed.size, sim.truth.length, 'each listed wallet once');
  t.equal(sim.truth.filter((r) => r.role === 'legit').length, opts.legitWallets, 'the legitimate wallets asked for');
  t.same(
    [...new Set(sim.truth.filter((r) => r.role === 'farm').map((r) => r.pattern))].sort(),
    [...BLIND_FARM_TYPES].sort(),
    'every farm type is there',
  );
  t.same(
    [...new Set(sim.truth.filter((r) => r.role === 'legit').map((r) => r.pattern))].sort(),
    [...BLIND_LEGIT_PATTERNS].sort(),
    'every legitimate pattern is there',
  );
  const groups = new Map<string, Set<string>>();
  t.same(
    sim.truth.filter((r) => (r.group === '') !== (r.role === 'legit')).map((r) => r.address),
    [],
    'a group exactly for farm wallets',
  );
  for (const r of sim.truth)
    if (r.role === 'farm') groups.set(r.group, (groups.get(r.group) ?? new Set()).add(r.pattern));
  t.equal(groups.size, opts.farms, 'one group per farm');
  t.ok(
    [...groups.values()].every((p) => p.size === 1),
    'a farm has one type',
  );
  const touched = new Set(sim.transfers.flatMap((x) => [x.from, x.to]));
  t.same(
    sim.truth.filter((r) => !touched.has(r.address)).map((r) => r.address),
    [],
    'every listed wallet has a transfer',
  );
  const labelled = new Set(sim.labels.map((l) => l.address));
  t.ok(![...listed].some((a) => labelled.has(a)), 'no listed wallet is labelled infrastructure');
  t.equal(sim.input.wallets.length, sim.truth.length, 'engine input holds the list');
  t.equal(sim.input.transfers.from.length, sim.transfers.length, 'and every transfer');
  t.ok(
    sim.transfers.every((x, i) => i === 0 || sim.transfers[i - 1].time <= x.time),
    'transfers are in time order',
  );
});

t.test('shapes hold what their documentation says', async (t) => {
  const byPattern = (p: string): Set<string> => new Set(sim.truth.filter((r) => r.pattern === p).map((r) => r.address));
  const contracts = new Set(sim.labels.filter((l) => l.list === 'contract').map((l) => l.address));
  const farmOf = new Map(sim.truth.map((r) => [r.address, r.group]));
  const batches = new Map<string, Set<string>>();
  const dispersed = byPattern('disperse_batch');
  for (const x of sim.transfers)
    if (contracts.has(x.from) && dispersed.has(x.to))
      batches.set(farmOf.get(x.to)!, (batches.get(farmOf.get(x.to)!) ?? new Set()).add(x.txHash));
  t.ok(batches.size > 0, 'disperse farms are paid by a labelled contract');
  t.ok(
    [...batches.values()].every((h) => h.size <= 2),
    'in one or two transactions per farm',
  );
  const dao = byPattern('dao_contributor');
  const payroll = new Map<string, number>();
  for (const x of sim.transfers)
    if (dao.has(x.to) && x.asset === 'USDC') payroll.set(x.txHash, (payroll.get(x.txHash) ?? 0) + 1);
  t.ok(
    [...payroll.values()].some((n) => n >= 5),
    'a Safe pays its contributors in one MultiSend',
  );
  const refuel = byPattern('gas_refuel');
  const refuelAmounts = sim.transfers.filter((x) => refuel.has(x.to) && (x.amount === 0.005 || x.amount === 0.01));
  t.ok(refuelAmounts.length >= refuel.size, 'the refuel service pays fixed amounts');
  const minters = byPattern('nft_mint_rush');
  const mintTimes = new Map<string, number[]>();
  for (const x of sim.transfers)
    if (minters.has(x.from) && PRICES.some((p) => Math.abs(x.amount / p - Math.round(x.amount / p)) < 1e-9))
      mintTimes.set(x.to, [...(mintTimes.get(x.to) ?? []), x.time]);
  const rush = [...mintTimes.values()].sort((a, b) => b.length - a.length)[0].sort((a, b) => a - b);
  t.ok(rush.length >= 30, 'a mint contract is called by many listed users');
  t.ok(rush[Math.floor(rush.length * 0.8)] - rush[0] <= 20 * 60, 'most of them within 20 minutes');
});
