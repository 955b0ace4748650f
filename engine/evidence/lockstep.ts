/**
 * Lockstep behaviour: members of one cluster whose first three distinct receivers are the same, in the same order,
 * and who started that sequence within LOCKSTEP_GAP_SECONDS of one another (bots run through a script wallet after
 * wallet). Evidence inside a grouping only: it never groups wallets (in a quest campaign every honest user calls the
 * same contracts in the same order), is not conclusive and makes no wallet a member on its own.
 */
import type { WalletGraph } from '../wallet-graph.ts';
import type { AddItem, RawCluster } from './raw-cluster.ts';
import { ramp } from './util.ts';

/** Steps of the sequence compared. */
export const LOCKSTEP_STEPS = 3;
/** Members whose sequences start at most this many seconds after the previous one's form a run. */
export const LOCKSTEP_GAP_SECONDS = 600;
const RUN_MIN = 3;

export function lockstepEvidence(g: WalletGraph, clusterOf: Int32Array, out: RawCluster[], addItem: AddItem): void {
  const { from, to, blockTime } = g;
  if (!blockTime) return;
  const idx: number[] = [];
  for (let i = 0; i < from.length; i++)
    if (clusterOf[from[i]] >= 0 && from[i] !== to[i] && !Number.isNaN(blockTime[i])) idx.push(i);
  idx.sort((a, b) => from[a] - from[b] || blockTime[a] - blockTime[b] || to[a] - to[b]);
  // per member: its first LOCKSTEP_STEPS distinct receivers and when it started
  const bySignature = new Map<string, Array<{ u: number; start: number }>>();
  for (let s = 0; s < idx.length; ) {
    const u = from[idx[s]];
    let e = s;
    const steps: number[] = [];
    while (e < idx.length && from[idx[e]] === u) {
      const v = to[idx[e]];
      if (steps.length < LOCKSTEP_STEPS && !steps.includes(v)) steps.push(v);
      e++;
    }
    if (steps.length === LOCKSTEP_STEPS) {
      const key = `${clusterOf[u]}:${steps.join(',')}`;
      const list = bySignature.get(key);
      const entry = { u, start: blockTime[idx[s]] };
      if (list) list.push(entry);
      else bySignature.set(key, [entry]);
    }
    s = e;
  }
  for (const key of [...bySignature.keys()].sort()) {
    const list = bySignature.get(key)!;
    if (list.length < RUN_MIN) continue;
    list.sort((a, b) => a.start - b.start || a.u - b.u);
    const c = Number(key.slice(0, key.indexOf(':')));
    const steps = key
      .slice(key.indexOf(':') + 1)
      .split(',')
      .map(Number);
    for (let s = 0; s < list.length; ) {
      let e = s + 1;
      while (e < list.length && list[e].start - list[e - 1].start <= LOCKSTEP_GAP_SECONDS) e++;
      if (e - s >= RUN_MIN && out[c]) {
        const members = list
          .slice(s, e)
          .map((x) => x.u)
          .sort((a, b) => a - b);
        addItem(
          c,
          'graph',
          'lockstep',
          0.5 + 0.4 * ramp(members.length, RUN_MIN, 20),
          true,
          members,
          {
            receivers: steps.map((v) => g.addresses[v]),
            members: members.length,
            seconds: list[e - 1].start - list[s].start,
          },
          members,
        );
      }
      s = e;
    }
  }
}
