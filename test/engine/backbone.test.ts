import t from 'tap';
import { buildWalletGraph, DEFAULT_TUNING } from '../../engine/index.ts';
import { pruneRange, rangeBounds } from '../../engine/backbone.ts';
import { seededRng } from '../../engine/rng.ts';
import { engineInput, evm } from './helpers.ts';

t.test('backbone pruning: an edge stays exactly when it closes a triangle, whatever the node ranges', async (t) => {
  const r = seededRng(7);
  const names = Array.from({ length: 300 }, (_, i) => evm(`b${i}`));
  const transfers: Array<[string, string]> = [];
  for (let i = 0; i < 900; i++) {
    const a = Math.floor(r() * names.length);
    const b = Math.floor(r() * names.length);
    transfers.push([names[a], names[b]]);
  }
  for (let i = 0; i + 2 < 60; i += 3) transfers.push([names[i], names[i + 1]], [names[i + 1], names[i + 2]]);
  const g = buildWalletGraph(engineInput({ wallets: names, transfers }), DEFAULT_TUNING, false);
  const big = new Uint8Array(g.n).fill(1);
  // by brute force: neighbour sets
  const nb = Array.from({ length: g.n }, (_, u) => new Set(g.adj.subarray(g.off[u], g.off[u + 1])));
  const expected = new Uint8Array(g.m).fill(1);
  for (let e = 0; e < g.m; e++) {
    const u = g.eu[e];
    const v = g.ev[e];
    if (nb[u].size === 1 || nb[v].size === 1) continue;
    if (![...nb[u]].some((x) => nb[v].has(x))) expected[e] = 0;
  }
  t.ok(expected.includes(0) && expected.includes(1), 'the graph has edges of both kinds');
  for (const parts of [1, 2, 3, 7]) {
    const keep = new Uint8Array(g.m).fill(1);
    const bounds = rangeBounds(g.off, g.n, parts);
    let pruned = 0;
    for (let i = 0; i + 1 < bounds.length; i++)
      pruned += pruneRange({ off: g.off, adj: g.adj, adjEdge: g.adjEdge, big, keep, lo: bounds[i], hi: bounds[i + 1] });
    t.same([...keep], [...expected], `${parts} ranges`);
    t.equal(pruned, expected.filter((x) => x === 0).length);
  }
});
