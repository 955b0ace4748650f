/**
 * The engine's graph: every address of the wallet list and the transfers dictionary-encoded as node ids, transfers
 * folded into one undirected weighted edge per address pair (counting sort by lower endpoint, then dedupe), hubs
 * classified (labelled infrastructure, or unlabelled with a statistically high fan-out), and a CSR adjacency of the
 * hub-free graph. All arrays are typed: 1M nodes / 3M edges fit in a few hundred MB.
 */
import type { EngineInput, EngineTuning } from './types.ts';

/** A referral code used by more wallets than this is a public code (an influencer's), not a ring. */
export const MAX_CODE_SHARE = 100;

export const HUB_NONE = 0;
export const HUB_LABELLED = 1;
export const HUB_STATISTICAL = 2;

export interface WalletGraph {
  n: number;
  addresses: string[];
  /** 1 for wallets of the list. */
  listed: Uint8Array;
  /** Node id of wallet i of the input list. */
  walletNode: Uint32Array;
  /** HUB_* per node. */
  hub: Uint8Array;
  hubList: Map<number, string>;
  /** Distinct counterparties per node, hubs included. */
  fullDegree: Uint32Array;
  /** Hub-free undirected edges (u < v) and their weights (transfer count). */
  eu: Uint32Array;
  ev: Uint32Array;
  ew: Float64Array;
  m: number;
  /** CSR adjacency of the hub-free graph: neighbours of u are adj[off[u]..off[u+1]), their edge ids adjEdge[...]. */
  off: Uint32Array;
  adj: Uint32Array;
  adjEdge: Uint32Array;
  /** Hybrid-mode links between listed wallets (referrer, shared referral code): node pairs and kind. */
  links: Array<{ u: number; v: number; kind: 'referral_link' | 'shared_referral_code'; code?: string }>;
  /** Original directed transfers (node ids), for evidence. */
  from: Uint32Array;
  to: Uint32Array;
  blockTime?: Float64Array;
  amount?: Float64Array;
  stats: {
    transfers: number;
    selfTransfers: number;
    pairs: number;
    labelledHubs: number;
    statisticalHubs: number;
    hubEdges: number;
    hybridLinks: number;
  };
}

/** Builds the graph; `hybrid` adds referral links from the wallet input. */
export function buildWalletGraph(input: EngineInput, tuning: EngineTuning, hybrid: boolean): WalletGraph {
  const { transfers, labels, wallets } = input;
  const addresses = transfers.addresses.slice();
  const index = new Map<string, number>();
  for (let i = 0; i < addresses.length; i++) index.set(addresses[i], i);
  const nodeOf = (a: string): number => {
    let id = index.get(a);
    if (id === undefined) {
      id = addresses.length;
      addresses.push(a);
      index.set(a, id);
    }
    return id;
  };
  const walletNode = new Uint32Array(wallets.length);
  for (let i = 0; i < wallets.length; i++) walletNode[i] = nodeOf(wallets[i].address);
  const links: WalletGraph['links'] = [];
  if (hybrid) collectHybridLinks(input, walletNode, nodeOf, links);
  const n = addresses.length;
  const listed = new Uint8Array(n);
  for (const w of walletNode) listed[w] = 1;

  // 1. fold directed transfers (plus hybrid links) into undirected pairs: bucket by lower endpoint
  const T = transfers.from.length;
  const L = links.length;
  const count = new Uint32Array(n + 1);
  let selfTransfers = 0;
  for (let i = 0; i < T; i++) {
    const a = transfers.from[i];
    const b = transfers.to[i];
    if (a === b) {
      selfTransfers++;
      continue;
    }
    count[a < b ? a : b]++;
  }
  for (const l of links) count[l.u < l.v ? l.u : l.v]++;
  const start = new Uint32Array(n + 1);
  for (let u = 0; u < n; u++) start[u + 1] = start[u] + count[u];
  const total = start[n];
  const hi = new Uint32Array(total);
  const fill = start.slice(0, n);
  for (let i = 0; i < T; i++) {
    const a = transfers.from[i];
    const b = transfers.to[i];
    if (a === b) continue;
    if (a < b) hi[fill[a]++] = b;
    else hi[fill[b]++] = a;
  }
  for (const l of links) {
    if (l.u < l.v) hi[fill[l.u]++] = l.v;
    else hi[fill[l.v]++] = l.u;
  }
  // sort each bucket and dedupe into pair arrays
  const pu = new Uint32Array(total);
  const pv = new Uint32Array(total);
  const pw = new Float64Array(total);
  let pairs = 0;
  for (let u = 0; u < n; u++) {
    const s = start[u];
    const e = start[u + 1];
    if (e - s > 1) sortRange(hi, s, e);
    for (let k = s; k < e; k++) {
      if (pairs > 0 && pu[pairs - 1] === u && pv[pairs - 1] === hi[k]) {
        pw[pairs - 1]++;
        continue;
      }
      pu[pairs] = u;
      pv[pairs] = hi[k];
      pw[pairs] = 1;
      pairs++;
    }
  }

  // 2. degree with hubs, hub classification
  const fullDegree = new Uint32Array(n);
  for (let k = 0; k < pairs; k++) {
    fullDegree[pu[k]]++;
    fullDegree[pv[k]]++;
  }
  const hub = new Uint8Array(n);
  const hubList = new Map<number, string>();
  let labelledHubs = 0;
  let statisticalHubs = 0;
  for (const [address, list] of labels.infrastructure) {
    if (labels.exceptions.has(address)) continue;
    const id = index.get(address);
    if (id === undefined) continue;
    hub[id] = HUB_LABELLED;
    hubList.set(id, list);
    labelledHubs++;
  }
  for (let u = 0; u < n; u++) {
    if (hub[u] === HUB_NONE && fullDegree[u] >= tuning.hubMinDegree && !labels.exceptions.has(addresses[u])) {
      hub[u] = HUB_STATISTICAL;
      hubList.set(u, 'statistical_hub');
      statisticalHubs++;
    }
  }

  // 3. hub-free edges and CSR
  let m = 0;
  for (let k = 0; k < pairs; k++) if (hub[pu[k]] === HUB_NONE && hub[pv[k]] === HUB_NONE) m++;
  const eu = new Uint32Array(m);
  const ev = new Uint32Array(m);
  const ew = new Float64Array(m);
  const deg = new Uint32Array(n);
  for (let k = 0, j = 0; k < pairs; k++) {
    if (hub[pu[k]] !== HUB_NONE || hub[pv[k]] !== HUB_NONE) continue;
    eu[j] = pu[k];
    ev[j] = pv[k];
    ew[j] = pw[k];
    deg[pu[k]]++;
    deg[pv[k]]++;
    j++;
  }
  const { off, adj, adjEdge } = buildCsr(n, eu, ev, deg);
  return {
    n,
    addresses,
    listed,
    walletNode,
    hub,
    hubList,
    fullDegree,
    eu,
    ev,
    ew,
    m,
    off,
    adj,
    adjEdge,
    links,
    from: transfers.from,
    to: transfers.to,
    blockTime: transfers.blockTime,
    amount: transfers.amount,
    stats: { transfers: T, selfTransfers, pairs, labelledHubs, statisticalHubs, hubEdges: pairs - m, hybridLinks: L },
  };
}

/** CSR adjacency of an undirected edge list; `deg` holds each node's degree in it. */
export function buildCsr(
  n: number,
  eu: Uint32Array,
  ev: Uint32Array,
  deg: Uint32Array,
): { off: Uint32Array; adj: Uint32Array; adjEdge: Uint32Array } {
  const off = new Uint32Array(n + 1);
  for (let u = 0; u < n; u++) off[u + 1] = off[u] + deg[u];
  const adj = new Uint32Array(off[n]);
  const adjEdge = new Uint32Array(off[n]);
  const pos = off.slice(0, n);
  for (let k = 0; k < eu.length; k++) {
    const a = eu[k];
    const b = ev[k];
    adj[pos[a]] = b;
    adjEdge[pos[a]++] = k;
    adj[pos[b]] = a;
    adjEdge[pos[b]++] = k;
  }
  return { off, adj, adjEdge };
}

function sortRange(a: Uint32Array, s: number, e: number): void {
  if (e - s <= 24) {
    for (let i = s + 1; i < e; i++) {
      const x = a[i];
      let j = i - 1;
      while (j >= s && a[j] > x) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
  } else a.subarray(s, e).sort();
}

/**
 * Hybrid mode: a wallet naming a referrer links to it; wallets sharing a referral code are linked in a chain
 * (codes shared by more than MAX_CODE_SHARE wallets are public codes, not evidence).
 */
function collectHybridLinks(
  input: EngineInput,
  walletNode: Uint32Array,
  nodeOf: (a: string) => number,
  links: WalletGraph['links'],
): void {
  const byCode = new Map<string, number[]>();
  input.wallets.forEach((w, i) => {
    const u = walletNode[i];
    if (w.referrerAddress && w.referrerAddress !== w.address)
      links.push({ u, v: nodeOf(w.referrerAddress), kind: 'referral_link' });
    if (w.referralCode) {
      const list = byCode.get(w.referralCode);
      if (list) list.push(u);
      else byCode.set(w.referralCode, [u]);
    }
  });
  for (const [code, nodes] of byCode) {
    if (nodes.length < 2 || nodes.length > MAX_CODE_SHARE) continue;
    for (let k = 1; k < nodes.length; k++)
      links.push({ u: nodes[k - 1], v: nodes[k], kind: 'shared_referral_code', code });
  }
}
