/**
 * The engine's graph: every address of the wallet list and the transfers dictionary-encoded as node ids, transfers
 * folded into one undirected weighted edge per address pair (counting sort by lower endpoint, then dedupe), hubs
 * classified (labelled infrastructure, or unlabelled with a statistically high fan-out), and a CSR adjacency of the
 * hub-free graph. All arrays are typed: 1M nodes / 3M edges fit in a few hundred MB.
 */
import { BRIDGE_LIST, bridgeHops } from './bridge-hops.ts';
import type { EngineInput, EngineTuning } from './types.ts';
import { UnionFind } from './union-find.ts';
import { AddressTable } from './address-index.ts';
import { fixedPrices, isRoundAmount, UNIFORM_SHARE, uniformAmounts } from './uniform-amounts.ts';
import { topUpSources } from './top-ups.ts';
import { wholeSweepReceivers } from './whole-sweeps.ts';
import { shared } from './parallel-louvain.ts';
import { activityProfile, BURST_GAP_SECONDS, BURST_MIN, chanceBurstShare } from './burst-chance.ts';

/** A referral code used by more wallets than this is a public code (an influencer's), not a ring. */
export const MAX_CODE_SHARE = 100;

const NO_TRANSFER = 0xffffffff;

export const HUB_NONE = 0;
export const HUB_LABELLED = 1;
export const HUB_STATISTICAL = 2;
/**
 * An unlabelled address with a hub's fan-out whose transfers with listed wallets come in bursts (a farm's funder or
 * collector):
 * kept out of the interaction graph like a hub (a star of thousands would only be shattered by Louvain), but its
 * payments stay risk-bearing evidence and its batches group their recipients (engine/evidence/timed-funding.ts).
 */
export const HUB_FUNDER = 3;

/** Infrastructure: a labelled hub or an unlabelled one whose payments look like a service's (neutralised). */
export const isInfrastructure = (hub: number): boolean => hub === HUB_LABELLED || hub === HUB_STATISTICAL;

// BURST_GAP_SECONDS (300): payments to listed wallets at most this far apart belong to one burst; BURST_MIN (5): a
// burst has at least this many payments. They live with the chance model that reads them (burst-chance.ts).
export { BURST_GAP_SECONDS, BURST_MIN } from './burst-chance.ts';
/** A high fan-out address is a farm's funder when at least this share of its timed payments are in bursts. */
export const FUNDER_BURST_SHARE = 0.5;
/**
 * A high fan-out address is a farm's funder, too, when it paid at least this many listed wallets about one amount
 * (the default breadth minimum, `transferWebMin`: a uniform run needs as many).
 */
export const UNIFORM_HUB_MIN = 8;

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
  /** Distinct listed counterparties per node. */
  listedDegree: Uint32Array;
  /** Per node, 1 when it sent something and only ever to infrastructure (onlyToInfrastructure). */
  forwardsOnlyToInfrastructure: Uint8Array;
  /** Hub-free undirected edges (u < v) and their weights (transfer count). */
  eu: Uint32Array;
  ev: Uint32Array;
  ew: Float64Array;
  /** Per edge: transfers from eu to ev (the others of its weight go from ev to eu, or are hybrid links). */
  ef: Uint32Array;
  /** Per edge, with block times: the time of its first transfer (NaN when none is timed); null without times. */
  eFirstTime: Float64Array | null;
  m: number;
  /** CSR adjacency of the hub-free graph: neighbours of u are adj[off[u]..off[u+1]), their edge ids adjEdge[...]. */
  off: Uint32Array;
  adj: Uint32Array;
  adjEdge: Uint32Array;
  /**
   * Per node, the smallest node id of its neighbourhood (groupedOrder): nodes joined by transfers that touch no
   * labelled infrastructure and no address in hubMinDegree or more transfers. Every hub is such an address, so a
   * neighbourhood lies inside one component of the hub-free graph: detection starts its components from them
   * (detect-groups.ts). Undefined when the order has no neighbourhoods (more than 2^23 addresses).
   */
  neighbourhoods?: Int32Array;
  /** Hybrid-mode links between listed wallets (referrer, shared referral code): node pairs and kind. */
  links: Array<{ u: number; v: number; kind: 'referral_link' | 'shared_referral_code'; code?: string }>;
  /** Original directed transfers (node ids), for evidence. */
  from: Uint32Array;
  to: Uint32Array;
  blockTime?: Float64Array;
  amount?: Float64Array;
  txId?: Uint32Array;
  chain?: Uint32Array;
  asset?: Uint32Array;
  stats: {
    transfers: number;
    selfTransfers: number;
    pairs: number;
    labelledHubs: number;
    statisticalHubs: number;
    funderHubs: number;
    /** Bridge payouts read as transfers from their depositors (bridge-hops.ts). */
    bridgeHops: number;
    hubEdges: number;
    hybridLinks: number;
  };
}

/**
 * Builds the graph; `hybrid` adds referral links from the wallet input. Node ids follow a canonical order of the
 * addresses (canonicalOrder): whatever the order of the wallets and transfers, every later pass (Louvain's seeded
 * visiting order, tie-breaks, evidence order) sees the same numbering.
 */
export function buildWalletGraph(input: EngineInput, tuning: EngineTuning, hybrid: boolean): WalletGraph {
  const { labels, wallets } = input;
  const given = input.transfers.addresses.slice();
  const index = new AddressTable(given);
  const nodeOf = (a: string): number => index.id(a);
  const walletNode = new Uint32Array(wallets.length);
  // an address list that starts with the wallets (the benchmarks' does; the service's loader numbers addresses in
  // transfer order) needs no look-up: with distinct addresses, an address's id is its index
  for (let i = 0; i < wallets.length; i++) {
    const a = wallets[i].address;
    walletNode[i] = index.distinct && i < given.length && given[i] === a ? i : nodeOf(a);
  }
  const links: WalletGraph['links'] = [];
  if (hybrid) collectHybridLinks(input, walletNode, nodeOf, links, given);
  // canonical node ids: rank[input id] (the input's ids depend on its order)
  const { order, neighbourhoods, blocked } = groupedOrder(
    given,
    canonicalOrder(given, index.hash),
    input,
    index,
    tuning.hubMinDegree,
  );
  const rank = new Uint32Array(given.length);
  for (let i = 0; i < order.length; i++) rank[order[i]] = i;
  const addresses = Array.from(order, (i) => given[i]);
  const lookup = (a: string): number | undefined => {
    const i = index.get(a);
    return i === undefined ? undefined : rank[i];
  };
  for (let i = 0; i < walletNode.length; i++) walletNode[i] = rank[walletNode[i]];
  for (const l of links) {
    l.u = rank[l.u];
    l.v = rank[l.v];
  }
  links.sort((x, y) => x.u - y.u || x.v - y.v || (x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0));
  const transfers = {
    ...input.transfers,
    addresses,
    from: remap(input.transfers.from, rank),
    to: remap(input.transfers.to, rank),
  };
  const n = addresses.length;
  const listed = new Uint8Array(n);
  for (const w of walletNode) listed[w] = 1;
  // a bridge's payouts read as transfers from their depositors (bridge-hops.ts), before anything counts them
  const hopped = bridgeHops(transfers, ...bridgeRoles(n, transfers, labels, lookup, tuning.hubMinDegree));
  transfers.from = hopped.from;

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
  // hi: the other endpoint * 2 + 1 when the transfer goes from the lower endpoint to the higher (its direction
  // rides along the sort); with block times src: the transfer index (links: NO_TRANSFER), for each pair's first time
  const hi = new Uint32Array(total);
  const timed = transfers.blockTime;
  const src = timed ? new Uint32Array(total) : null;
  const fill = start.slice(0, n);
  for (let i = 0; i < T; i++) {
    const a = transfers.from[i];
    const b = transfers.to[i];
    if (a === b) continue;
    const p = a < b ? fill[a]++ : fill[b]++;
    hi[p] = a < b ? b * 2 + 1 : a * 2;
    if (src) src[p] = i;
  }
  for (const l of links) {
    const p = l.u < l.v ? fill[l.u]++ : fill[l.v]++;
    hi[p] = (l.u < l.v ? l.v : l.u) * 2;
    if (src) src[p] = NO_TRANSFER;
  }
  // sort each bucket and dedupe into pair arrays, in shared memory: the hub-free edges are taken from them in place
  const pu = new Uint32Array(new SharedArrayBuffer(4 * total));
  const pv = new Uint32Array(new SharedArrayBuffer(4 * total));
  const pw = new Float64Array(new SharedArrayBuffer(8 * total));
  const pf = new Uint32Array(new SharedArrayBuffer(4 * total));
  const pt = timed ? new Float64Array(total).fill(Number.NaN) : null;
  let pairs = 0;
  for (let u = 0; u < n; u++) {
    const s = start[u];
    const e = start[u + 1];
    if (e - s > 1) sortRange(hi, src, s, e);
    for (let k = s; k < e; k++) {
      const v = hi[k] >>> 1;
      if (!(pairs > 0 && pu[pairs - 1] === u && pv[pairs - 1] === v)) {
        pu[pairs] = u;
        pv[pairs] = v;
        pairs++;
      }
      pw[pairs - 1]++;
      pf[pairs - 1] += hi[k] & 1;
      if (src && pt && src[k] !== NO_TRANSFER) {
        const time = (timed as Float64Array)[src[k]];
        if (!Number.isNaN(time) && !(time >= pt[pairs - 1])) pt[pairs - 1] = time;
      }
    }
  }

  // 2. degree with hubs, hub classification
  const fullDegree = new Uint32Array(n);
  const listedDegree = new Uint32Array(n);
  for (let k = 0; k < pairs; k++) {
    fullDegree[pu[k]]++;
    fullDegree[pv[k]]++;
    listedDegree[pu[k]] += listed[pv[k]];
    listedDegree[pv[k]] += listed[pu[k]];
  }
  const hub = new Uint8Array(n);
  const hubList = new Map<number, string>();
  let labelledHubs = 0;
  let statisticalHubs = 0;
  for (const [address, list] of labels.infrastructure) {
    if (labels.exceptions.has(address)) continue;
    const id = lookup(address);
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
  const forwardsOnlyToInfrastructure = onlyToInfrastructure(hub, transfers.from, transfers.to);
  const funderHubs =
    classifyFunders(hub, hubList, listed, transfers, forwardsOnlyToInfrastructure) +
    relayRoots(hub, hubList, listed, transfers, fullDegree);
  statisticalHubs -= funderHubs;
  // a hub inside a neighbourhood (a hub by referral links, in hybrid mode) would join the components it separates
  let hubsOutside = true;
  for (const u of hubList.keys()) if (!blocked?.[order[u]]) hubsOutside = false;

  // 3. hub-free edges and CSR
  const { eu, ev, ew, ef, eFirstTime, deg } = hubFreeEdges(hub, fullDegree, { pu, pv, pw, pf, pt }, pairs);
  const m = eu.length;
  const { off, adj, adjEdge } = buildCsr(n, eu, ev, deg);
  return {
    n,
    addresses,
    listed,
    walletNode,
    hub,
    hubList,
    fullDegree,
    listedDegree,
    eu,
    ev,
    ew,
    ef,
    eFirstTime,
    m,
    off,
    adj,
    adjEdge,
    neighbourhoods: hubsOutside ? neighbourhoods : undefined,
    forwardsOnlyToInfrastructure,
    links,
    from: transfers.from,
    to: transfers.to,
    blockTime: transfers.blockTime,
    amount: transfers.amount,
    txId: transfers.txId,
    chain: transfers.chain,
    asset: transfers.asset,
    stats: {
      transfers: T,
      selfTransfers,
      pairs,
      labelledHubs,
      statisticalHubs,
      funderHubs,
      hubEdges: pairs - m,
      bridgeHops: hopped.hops,
      hybridLinks: L,
    },
  };
}

interface PairArrays {
  pu: Uint32Array;
  pv: Uint32Array;
  pw: Float64Array;
  pf: Uint32Array;
  pt: Float64Array | null;
}

/**
 * The pairs without a hub endpoint, moved to the front of the pair arrays (a pair's index only falls) and each
 * node's degree among them (its degree less its hub links). The arrays are kept at their length when little would
 * be freed (no copy of millions of edges); when hub links or repeated transfers leave more than SLACK_SHARE of them
 * unused, the edges are copied out so that the graph does not hold the slack.
 */
function hubFreeEdges(
  hub: Uint8Array,
  fullDegree: Uint32Array,
  p: PairArrays,
  pairs: number,
): {
  eu: Uint32Array;
  ev: Uint32Array;
  ew: Float64Array;
  ef: Uint32Array;
  eFirstTime: Float64Array | null;
  deg: Uint32Array;
} {
  const { pu, pv, pw, pf, pt } = p;
  const deg = fullDegree.slice();
  let m = 0;
  for (let k = 0; k < pairs; k++) {
    const u = pu[k];
    const v = pv[k];
    if (hub[u] !== HUB_NONE || hub[v] !== HUB_NONE) {
      deg[u]--;
      deg[v]--;
      continue;
    }
    if (m < k) {
      pu[m] = u;
      pv[m] = v;
      pw[m] = pw[k];
      pf[m] = pf[k];
      if (pt) pt[m] = pt[k];
    }
    m++;
  }
  const exact = m < (1 - SLACK_SHARE) * pu.length;
  const cut = <T extends Uint32Array | Float64Array>(a: T): T =>
    (exact ? shared(a.subarray(0, m)) : a.subarray(0, m)) as T;
  return {
    eu: cut(pu),
    ev: cut(pv),
    ew: cut(pw),
    ef: cut(pf),
    eFirstTime: pt ? pt.slice(0, m) : null,
    deg,
  };
}

/** Unused share of the pair arrays above which the hub-free edges are copied to arrays of their own size. */
const SLACK_SHARE = 0.125;

/** CSR adjacency of an undirected edge list (in SharedArrayBuffers); `deg` holds each node's degree in it. */
export function buildCsr(
  n: number,
  eu: Uint32Array,
  ev: Uint32Array,
  deg: Uint32Array,
): { off: Uint32Array; adj: Uint32Array; adjEdge: Uint32Array } {
  // in shared memory: the backbone pruning reads it from both threads without a copy (detect-groups.ts)
  const off = new Uint32Array(new SharedArrayBuffer(4 * (n + 1)));
  for (let u = 0; u < n; u++) off[u + 1] = off[u] + deg[u];
  const adj = new Uint32Array(new SharedArrayBuffer(4 * off[n]));
  const adjEdge = new Uint32Array(new SharedArrayBuffer(4 * off[n]));
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

/** Sorts a[s..e) ascending; `src`, when given, is permuted along (equal values keep their relative order). */
function sortRange(a: Uint32Array, src: Uint32Array | null, s: number, e: number): void {
  if (e - s <= 24) {
    for (let i = s + 1; i < e; i++) {
      const x = a[i];
      const y = src ? src[i] : 0;
      let j = i - 1;
      while (j >= s && a[j] > x) {
        a[j + 1] = a[j];
        if (src) src[j + 1] = src[j];
        j--;
      }
      a[j + 1] = x;
      if (src) src[j + 1] = y;
    }
  } else if (!src) a.subarray(s, e).sort();
  else {
    const idx = Uint32Array.from({ length: e - s }, (_, i) => s + i).sort((x, y) => a[x] - a[y] || x - y);
    const va = Uint32Array.from(idx, (i) => a[i]);
    const vs = Uint32Array.from(idx, (i) => src[i]);
    a.set(va, s);
    src.set(vs, s);
  }
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
  addresses: string[],
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
    nodes.sort((a, b) => cmp(addresses[a], addresses[b])); // the chain does not depend on the wallets' order
    for (let k = 1; k < nodes.length; k++)
      links.push({ u: nodes[k - 1], v: nodes[k], kind: 'shared_referral_code', code });
  }
}

/**
 * Hubs by role, not by degree alone: a high fan-out address whose transfers with listed wallets mostly come in
 * bursts funds or collects for a farm; one whose transfers are spread out (a hot wallet paying unrelated users) is
 * infrastructure. A burst is BURST_MIN or more transfers each within BURST_GAP_SECONDS of the previous, or, when the
 * input has transaction ids, BURST_MIN or more in one transaction (a Disperse-style payout: this is what tells the
 * role in an export with hashes but no block times). Or it paid its listed wallets about one amount (paysOneAmount:
 * the slow star at a hub's size). Without times or hashes the role is unknown and the address stays a statistical
 * hub. Returns the number of funders found.
 */
function classifyFunders(
  hub: Uint8Array,
  hubList: Map<number, string>,
  listed: Uint8Array,
  transfers: EngineInput['transfers'],
  forwardsOnlyToInfrastructure: Uint8Array,
): number {
  const { from, to, blockTime, txId } = transfers;
  if (!blockTime && !txId) return 0;
  // per candidate hub, its transfers with listed wallets (indexes into the transfer arrays)
  const touching = new Map<number, number[]>();
  const note = (u: number, i: number): void => {
    const list = touching.get(u);
    if (list) list.push(i);
    else touching.set(u, [i]);
  };
  // only transfers whose role can be judged: with a block time or a transaction id
  const judged = (i: number): boolean => (blockTime !== undefined && !Number.isNaN(blockTime[i])) || !!txId?.[i];
  for (let i = 0; i < from.length; i++) {
    if (!judged(i)) continue;
    if (hub[from[i]] === HUB_STATISTICAL && listed[to[i]]) note(from[i], i);
    if (hub[to[i]] === HUB_STATISTICAL && listed[from[i]]) note(to[i], i);
  }
  let funders = farmCollectors(hub, hubList, listed, transfers, forwardsOnlyToInfrastructure);
  let firstTime: Float64Array | undefined;
  // the campaign's activity, read once and only when there is a hub to judge (burst-chance.ts)
  const profile = touching.size > 0 ? activityProfile(listed, transfers) : null;
  for (const [u, list] of touching) {
    if (hub[u] !== HUB_STATISTICAL) continue; // a farm's collector already
    const chance = blockTime ? chanceBurstShare(list, blockTime, profile) : 0;
    // half of its listed transfers in bursts beyond what its own rate makes by chance
    const bursts =
      burstCount(list, blockTime, txId, transfers.amount) - chance * list.length >=
      FUNDER_BURST_SHARE * (1 - chance) * list.length;
    const role = bursts ? burstRole(u, list, transfers) : 'farm_funder';
    // a shop paid prices in bursts (a mint rush) stays a hub: its buyers are not one farm's wallets sweeping
    if (role === 'shop') continue;
    if (bursts || paysOneAmount(u, list, transfers, (firstTime ??= firstFundingTimes(hub, transfers)))) {
      markFunder(hub, hubList, u, role);
      funders++;
    }
  }
  // a hub-sized top-up source (top-ups.ts): a farm's gas wallet topping up thousands of its wallets
  for (const s of topUpSources(transfers, hub.length, listed, (u) => hub[u] === HUB_STATISTICAL, UNIFORM_HUB_MIN)) {
    markFunder(hub, hubList, s.sender, 'farm_funder');
    funders++;
  }
  // a hub-sized receiver of whole holdings that pays no listed wallet (whole-sweeps.ts): a farm's collector
  for (const c of wholeSweepReceivers(
    transfers,
    hub.length,
    listed,
    (u) => hub[u] === HUB_STATISTICAL,
    UNIFORM_HUB_MIN,
  )) {
    markFunder(hub, hubList, c, 'farm_collector');
    funders++;
  }
  return funders;
}

/**
 * A hub found by its bursts whose transfers with listed wallets are nearly all (UNIFORM_SHARE) payments to it, not
 * prices (fixedPrices: a mint rush's contract is a shop and stays a hub), is a farm's collector (hubList
 * 'burst_collector'): its script swept the wallets into it, one after another. As 'farm_funder' nothing grouped its
 * payers (a funder's runs group its recipients), and a farm of thousands sweeping into it in one session was approved
 * whole (the third blind generator's development seed 9804). Its payers are grouped only where nothing else groups
 * them (timed-funding.ts joinRuns): joining their groups too merged a farm of 3,000 with the groups of a giant farm
 * and the people tied to it (19,869 wallets; 780 legitimate rejects on that seed). No new constant.
 */
function burstRole(
  u: number,
  list: number[],
  transfers: EngineInput['transfers'],
): 'burst_collector' | 'farm_funder' | 'shop' {
  const paid: number[] = [];
  for (const i of list) if (transfers.to[i] === u) paid.push(transfers.amount ? transfers.amount[i] : Number.NaN);
  if (paid.length < UNIFORM_SHARE * list.length) return 'farm_funder';
  const priced = paid.filter((x) => x > 0);
  // a shop (eighth session): as a funder, its buyers' payments within minutes were a sweep, and on the second blind
  // generator's development seed 9612 an NFT mint's 7,000 buyers at 0.05 over three years made 361 legitimate rejects
  return priced.length >= paid.length / 2 && fixedPrices(priced) ? 'shop' : 'burst_collector';
}

/** A hub found by its role: a farm's funder or collector, kept out of the graph but not infrastructure. */
function markFunder(
  hub: Uint8Array,
  hubList: Map<number, string>,
  u: number,
  role: 'farm_funder' | 'farm_collector' | 'burst_collector',
): void {
  hub[u] = HUB_FUNDER;
  hubList.set(u, role);
}

/**
 * A hub-sized receiver of listed wallets' funds that only ever passes them on to infrastructure (an
 * exchange), as a deposit address forwards to its exchange: a farm's collector (hubList 'farm_collector'), not a
 * service. A service that many listed wallets pay gives something back or pays someone; one paid prices (a mint
 * whose proceeds go to an exchange: uniform-amounts.ts fixedPrices) is a shop and stays a hub. Its payers are
 * grouped (timed-funding.ts joinRuns) and its deposits are a sweep (evidence/collect.ts depositAddresses).
 */
function farmCollectors(
  hub: Uint8Array,
  hubList: Map<number, string>,
  listed: Uint8Array,
  transfers: EngineInput['transfers'],
  forwardsOnlyToInfrastructure: Uint8Array,
): number {
  const { from, to, amount } = transfers;
  const paid = new Map<number, number[]>(); // candidate -> amounts its listed payers paid it
  for (let i = 0; i < from.length; i++) {
    const t = to[i];
    if (hub[t] !== HUB_STATISTICAL || !forwardsOnlyToInfrastructure[t] || !listed[from[i]] || from[i] === t) continue;
    const list = paid.get(t);
    const x = amount ? amount[i] : Number.NaN;
    if (list) list.push(x);
    else paid.set(t, [x]);
  }
  let found = 0;
  for (const [u, amounts] of paid) {
    if (amounts.length < UNIFORM_HUB_MIN) continue;
    const priced = amounts.filter((x) => x > 0);
    if (priced.length >= amounts.length / 2 && fixedPrices(priced)) continue;
    markFunder(hub, hubList, u, 'farm_collector');
    found++;
  }
  return found;
}

/**
 * A hub-sized sender whose counterparties are mostly relays to listed wallets: unlisted addresses that received from
 * it alone and sent to one listed wallet alone (a fresh intermediate per farm wallet, the root of a funding tree of
 * thousands). Such a root is a farm's funder (hubList 'farm_funder'), not a service: a service's counterparties are
 * its customers, not one-use addresses each passing its payment on to a campaign wallet. Needs no times: structure
 * alone. Returns the number found.
 */
function relayRoots(
  hub: Uint8Array,
  hubList: Map<number, string>,
  listed: Uint8Array,
  transfers: EngineInput['transfers'],
  fullDegree: Uint32Array,
): number {
  const { from, to } = transfers;
  // per node: its one sender and its one receiver (-1: none yet, -2: more than one)
  const sender = new Int32Array(hub.length).fill(-1);
  const receiver = new Int32Array(hub.length).fill(-1);
  const one = (a: Int32Array, u: number, v: number): void => {
    a[u] = a[u] === -1 || a[u] === v ? v : -2;
  };
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[i]) continue;
    one(sender, to[i], from[i]);
    one(receiver, from[i], to[i]);
  }
  const relays = new Map<number, number>(); // statistical hub -> its relays to listed wallets
  for (let r = 0; r < hub.length; r++) {
    const root = sender[r];
    if (listed[r] || hub[r] !== HUB_NONE || root < 0 || hub[root] !== HUB_STATISTICAL) continue;
    if (receiver[r] >= 0 && listed[receiver[r]]) relays.set(root, (relays.get(root) ?? 0) + 1);
  }
  let found = 0;
  for (const [u, count] of relays) {
    if (count < FUNDER_BURST_SHARE * fullDegree[u]) continue;
    markFunder(hub, hubList, u, 'farm_funder');
    found++;
  }
  return found;
}

/**
 * Per node, 1 when it sent something and only ever to infrastructure (labelled, or an unlabelled hub: an exchange
 * nobody labelled has a hub's fan-out): how an exchange deposit address behaves, forwarding its customer's deposits
 * to the exchange (farmCollectors; evidence/collect.ts depositAddresses). Self-transfers do not count.
 */
function onlyToInfrastructure(hub: Uint8Array, from: Uint32Array, to: Uint32Array): Uint8Array {
  const seen = new Uint8Array(hub.length); // bit 1: sent to infrastructure, bit 2: sent elsewhere
  for (let i = 0; i < from.length; i++) if (from[i] !== to[i]) seen[from[i]] |= isInfrastructure(hub[to[i]]) ? 1 : 2;
  for (let u = 0; u < seen.length; u++) seen[u] = seen[u] === 1 ? 1 : 0;
  return seen;
}

/**
 * Whether the hub's first fundings of listed wallets are, for half of them or more, UNIFORM_HUB_MIN or more payments
 * of one asset of about one amount (uniform-amounts.ts): a farm's funder paying its wallets one by one, hours apart
 * (the slow star at a hub's size), as a uniform run judges them. A hot wallet pays the amounts its users chose; a
 * distributor paying a flat airdrop to users it did not fund first is left out.
 */
function paysOneAmount(
  u: number,
  list: number[],
  transfers: EngineInput['transfers'],
  firstTime: Float64Array,
): boolean {
  const { from, to, blockTime, amount, asset } = transfers;
  if (!blockTime || !amount) return false;
  const byAsset = new Map<number, number[]>();
  let priced = 0;
  for (const i of list) {
    if (from[i] !== u || blockTime[i] !== firstTime[to[i]] || !(amount[i] > 0)) continue;
    priced++;
    const k = asset ? asset[i] : 0;
    const amounts = byAsset.get(k);
    if (amounts) amounts.push(amount[i]);
    else byAsset.set(k, [amount[i]]);
  }
  for (const amounts of byAsset.values()) {
    if (amounts.length < UNIFORM_HUB_MIN || amounts.length < priced / 2) continue;
    // fixed payouts (a faucet's) are a service's price, not a farm script's varied top-ups (uniform-amounts.ts)
    if (uniformAmounts(amounts) && !fixedPrices(amounts)) return true;
  }
  return false;
}

/** Each address's earliest incoming block time (+Infinity when none), as the first-funding graph takes it. */
function firstFundingTimes(hub: Uint8Array, transfers: EngineInput['transfers']): Float64Array {
  const { from, to, blockTime } = transfers;
  const first = new Float64Array(hub.length).fill(Number.POSITIVE_INFINITY);
  if (!blockTime) return first;
  for (let i = 0; i < from.length; i++) {
    const t = blockTime[i];
    if (from[i] !== to[i] && t < first[to[i]]) first[to[i]] = t;
  }
  return first;
}

/** Amounts all round (isRoundAmount) and not all the same. */
function customersPicked(amounts: number[]): boolean {
  return amounts.every(isRoundAmount) && amounts.some((x) => x !== amounts[0]);
}

/**
 * How many of these transfers are in a burst: a timed one, or BURST_MIN or more in one transaction. A timed burst of
 * round amounts, not all the same (0.1, 1, 0.05: what customers pick, isRoundAmount), is an exchange's busy minute,
 * not a funder's script.
 */
function burstCount(list: number[], blockTime?: Float64Array, txId?: Uint32Array, amount?: Float64Array): number {
  const inBurst = new Uint8Array(list.length);
  if (blockTime) {
    const timed = list.map((_, k) => k).filter((k) => !Number.isNaN(blockTime[list[k]]));
    timed.sort((x, y) => blockTime[list[x]] - blockTime[list[y]]);
    let start = 0;
    for (let k = 1; k <= timed.length; k++) {
      if (k < timed.length && blockTime[list[timed[k]]] - blockTime[list[timed[k - 1]]] <= BURST_GAP_SECONDS) continue;
      if (k - start >= BURST_MIN && !(amount && customersPicked(timed.slice(start, k).map((j) => amount[list[j]]))))
        for (let j = start; j < k; j++) inBurst[timed[j]] = 1;
      start = k;
    }
  }
  if (txId) {
    const perTx = new Map<number, number>();
    for (const i of list) if (txId[i] !== 0) perTx.set(txId[i], (perTx.get(txId[i]) ?? 0) + 1);
    list.forEach((i, k) => {
      if (txId[i] !== 0 && perTx.get(txId[i])! >= BURST_MIN) inBurst[k] = 1;
    });
  }
  let count = 0;
  for (let k = 0; k < inBurst.length; k++) count += inBurst[k];
  return count;
}

/**
 * A canonical order of distinct addresses: by tailHash (the last 16 characters, address-index.ts), equal hashes by
 * the address. Sorting 1M strings directly took seconds; numbers (hash * 2^23 + position, exact in a double) sort in
 * a fraction of it.
 */
function canonicalOrder(all: string[], hash: Uint32Array): Uint32Array {
  const n = all.length;
  if (n > POSITIONS) return Uint32Array.from(all.keys()).sort((a, b) => hash[a] - hash[b] || cmp(all[a], all[b]));
  const key = new Float64Array(n);
  for (let i = 0; i < n; i++) key[i] = hash[i] * POSITIONS + i;
  key.sort();
  const order = new Uint32Array(n);
  for (let j = 0; j < n; j++) order[j] = key[j] % POSITIONS;
  // equal hashes: by the address (the position above depends on the input order)
  for (let j = 0; j < n; ) {
    let e = j + 1;
    while (e < n && hash[order[e]] === hash[order[j]]) e++;
    if (e - j > 1) order.subarray(j, e).sort((a, b) => cmp(all[a], all[b]));
    j = e;
  }
  return order;
}

const POSITIONS = 8_388_608; // 2^23

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The canonical order, with the addresses of one neighbourhood next to each other: a hash order alone scatters
 * every group over the whole id range, and at 1M wallets detection and evidence then ran 1.7x slower (cache
 * misses). Neighbourhoods are the connected parts of the transfers without labelled infrastructure and without
 * addresses in hubMinDegree or more transfers (a partition that does not depend on the input order); they come in
 * the order of their first address in `hashOrder`, addresses inside one in hash order.
 */
function groupedOrder(
  given: string[],
  hashOrder: Uint32Array,
  input: EngineInput,
  index: AddressTable,
  hubMinDegree: number,
): { order: Uint32Array; neighbourhoods?: Int32Array; blocked?: Uint8Array } {
  const n = given.length;
  if (n > POSITIONS) return { order: hashOrder };
  const { from, to } = input.transfers;
  const blocked = new Uint8Array(n);
  for (const [address] of input.labels.infrastructure) {
    const i = index.get(address);
    if (i !== undefined && !input.labels.exceptions.has(address)) blocked[i] = 1;
  }
  const count = new Uint32Array(n);
  for (let i = 0; i < from.length; i++) {
    count[from[i]]++;
    count[to[i]]++;
  }
  for (let u = 0; u < n; u++) if (count[u] >= hubMinDegree) blocked[u] = 1;
  const uf = new UnionFind(n);
  for (let i = 0; i < from.length; i++) if (!blocked[from[i]] && !blocked[to[i]]) uf.union(from[i], to[i]);
  const hashRank = new Uint32Array(n);
  for (let j = 0; j < n; j++) hashRank[hashOrder[j]] = j;
  const first = new Uint32Array(n).fill(0xffffffff);
  for (let u = 0; u < n; u++) {
    const r = uf.find(u);
    if (hashRank[u] < first[r]) first[r] = hashRank[u];
  }
  const key = new Float64Array(n);
  for (let u = 0; u < n; u++) key[u] = first[uf.find(u)] * POSITIONS + hashRank[u];
  key.sort();
  const order = new Uint32Array(n);
  // a neighbourhood's nodes are next to each other in the order: its smallest new id is where its run starts
  const neighbourhoods = new Int32Array(n);
  let runStart = 0;
  for (let j = 0; j < n; j++) {
    order[j] = hashOrder[key[j] % POSITIONS];
    if (j > 0 && Math.floor(key[j] / POSITIONS) !== Math.floor(key[j - 1] / POSITIONS)) runStart = j;
    neighbourhoods[j] = runStart;
  }
  return { order, neighbourhoods, blocked };
}

/** The transfers' node ids, in shared memory (the evidence scan reads them on a pool thread). */
const remap = (ids: Uint32Array, rank: Uint32Array): Uint32Array => {
  const out = new Uint32Array(new SharedArrayBuffer(4 * ids.length));
  for (let i = 0; i < ids.length; i++) out[i] = rank[ids[i]];
  return out;
};

/**
 * Per node, whether it is a bridge's entry (labelled `bridge`) and whether it may pay a bridge's payouts (labelled
 * infrastructure, or `hubMinDegree` or more transfers out: a fast bridge's relayer is seldom labelled).
 */
function bridgeRoles(
  n: number,
  transfers: { from: Uint32Array; blockTime?: Float64Array; chain?: Uint32Array },
  labels: EngineInput['labels'],
  lookup: (a: string) => number | undefined,
  hubMinDegree: number,
): [entry: Uint8Array, payer: Uint8Array] {
  const entry = new Uint8Array(n);
  const payer = new Uint8Array(n);
  if (!transfers.blockTime || !transfers.chain) return [entry, payer];
  for (const [address, list] of labels.infrastructure) {
    const u = labels.exceptions.has(address) ? undefined : lookup(address);
    if (u === undefined) continue;
    payer[u] = 1;
    if (list === BRIDGE_LIST) entry[u] = 1;
  }
  const out = new Uint32Array(n);
  for (const f of transfers.from) out[f]++;
  for (let u = 0; u < n; u++) if (out[u] >= hubMinDegree) payer[u] = 1;
  return [entry, payer];
}
