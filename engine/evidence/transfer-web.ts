/**
 * Transfer webs: listed wallets joined, directly or through other listed wallets, by direct transfers between
 * listed wallets (hub-free edges only). One transfer between two wallets is a weak tie (people pay each other once:
 * a `direct_transfer` of confidence 0.4), but a web of many listed wallets each linked to the next is rarely formed
 * by chance: honest payments between campaign wallets make pairs and triangles (families, friends), a farm moving
 * funds between its wallets makes one web of all of them. The web is measured over the whole list, not inside one
 * cluster (community detection may cut a long chain of transfers in two). The members of a cluster that belong to
 * one web of at least `transferWebMin` listed wallets (2 or more of them in the cluster) are named by one
 * `transfer_web` item whose confidence grows with the web's size (0.5 at the minimum, 0.95 at 4 times it).
 * The minimum is a tuning value chosen by bench:quality inside its cross-validation (docs/engine.md).
 *
 * Applied after collectEvidence: it only adds items, kinds and strength to what the other families found. */
import type { WalletGraph } from '../wallet-graph.ts';
import { round3 } from '../scoring.ts';
import { kindInfo } from './kinds.ts';
import type { Evidence } from './collect.ts';
import type { RawCluster } from './raw-cluster.ts';
import { push, ramp } from './util.ts';

export function transferWebEvidence(g: WalletGraph, evidence: Evidence, webMin: number, maxAddresses: number): void {
  if (!(webMin >= 2)) return;
  // union-find over listed wallets (path halving, smaller root id wins: independent of edge order)
  const parent = new Int32Array(g.n);
  for (let u = 0; u < g.n; u++) parent[u] = u;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const { eu, ev, listed } = g;
  let any = false;
  for (let k = 0; k < g.m; k++) {
    const a = eu[k];
    const b = ev[k];
    if (!listed[a] || !listed[b]) continue;
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) continue;
    if (ra < rb) parent[rb] = ra;
    else parent[ra] = rb;
    any = true;
  }
  if (!any) return;
  const size = new Uint32Array(g.n);
  for (let u = 0; u < g.n; u++) if (listed[u]) size[(parent[u] = find(u))]++;
  const kind = kindInfo('transfer_web');
  const { coveredBy, kindsOf, strength } = evidence;
  const laneBit = kind.lane === 'funding' ? 1 : 2;
  const add = (rc: RawCluster, web: number[], whole: number): void => {
    const confidence = round3(0.5 + 0.45 * ramp(whole, webMin, 4 * webMin));
    rc.evidence.push({
      lane: kind.lane,
      kind: kind.kind,
      confidence,
      riskBearing: true,
      addresses: web.slice(0, maxAddresses + 1).map((u) => g.addresses[u]),
      data: { wallets: whole, members: web.length, truncated: web.length > maxAddresses + 1 },
    });
    rc.counts.riskBearing++;
    rc.kinds.add(kind.kind);
    const f = 1 - kind.weight * confidence;
    for (const u of web) {
      coveredBy[u] |= laneBit;
      kindsOf[u] |= kind.bit;
      strength[u] = 1 - (1 - strength[u]) * f;
    }
    rc.patterns.interaction_ring = Math.max(rc.patterns.interaction_ring ?? 0, web.length / rc.members.length);
  };
  for (const rc of evidence.clusters) {
    const m = rc.members;
    const r0 = parent[m[0]];
    let one = true;
    for (let i = 1; i < m.length && one; i++) one = parent[m[i]] === r0;
    if (one) {
      // the common case: all members in one web
      if (size[r0] >= webMin && m.length >= 2) add(rc, m, size[r0]);
      continue;
    }
    const webs = new Map<number, number[]>();
    for (const u of m) push(webs, parent[u], u); // members ascending: webs in order of their first member
    for (const [root, web] of webs) if (size[root] >= webMin && web.length >= 2) add(rc, web, size[root]);
  }
}
