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
import { UnionFind } from '../union-find.ts';
import { round3 } from '../scoring.ts';
import { kindInfo } from './kinds.ts';
import type { Evidence } from './collect.ts';
import { push, ramp } from './util.ts';

export function transferWebEvidence(g: WalletGraph, evidence: Evidence, webMin: number, maxAddresses: number): void {
  if (!(webMin >= 2)) return;
  const uf = new UnionFind(g.n);
  let any = false;
  const size = new Uint32Array(g.n);
  for (let k = 0; k < g.m; k++) {
    if (g.listed[g.eu[k]] && g.listed[g.ev[k]]) {
      uf.union(g.eu[k], g.ev[k]);
      any = true;
    }
  }
  for (let u = 0; u < g.n; u++) if (g.listed[u]) size[uf.find(u)]++;
  if (!any) return;
  const kind = kindInfo('transfer_web');
  const { coveredBy, kindsOf, strength } = evidence;
  evidence.clusters.forEach((rc) => {
    const webs = new Map<number, number[]>();
    for (const u of rc.members) push(webs, uf.find(u), u); // members ascending: webs in order of their first member
    for (const web of webs.values()) {
      const whole = size[uf.find(web[0])];
      if (whole < webMin || web.length < 2) continue;
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
      for (const u of web) {
        coveredBy[u] |= kind.lane === 'funding' ? 1 : 2;
        kindsOf[u] |= kind.bit;
        strength[u] = 1 - (1 - strength[u]) * (1 - kind.weight * confidence);
      }
      rc.patterns.interaction_ring = Math.max(rc.patterns.interaction_ring ?? 0, web.length / rc.members.length);
    }
  });
}
