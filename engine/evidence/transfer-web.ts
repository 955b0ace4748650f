/**
 * Transfer webs: the members of a cluster joined, directly or through other members, by direct transfers between
 * listed wallets. One transfer between two wallets is a weak tie (people pay each other once: a `direct_transfer`
 * of confidence 0.4), but a web of many listed wallets each linked to the next is rarely formed by chance: honest
 * payments between campaign wallets make pairs and triangles (families, friends), a farm moving funds between its
 * wallets makes one web of all of them. Every member of a web of at least `transferWebMin` listed wallets is named
 * by one `transfer_web` item whose confidence grows with the web's size (0.5 at the minimum, 0.95 at 4 times it).
 * The minimum is a tuning value chosen by bench:quality inside its cross-validation (docs/engine.md).
 *
 * Applied after collectEvidence: it only adds items, kinds and strength to what the other families found.
 */
import type { WalletGraph } from '../wallet-graph.ts';
import { UnionFind } from '../union-find.ts';
import { round3 } from '../scoring.ts';
import { kindInfo } from './kinds.ts';
import type { Evidence } from './collect.ts';
import { push, ramp } from './util.ts';

export function transferWebEvidence(
  g: WalletGraph,
  clusterOf: Int32Array,
  evidence: Evidence,
  webMin: number,
  maxAddresses: number,
): void {
  if (!(webMin >= 2)) return;
  const uf = new UnionFind(g.n);
  let any = false;
  for (let k = 0; k < g.m; k++) {
    const c = clusterOf[g.eu[k]];
    if (c >= 0 && c === clusterOf[g.ev[k]]) {
      uf.union(g.eu[k], g.ev[k]);
      any = true;
    }
  }
  if (!any) return;
  const kind = kindInfo('transfer_web');
  const { coveredBy, kindsOf, strength } = evidence;
  evidence.clusters.forEach((rc, c) => {
    const webs = new Map<number, number[]>();
    for (const u of rc.members) push(webs, uf.find(u), u); // members ascending: webs in order of their first member
    for (const web of webs.values()) {
      if (web.length < webMin) continue;
      const confidence = round3(0.5 + 0.45 * ramp(web.length, webMin, 4 * webMin));
      rc.evidence.push({
        lane: kind.lane,
        kind: kind.kind,
        confidence,
        riskBearing: true,
        addresses: web.slice(0, maxAddresses + 1).map((u) => g.addresses[u]),
        data: { wallets: web.length, truncated: web.length > maxAddresses + 1 },
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
    void c;
  });
}
