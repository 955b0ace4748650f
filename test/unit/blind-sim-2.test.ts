import t from 'tap';
import {
  BLIND2_FARM_TYPES,
  BLIND2_LEGIT_PATTERNS,
  isNoLink,
  simulateBlind2Campaign,
} from '../../benchmarks/sim/blind-sim-2.ts';

// 24 farms: one whole rotation of types (22) and then some, at a size a unit test can afford
const opts = { seed: 77, legitWallets: 1500, farms: 24 };
const sim = simulateBlind2Campaign(opts);
const row = new Map(sim.truth.map((r) => [r.address, r]));

/** Counterparties of each listed wallet. */
const peers = new Map<string, Set<string>>();
for (const x of sim.transfers)
  for (const [a, b] of [
    [x.from, x.to],
    [x.to, x.from],
  ])
    if (row.has(a)) {
      const s = peers.get(a) ?? new Set();
      s.add(b);
      peers.set(a, s);
    }
const usedByLegit = new Set<string>();
for (const r of sim.truth) if (r.role === 'legit') for (const p of peers.get(r.address) ?? []) usedByLegit.add(p);
const groups = new Map<string, string[]>();
for (const r of sim.truth) if (r.role === 'farm') groups.set(r.group, [...(groups.get(r.group) ?? []), r.address]);

t.test('the same seed gives the same campaign, another seed another one', async (t) => {
  const again = simulateBlind2Campaign(opts);
  t.same(again.truth, sim.truth, 'truth rows');
  t.same(again.transfers, sim.transfers, 'transfers, hashes and times');
  t.same(again.labels, sim.labels, 'labels');
  const other = simulateBlind2Campaign({ ...opts, seed: 78 });
  t.not(other.truth[0].address, sim.truth[0].address, 'a new seed makes new addresses');
});

t.test('the truth table is consistent with the data', async (t) => {
  t.equal(row.size, sim.truth.length, 'each listed wallet once');
  t.equal(sim.truth.filter((r) => r.role === 'legit').length, opts.legitWallets, 'the legitimate wallets asked for');
  const patterns = (role: string): string[] =>
    [...new Set(sim.truth.filter((r) => r.role === role).map((r) => r.pattern))].sort();
  t.same(patterns('farm'), [...BLIND2_FARM_TYPES].sort(), 'every farm type is there');
  t.same(patterns('legit'), [...BLIND2_LEGIT_PATTERNS].sort(), 'every legitimate pattern is there');
  t.ok(
    sim.truth.every((r) => (r.role === 'legit') === (r.group === '')),
    'farms have a group, legitimate wallets none',
  );
  t.equal(groups.size, opts.farms, 'one group per farm');
  for (const [g, ws] of groups) {
    t.ok(ws.length >= 3, `farm ${g} has at least 3 wallets`);
    t.equal(new Set(ws.map((a) => row.get(a)!.pattern)).size, 1, `farm ${g} has one type`);
  }
  t.same(
    sim.input.wallets.map((w) => w.address),
    sim.truth.map((r) => r.address),
    'the engine input lists the truth wallets',
  );
  t.equal(sim.input.transfers.from.length, sim.transfers.length, 'every transfer is in the engine input');
});

t.test('transfers look like an explorer export of the neighbourhood', async (t) => {
  const hex = /^0x[0-9a-f]{64}$/;
  t.ok(
    sim.transfers.every((x) => hex.test(x.txHash) && x.asset !== '' && x.amount > 0 && x.from !== x.to),
    'hash, asset, positive amount, two ends',
  );
  t.ok(
    sim.transfers.every((x, i) => i === 0 || sim.transfers[i - 1].time <= x.time),
    'sorted by time',
  );
  const labelled = new Set(sim.labels.map((l) => l.address));
  t.notOk(
    sim.transfers.some((x) => labelled.has(x.from) && labelled.has(x.to)),
    'no transfer between two labelled contracts (outside the import)',
  );
  const lists = new Set(sim.labels.map((l) => l.list));
  t.ok(lists.has('exchange') && lists.has('bridge') && lists.has('dex'), 'exchanges, bridges and routers labelled');
  const degree = new Map<string, Set<string>>();
  for (const x of sim.transfers) {
    degree.set(x.from, (degree.get(x.from) ?? new Set()).add(x.to));
    degree.set(x.to, (degree.get(x.to) ?? new Set()).add(x.from));
  }
  // public infrastructure has thousands of counterparties; intermediaries (operators, deposit addresses, hops) fewer
  const small = (a: string): boolean => degree.get(a)!.size < 1000;
  t.ok(
    sim.transfers.every((x) => row.has(x.from) || row.has(x.to) || small(x.from) || small(x.to)),
    'every transfer touches a listed wallet or a small unlisted intermediary',
  );
});

t.test('every listed wallet was funded, and no time is a pile-up', async (t) => {
  const received = new Set(sim.transfers.map((x) => x.to));
  t.same(
    sim.truth.filter((r) => !received.has(r.address)).map((r) => r.pattern),
    [],
    'each listed wallet received something before the snapshot',
  );
  const perTime = new Map<number, number>();
  for (const x of sim.transfers) perTime.set(x.time, (perTime.get(x.time) ?? 0) + 1);
  // one block holds one batch at most (a grant round, an onboarding batch), not a share of the whole campaign
  t.ok(Math.max(...perTime.values()) <= 200, 'at most 200 transfers at one time');
});

t.test('the no-link farms share only what legitimate users use too', async (t) => {
  for (const [g, ws] of groups) {
    if (!isNoLink(row.get(ws[0])!.pattern)) continue;
    const seen = new Map<string, number>();
    for (const a of ws) for (const p of peers.get(a) ?? []) seen.set(p, (seen.get(p) ?? 0) + 1);
    const privateShared = [...seen].filter(([p, n]) => n >= 2 && !usedByLegit.has(p));
    t.same(privateShared, [], `farm ${g} shares no private counterparty`);
    t.notOk(
      ws.some((a) => [...(peers.get(a) ?? [])].some((p) => row.get(p)?.group === g)),
      `farm ${g} has no transfer between its wallets`,
    );
  }
});

t.test('each linked farm type leaves a private link in at least one farm', async (t) => {
  const linked = new Set<string>();
  for (const [g, ws] of groups) {
    const seen = new Map<string, number>();
    for (const a of ws) for (const p of peers.get(a) ?? []) seen.set(p, (seen.get(p) ?? 0) + 1);
    const shared = [...seen].some(([p, n]) => n >= 2 && !usedByLegit.has(p));
    const direct = ws.some((a) => [...(peers.get(a) ?? [])].some((p) => row.get(p)?.group === g));
    if (shared || direct) linked.add(row.get(ws[0])!.pattern);
  }
  t.same([...linked].sort(), BLIND2_FARM_TYPES.filter((x) => !isNoLink(x)).sort());
});

t.test('legitimate users carry the ties that look like farms', async (t) => {
  const batchPaid = new Map<string, { n: number; amounts: Set<number> }>();
  for (const x of sim.transfers)
    if (row.get(x.to)?.pattern === 'app_onboarded') {
      const b = batchPaid.get(x.txHash) ?? { n: 0, amounts: new Set() };
      b.n++;
      b.amounts.add(x.amount);
      batchPaid.set(x.txHash, b);
    }
  t.ok(
    [...batchPaid.values()].some((b) => b.n >= 4 && b.amounts.size === 1),
    'a wallet app pays several new users the same gas drop in one transaction',
  );
  const own = sim.transfers.filter((x) => row.get(x.from)?.pattern === 'own_wallets' && row.has(x.to));
  t.ok(own.length > 0, "one person's wallets pay each other");
  const grantTx = new Map<string, number>();
  for (const x of sim.transfers)
    if (row.get(x.to)?.pattern === 'grant') grantTx.set(x.txHash, (grantTx.get(x.txHash) ?? 0) + 1);
  t.ok(Math.max(...grantTx.values()) >= 10, 'a grant round pays many recipients in one transaction');
});
