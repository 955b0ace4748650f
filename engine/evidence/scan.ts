/**
 * The passes of evidence collection (collect.ts) that only read and write typed arrays: each node's first funder,
 * the outside counterparties bucketed by cluster and grouped by address, the marks of direct transfers between
 * members (lane, kind and strength of both members of a member pair) and, by sender, the members each member funder
 * sent to. Apart from the passes that build evidence objects so that a pool thread runs them (over shared memory)
 * while the main thread builds the direct-transfer items; small graphs run them inline. The same arrays either
 * way: every write is an OR, a max or a count, or follows the transfer and edge order.
 */
import { threadId } from 'node:worker_threads';
import { kindInfo } from './kinds.ts';
import { StrengthByKind } from './strength.ts';
import { round3 } from '../scoring.ts';
import { ramp } from './util.ts';
import type { EvidenceScan, EvidenceScanTask } from '../types.ts';

export type { EvidenceScan, EvidenceScanTask };

export const FLAG_IN = 1; // the counterparty sent to the member
export const FLAG_OUT = 2; // the member sent to the counterparty

/** A direct transfer item's confidence: one transfer between two wallets is a weak tie, repeated ones strong. */
export const directConfidence = (transfers: number): number => round3(0.4 + 0.5 * ramp(transfers, 1, 5));

/**
 * The arrays the scan writes, in shared memory, allocated by the caller's thread: memory that a pool thread
 * allocates stays with that thread's allocator once freed (30-90 MB more peak RSS at 1M wallets, measured). The
 * tuples and the member funders' lists get room for the most the scan can write (two tuples per transfer, two
 * entries per edge); pages never written take no memory.
 */
export function scanArrays(n: number, clusters: number, transfers: number, edges: number): EvidenceScanTask['out'] {
  const shared = <T>(ctor: new (b: SharedArrayBuffer) => T, bytes: number): T => new ctor(new SharedArrayBuffer(bytes));
  const tuples = 2 * transfers;
  return {
    firstIn: shared(Int32Array, 4 * n),
    firstInTime: shared(Float64Array, 8 * n),
    perCluster: shared(Uint32Array, 4 * (clusters + 1)),
    tAddr: shared(Uint32Array, 4 * tuples),
    tMember: shared(Uint32Array, 4 * tuples),
    tFlag: shared(Uint8Array, tuples),
    tTime: shared(Float64Array, 8 * tuples),
    tOrder: shared(Uint32Array, 4 * tuples),
    coveredBy: shared(Uint8Array, n),
    kindsOf: shared(Uint16Array, 2 * n),
    strengthBytes: shared(Uint8Array, StrengthByKind.bytesFor(n)),
    inDirect: shared(Uint8Array, n),
    sentStart: shared(Uint32Array, 4 * (n + 1)),
    sentTo: shared(Uint32Array, 4 * 2 * edges),
  };
}

export function evidenceScan(task: EvidenceScanTask): EvidenceScan {
  const { from, to, blockTime, clusterOf } = task;
  const T = from.length;
  const C = task.clusterSize.length;
  const { firstIn, firstInTime, perCluster, tAddr, tMember, tFlag, tTime } = task.out;
  firstIn.fill(-1);
  firstInTime.fill(Infinity);
  // counterparties outside the cluster, bucketed by cluster (counting sort): address, member, direction
  for (let i = 0; i < T; i++) {
    const f = from[i];
    const t = to[i];
    if (f === t) continue;
    const cf = clusterOf[f];
    const ct = clusterOf[t];
    // without block times no funding is known to be first: left unset (funding chains and `firstFunderOf` read only
    // timed first fundings; at 1M untimed wallets a sixth of the scan's CPU, measured)
    if (ct >= 0 && blockTime) {
      const time = Number.isNaN(blockTime[i]) ? Infinity : blockTime[i];
      // infrastructure counts too (a wallet first funded by an exchange was not funded along a chain); ties go
      // to the smaller node id: the same first funder whatever the input order
      const earlier = time < firstInTime[t] || (time === firstInTime[t] && f < firstIn[t]);
      if (earlier || firstIn[t] < 0) {
        firstIn[t] = f;
        firstInTime[t] = time;
      }
    }
    if (cf >= 0 && cf === ct) continue; // the pair's edge carries its direction and first time
    if (ct >= 0) perCluster[ct + 1]++;
    if (cf >= 0) perCluster[cf + 1]++;
  }
  for (let c = 0; c < C; c++) perCluster[c + 1] += perCluster[c];
  const pos = perCluster.slice(0, C);
  for (let i = 0; i < T; i++) {
    const f = from[i];
    const t = to[i];
    if (f === t) continue;
    const cf = clusterOf[f];
    const ct = clusterOf[t];
    if (cf >= 0 && cf === ct) continue;
    if (ct >= 0) {
      const p = pos[ct]++;
      tAddr[p] = f;
      tMember[p] = t;
      tFlag[p] = FLAG_IN;
    }
    if (cf >= 0) {
      const p = pos[cf]++;
      tAddr[p] = t;
      tMember[p] = f;
      tFlag[p] = FLAG_OUT;
      tTime[p] = blockTime ? blockTime[i] : Number.NaN;
    }
  }
  // each cluster's tuples grouped by address
  let maxSpan = 0;
  for (let c = 0; c < C; c++) maxSpan = Math.max(maxSpan, perCluster[c + 1] - perCluster[c]);
  const keyBuf = new Float64Array(maxSpan);
  for (let c = 0; c < C; c++) byAddress(tAddr, perCluster[c], perCluster[c + 1], keyBuf, task.out.tOrder, task.n);
  directMarks(task);
  return { ...task.out, threadId };
}

/**
 * The tuple positions s0..s1 grouped by counterparty address, ascending, written to order[s0..s1). Within one
 * address the order does not matter (its members go into sets that are sorted before use, its send times are
 * sorted): a numeric sort of address * span + offset, no comparator, when that is exact in a double.
 */
function byAddress(
  tAddr: Uint32Array,
  s0: number,
  s1: number,
  keyBuf: Float64Array,
  order: Uint32Array,
  n: number,
): void {
  const span = s1 - s0;
  if (span === 0) return;
  const idx = order.subarray(s0, s1);
  if (n * span > Number.MAX_SAFE_INTEGER) {
    for (let j = 0; j < span; j++) idx[j] = s0 + j;
    idx.sort((x, y) => tAddr[x] - tAddr[y] || x - y);
    return;
  }
  const key = keyBuf.subarray(0, span);
  for (let j = 0; j < span; j++) key[j] = tAddr[s0 + j] * span + j;
  key.sort();
  for (let j = 0; j < span; j++) idx[j] = s0 + (key[j] % span);
}

/** The marks of the direct-transfer items (collect.ts builds the items) and the member funders' lists. */
function directMarks(task: EvidenceScanTask): void {
  const { n, eu, ev, ew, ef, clusterOf, clusterSize } = task;
  const { coveredBy, kindsOf, inDirect, sentStart, sentTo } = task.out;
  const m = eu.length;
  const byKind = new StrengthByKind(n, task.out.strengthBytes);
  const sentCount = new Uint32Array(n); // distinct members each member sent to
  const direct = kindInfo('direct_transfer'); // graph lane
  const directIndex = 31 - Math.clz32(direct.bit);
  for (let k = 0; k < m; k++) {
    const a = eu[k];
    const b = ev[k];
    const c = clusterOf[a];
    if (c < 0 || c !== clusterOf[b]) continue;
    const w = ew[k] | 0;
    const ab = ef[k] | 0;
    const confidence = directConfidence(w);
    coveredBy[a] |= 2;
    coveredBy[b] |= 2;
    kindsOf[a] |= direct.bit;
    kindsOf[b] |= direct.bit;
    byKind.mark(a, directIndex, confidence);
    byKind.mark(b, directIndex, confidence);
    inDirect[a] = 1;
    inDirect[b] = 1;
    if (ab > 0) sentCount[a]++;
    if (w - ab > 0) sentCount[b]++;
  }
  // members that sent to 3 or more members (and at least a quarter of their cluster): the members each sent to, in
  // arrays by sender (CSR: sentCount[f] entries from sentStart[f], in edge order)
  for (let f = 0; f < n; f++) {
    const c = clusterOf[f];
    const funder = c >= 0 && sentCount[f] >= Math.max(3, 0.25 * clusterSize[c]);
    sentStart[f + 1] = sentStart[f] + (funder ? sentCount[f] : 0);
  }
  const sentPos = sentStart.slice(0, n);
  for (let k = 0; k < m; k++) {
    const a = eu[k];
    const b = ev[k];
    const c = clusterOf[a];
    if (c < 0 || c !== clusterOf[b]) continue;
    if (ef[k] > 0 && sentStart[a + 1] > sentStart[a]) sentTo[sentPos[a]++] = b;
    if (ew[k] - ef[k] > 0 && sentStart[b + 1] > sentStart[b]) sentTo[sentPos[b]++] = a;
  }
}
