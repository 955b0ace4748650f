import t from 'tap';
import { simulateCampaign, WORLD_FARM_TYPES, WORLD_LEGIT_PATTERNS } from '../../benchmarks/sim/campaign-sim.ts';

// The world shapes are appended: the standard campaign of a seed stays the one its figures were measured on.
t.test('world shapes extend a campaign without changing it', async (t) => {
  const plain = simulateCampaign({ seed: 7, legitWallets: 400, farms: 10 });
  const world = simulateCampaign({ seed: 7, legitWallets: 400, farms: 10, world: true });
  t.same(world.truth.slice(0, plain.truth.length), plain.truth, 'the standard wallets come first, unchanged');
  t.same(world.transfers.slice(0, plain.transfers.length), plain.transfers, 'and so do their transfers');
  const patterns = new Set(world.truth.slice(plain.truth.length).map((r) => r.pattern));
  t.same([...patterns].sort(), [...WORLD_FARM_TYPES, ...WORLD_LEGIT_PATTERNS].sort(), 'every world shape is there');
  const batched = world.truth.filter((r) => r.pattern === 'batched_withdrawal').map((r) => r.address);
  const fundedAt = new Map<string, Set<number>>();
  for (const x of world.transfers)
    if (batched.includes(x.to)) fundedAt.set(x.from, (fundedAt.get(x.from) ?? new Set()).add(x.time));
  const payments = [...fundedAt.values()].reduce((n, s) => n + s.size, 0);
  t.ok(payments < batched.length / 2, 'hot-wallet users are paid in batches (several per second)');
});
