/**
 * Passing webs: transfer webs (transfer-web.ts) of at least `transferWebMin` listed wallets in which nearly every
 * wallet (`UNIFORM_SHARE`) paid exactly one other listed wallet: a script passing each wallet's funds on to one
 * other (peel and relay chains) or having each wallet pay one other once (a farm's "cross touch"), so the web is
 * a chain or a random mapping. Its wallets that the interaction graph's grouping left alone or in narrow groups
 * (fewer than `transferWebMin` listed wallets) join one group (timed-funding.ts joinRuns), as a funding run joins its
 * recipients; broader pieces are groups of their own, and a stray payment or two between them does not merge them.
 * Their passers are no bystanders of their cluster (analyze.ts).
 *
 * Why: such a web closes no triangle. Below `maxComponentNodes` it is one component and one grouping; above, the
 * backbone pruning (backbone.ts) keeps only edges that close a triangle or end at a leaf, and cut a web of 2,282
 * wallets into pieces of one to three (first blind generator's `cross_touch`, seed 9105: 486 of 2,419
 * flagged). People's payments make webs too, but a person who pays other listed people pays several of them, and
 * most are paid without paying (third blind generator's veterans: 1,730 wallets in one web, 90% of them payers, 31%
 * paying exactly one listed wallet), so their webs do not qualify.
 */
import type { WalletGraph } from '../wallet-graph.ts';
import { UNIFORM_SHARE } from '../uniform-amounts.ts';
import { transferWebs, webArrays } from './transfer-web.ts';
import { push } from './util.ts';

export interface PassingWebs {
  /**
   * Per web, its listed wallets, ascending, that the interaction graph's grouping left alone or in a narrow group
   * (fewer than `transferWebMin` listed wallets): the wallets to join. Webs in order of their smallest node.
   */
  webs: number[][];
  /** Per node, 1 for a wallet of a web that paid exactly one other listed wallet. */
  passer: Uint8Array;
}

/** The passing webs of the graph's hub-free transfers among listed wallets; `groupOf`: the interaction groups. */
export function passingWebs(g: WalletGraph, webMin: number, groupOf: Int32Array): PassingWebs {
  const passer = new Uint8Array(g.n);
  if (!(webMin >= 2)) return { webs: [], passer };
  const { root, size, any } = transferWebs(g.n, g.eu, g.ev, g.listed, webArrays(g.n, false));
  if (!any) return { webs: [], passer };
  // listed wallets each one paid: 0, 1 or 2 (two or more)
  const paid = new Uint8Array(g.n);
  const pay = (u: number): void => {
    if (paid[u] < 2) paid[u]++;
  };
  for (let k = 0; k < g.m; k++) {
    const a = g.eu[k];
    const b = g.ev[k];
    if (!g.listed[a] || !g.listed[b]) continue;
    if (g.ef[k] > 0) pay(a);
    if (g.ew[k] > g.ef[k]) pay(b);
  }
  const listedIn = new Uint32Array(g.n);
  for (let u = 0; u < g.n; u++) if (g.listed[u] && groupOf[u] >= 0) listedIn[groupOf[u]]++;
  const narrow = (u: number): boolean => groupOf[u] < 0 || listedIn[groupOf[u]] < webMin;
  const passers = new Uint32Array(g.n);
  for (let u = 0; u < g.n; u++) if (g.listed[u] && paid[u] === 1) passers[root[u]]++;
  const webs = new Map<number, number[]>();
  for (let u = 0; u < g.n; u++) {
    if (!g.listed[u]) continue;
    const r = root[u];
    if (size[r] < webMin || passers[r] < UNIFORM_SHARE * size[r]) continue;
    if (narrow(u)) push(webs, r, u);
    if (paid[u] === 1) passer[u] = 1;
  }
  return { webs: [...webs.values()].filter((w) => w.length >= 2), passer };
}
