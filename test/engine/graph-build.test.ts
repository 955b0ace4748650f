/**
 * The graph build's shortcuts give the graph and the groups the plain way gives (engine/wallet-graph.ts,
 * engine/detect-groups.ts): wallet ids taken from the address list's order, the hub-free edges moved in place, and
 * the components started from the neighbourhoods of the canonical order.
 */
import t from 'tap';
import { DEFAULT_TUNING, type EngineInput } from '../../engine/index.ts';
import { buildWalletGraph, type WalletGraph } from '../../engine/wallet-graph.ts';
import { detectGroups } from '../../engine/detect-groups.ts';
import { seededRng } from '../../engine/rng.ts';
import { UnionFind } from '../../engine/union-find.ts';

const address = (i: number): string => `0x${(0x5000000 + i).toString(16).padStart(40, '0')}`;

/**
 * Random transfers with the cases the shortcuts must get right: repeated transfers (an address in hubMinDegree or
 * more transfers with few counterparties: left out of the neighbourhoods, not a hub), a hub, labelled
 * infrastructure and an exception, wallets first in the address list or not, referral links (hybrid), one of them
 * making a hub of an address the neighbourhoods keep.
 */
function randomInput(n: number, seed: number, walletsFirst: boolean): EngineInput {
  const rng = seededRng(seed);
  const addresses = Array.from({ length: n }, (_, i) => address(i));
  const from: number[] = [];
  const to: number[] = [];
  const pick = (): number => Math.floor(rng() * n);
  for (let i = 0; i < 2 * n; i++) {
    const a = pick();
    const b = Math.min(n - 1, a - (a % 30) + Math.floor(rng() * 30)); // inside blocks of 30: small components
    from.push(a);
    to.push(b);
  }
  for (let i = 0; i < 30; i++) from.push(7), to.push(8); // repeated: blocked in the order, not a hub
  for (let i = 0; i < 40; i++) from.push(20), to.push(pick()); // a hub at hubMinDegree 25
  from.push(30, 31, 32);
  to.push(31, 31, 40); // a self-transfer
  const wallets = addresses
    .filter((_, i) => i % 3 !== 0)
    .map((a, i) => ({
      address: a,
      // one referrer of 40 wallets: a hub by its links alone (hybrid), in few transfers: inside a neighbourhood
      referrerAddress: i >= 200 && i < 240 ? address(100) : i % 17 === 5 ? addresses[(i * 7) % n] : undefined,
    }));
  if (!walletsFirst) wallets.reverse();
  return {
    chainFamily: 'evm',
    wallets,
    transfers: { addresses, from: Uint32Array.from(from), to: Uint32Array.from(to) },
    labels: { infrastructure: new Map([[address(50), 'cex']]), exceptions: new Set([address(8)]) },
  };
}

/** Components of the hub-free graph by plain union-find over every edge (detection's own way before). */
function plainGroups(g: WalletGraph): Int32Array {
  const uf = new UnionFind(g.n);
  for (let k = 0; k < g.m; k++) uf.union(g.eu[k], g.ev[k]);
  return Int32Array.from({ length: g.n }, (_, u) => uf.find(u));
}

const tuning = { ...DEFAULT_TUNING, hubMinDegree: 25 };

for (const hybrid of [false, true])
  for (const walletsFirst of [true, false])
    t.test(`build shortcuts (hybrid ${hybrid}, wallets first ${walletsFirst})`, async (t) => {
      const input = randomInput(3000, hybrid ? 11 : 7, walletsFirst);
      const g = buildWalletGraph(input, tuning, hybrid);
      t.ok(g.stats.statisticalHubs + g.stats.labelledHubs >= 2, 'the input has hubs');
      t.ok(g.m < g.stats.pairs, 'and hub links left out of the edges');
      // every wallet's node holds its address
      t.ok(
        input.wallets.every((w, i) => g.addresses[g.walletNode[i]] === w.address),
        'wallet nodes',
      );
      // neighbourhoods: each inside one component, its root its smallest node
      const plain = plainGroups(g);
      const nb = g.neighbourhoods;
      // a hub inside a neighbourhood could join two components there: then none are kept
      t.equal(nb !== undefined, !hybrid, hybrid ? 'a referrer hub: no neighbourhoods' : 'neighbourhoods kept');
      if (nb)
        for (let u = 0; u < g.n; u++)
          if (plain[nb[u]] !== plain[u] || nb[nb[u]] !== nb[u] || nb[u] > u) {
            t.fail(`node ${u}: its neighbourhood ${nb[u]} is not inside its component`);
            break;
          }
      // the hub-free edges (moved in place): every pair of distinct addresses without a hub, by (u, v), its weight
      // the transfers between them
      const node = new Map(g.addresses.map((a, u) => [a, u]));
      const weight = new Map<number, number>();
      const { addresses, from, to } = input.transfers;
      for (let i = 0; i < from.length; i++) {
        const a = node.get(addresses[from[i]])!;
        const b = node.get(addresses[to[i]])!;
        if (a === b || g.hub[a] !== 0 || g.hub[b] !== 0) continue;
        const key = Math.min(a, b) * g.n + Math.max(a, b);
        weight.set(key, (weight.get(key) ?? 0) + 1);
      }
      if (hybrid)
        for (const l of g.links)
          if (g.hub[l.u] === 0 && g.hub[l.v] === 0) weight.set(Math.min(l.u, l.v) * g.n + Math.max(l.u, l.v), -1);
      const keys = [...weight.keys()].sort((x, y) => x - y);
      t.same(
        Array.from(g.eu),
        keys.map((k) => Math.floor(k / g.n)),
        'edges: lower endpoints',
      );
      t.same(
        Array.from(g.ev),
        keys.map((k) => k % g.n),
        'edges: higher endpoints',
      );
      if (!hybrid)
        t.same(
          Array.from(g.ew),
          keys.map((k) => weight.get(k)),
          'edges: weights',
        );
      // groups from the neighbourhoods equal groups from the plain components
      const noPool = (): never => {
        throw new Error('components this small need no pool');
      };
      const withNb = await detectGroups(g, tuning, noPool, 42);
      const without = await detectGroups({ ...g, neighbourhoods: undefined }, tuning, noPool, 42);
      t.same(withNb.groupOf, without.groupOf, 'same groups');
      t.ok(withNb.groupCount > 10);
    });
