/**
 * Membership: only wallets named by membership evidence of their own are members of a cluster, and a grouping left
 * with fewer than the minimum of such members is no cluster. The counts and marks are two passes in node order
 * (per-node arrays read in order, not member by member at random: on a large graph members are scattered over
 * the node ids).
 */
import type { RawCluster } from './evidence/raw-cluster.ts';
import { MEMBERSHIP_MASK } from './evidence/kinds.ts';

export interface Membership {
  /** The clusters kept, their members narrowed to their own-evidence members (ascending). */
  raw: RawCluster[];
  /** Each kept cluster's index among the clusters before membership. */
  rawOf: number[];
  /** Per node: 1 for a wallet grouped with others but not a member. */
  nonMember: Uint8Array;
}

/**
 * `clusterOf` (cluster before membership per node, -1 outside) becomes the kept cluster per node (-1 for a
 * non-member); each kept cluster gets its member coverage and its listed share of the grouping's nodes.
 */
export function keepMembers(
  clusters: RawCluster[],
  clusterOf: Int32Array,
  kindsOf: Uint16Array,
  coveredBy: Uint8Array,
  groupOf: Int32Array,
  groupCount: number,
  minClusterSize: number,
): Membership {
  const n = clusterOf.length;
  const C = clusters.length;
  const own = new Uint32Array(C);
  const funding = new Uint32Array(C);
  const graph = new Uint32Array(C);
  const any = new Uint32Array(C);
  const nonMember = new Uint8Array(n);
  const groupNodes = new Uint32Array(groupCount);
  for (let u = 0; u < n; u++) {
    if (groupOf[u] >= 0) groupNodes[groupOf[u]]++;
    const c = clusterOf[u];
    if (c < 0) continue;
    if ((kindsOf[u] & MEMBERSHIP_MASK) === 0) {
      nonMember[u] = 1;
      continue;
    }
    own[c]++;
    const b = coveredBy[u];
    if (b & 1) funding[c]++;
    if (b & 2) graph[c]++;
    if (b) any[c]++;
  }
  const kept = new Int32Array(C).fill(-1);
  const raw: RawCluster[] = [];
  const rawOf: number[] = [];
  for (let c = 0; c < C; c++) {
    if (own[c] < minClusterSize) continue;
    const rc = clusters[c];
    rc.listedShare = rc.members.length / groupNodes[groupOf[rc.members[0]]];
    rc.covered = { funding: funding[c], graph: graph[c], any: any[c] };
    rc.members = rc.members.filter((u) => nonMember[u] === 0); // its members with evidence of their own
    kept[c] = raw.length;
    rawOf.push(c);
    raw.push(rc);
  }
  for (let u = 0; u < n; u++) {
    const c = clusterOf[u];
    if (c < 0) continue;
    if (kept[c] < 0) nonMember[u] = 1; // its cluster is dropped: grouped, not a member
    if (nonMember[u]) clusterOf[u] = -1;
    else clusterOf[u] = kept[c];
  }
  return { raw, rawOf, nonMember };
}
