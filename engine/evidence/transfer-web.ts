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

/** Listed wallets joined by transfers among them: each one's web (its smallest node id) and each web's size. */
export interface TransferWebs {
  /** Per node: the smallest node id of its web (a node outside every web: itself). */
  root: Int32Array;
  /** Per root: listed wallets in its web. */
  size: Uint32Array;
  /** False when no two listed wallets are joined (no web at all). */
  any: boolean;
}

/** The arrays `transferWebs` fills, in shared memory when a pool thread fills them (evidence/side-scan.ts). */
export function webArrays(n: number, shared: boolean): Omit<TransferWebs, 'any'> {
  const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  return { root: new Int32Array(buffer(4 * n)), size: new Uint32Array(buffer(4 * n)) };
}

/** Union-find over the listed wallets of the hub-free edges (path halving, smaller root id wins: any edge order). */
export function transferWebs(
  n: number,
  eu: Uint32Array,
  ev: Uint32Array,
  listed: Uint8Array,
  out: Omit<TransferWebs, 'any'>,
): TransferWebs {
  const { root: parent, size } = out;
  for (let u = 0; u < n; u++) parent[u] = u;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  let any = false;
  for (let k = 0; k < eu.length; k++) {
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
  if (any) for (let u = 0; u < n; u++) if (listed[u]) size[(parent[u] = find(u))]++;
  return { root: parent, size, any };
}

/** `webs`: transferWebs() of the graph, when already made (on a pool thread); made here otherwise. */
export function transferWebEvidence(
  g: WalletGraph,
  evidence: Evidence,
  webMin: number,
  maxAddresses: number,
  webs?: TransferWebs,
): void {
  if (!(webMin >= 2)) return;
  const { root: parent, size, any } = webs ?? transferWebs(g.n, g.eu, g.ev, g.listed, webArrays(g.n, false));
  if (!any) return;
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
