/**
 * The side scan: typed passes that the decisions need after evidence collection, run on the second pool thread
 * while the first runs the evidence scan (scan.ts) and the main thread builds evidence items: the transfer webs'
 * union-find (transfer-web.ts) and each cluster's members sorted by address, for their labels (cluster-label.ts),
 * with the label of all of them.
 * Its arrays are allocated by the main thread, in shared memory (as the scan's, scan.ts scanArrays).
 */
import { threadId } from 'node:worker_threads';
import { transferWebs, webArrays } from './transfer-web.ts';
import { type AddressBytes, hashSorted, sortByAddress } from '../cluster-label.ts';
import type { WalletGraph } from '../wallet-graph.ts';
import type { SideScan, SideScanTask } from '../types.ts';

export type { SideScan, SideScanTask };

/** The task over the graph and the clusters before membership (clusterOf: -1 outside; sizes by cluster). */
export function sideScanTask(
  g: WalletGraph,
  clusterOf: Int32Array,
  clusterSize: ArrayLike<number>,
  addresses: AddressBytes,
): SideScanTask {
  const C = clusterSize.length;
  const memberStart = new Uint32Array(new SharedArrayBuffer(4 * (C + 1)));
  for (let c = 0; c < C; c++) memberStart[c + 1] = memberStart[c] + clusterSize[c];
  return {
    kind: 'side-scan',
    n: g.n,
    eu: g.eu,
    ev: g.ev,
    listed: g.listed,
    clusterOf,
    addresses,
    out: {
      ...webArrays(g.n, true),
      memberStart,
      byAddress: new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, memberStart[C]))),
      labelHashes: new Uint32Array(new SharedArrayBuffer(8 * Math.max(1, C))),
    },
  };
}

export function sideScan(task: SideScanTask): SideScan {
  const { n, clusterOf, addresses } = task;
  const { memberStart, byAddress } = task.out;
  const { any } = transferWebs(n, task.eu, task.ev, task.listed, task.out);
  // each cluster's members, ascending, then sorted by address
  const C = memberStart.length - 1;
  const pos = memberStart.slice(0, C);
  for (let u = 0; u < n; u++) if (clusterOf[u] >= 0) byAddress[pos[clusterOf[u]]++] = u;
  // and the label of all of them, the cluster's label when every member stays one (cluster-label.ts)
  for (let c = 0; c < C; c++) {
    const s0 = memberStart[c];
    const s1 = memberStart[c + 1];
    sortByAddress(addresses, byAddress, s0, s1);
    hashSorted(addresses, byAddress, s0, s1, s1 - s0, null, task.out.labelHashes, c);
  }
  return { ...task.out, any, threadId };
}
