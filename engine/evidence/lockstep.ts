/**
 * Lockstep behaviour: members of one cluster whose first three distinct receivers are the same, in the same order,
 * and who started that sequence within LOCKSTEP_GAP_SECONDS of one another (bots run through a script wallet after
 * wallet), or who paid one receiver and next another, each step within that gap of one another (timed steps, at any
 * point of their history). Evidence inside a grouping only: it never groups wallets (in a quest campaign every
 * honest user calls the same contracts in the same order), is not conclusive and makes no wallet a member on its own.
 */
import { UnionFind } from '../union-find.ts';
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
  firstStepsLockstep(g, idx, clusterOf, out, addItem);
  timedStepsLockstep(g, idx, clusterOf, out, addItem);
}

/** Members whose first LOCKSTEP_STEPS distinct receivers are the same, the first step started within the gap. */
function firstStepsLockstep(g: WalletGraph, idx: number[], clusterOf: Int32Array, out: RawCluster[], addItem: AddItem) {
  const { from, to } = g;
  const blockTime = g.blockTime!;
  // per member: its first LOCKSTEP_STEPS distinct receivers and when it started
  const bySignature = new Map<string, Array<{ u: number; start: number }>>();
  for (let s = 0; s < idx.length; ) {
    const u = from[idx[s]];
    let e = s;
    const steps: number[] = [];
    let stepAt = Number.NaN;
    while (e < idx.length && from[idx[e]] === u) {
      const v = to[idx[e]];
      // a payment in the second of the previous step is that step (one transaction paying two receivers)
      const fresh = blockTime[idx[e]] !== stepAt && !steps.includes(v);
      if (steps.length < LOCKSTEP_STEPS && fresh) {
        steps.push(v);
        stepAt = blockTime[idx[e]];
      }
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

/** One member's payment to a receiver and its next payment, to another receiver, later. */
interface Step {
  u: number;
  at: number;
  nextAt: number;
}

/**
 * Lockstep at any point of the wallets' history, both steps timed: RUN_MIN+ members of a cluster who paid one
 * receiver and next another, each within LOCKSTEP_GAP_SECONDS of an earlier wallet of the run at both (a script run
 * wallet after wallet). The run is over the members of every cluster: members a community split put apart stay in it.
 * Aged wallets, or wallets with history before the script, have other first receivers, which the first-steps rule
 * reads. Two timed steps are the least that has an order; a mint rush of hundreds in minutes is one step, and the
 * next payments of two people from it rarely fall within minutes of each other again. A next payment in the same
 * second (one transaction paying two receivers) is the same step.
 */
function timedStepsLockstep(g: WalletGraph, idx: number[], clusterOf: Int32Array, out: RawCluster[], add: AddItem) {
  const steps = stepPairs(g, idx);
  const n = g.addresses.length;
  for (const key of [...steps.keys()].sort((a, b) => a - b)) {
    const list = steps.get(key)!.sort((a, b) => a.at - b.at || a.u - b.u);
    const [v, next] = [Math.floor(key / n), key % n];
    for (const run of stepRuns(list)) {
      const byCluster = new Map<number, Set<number>>();
      for (const k of run) {
        const c = clusterOf[list[k].u];
        (byCluster.get(c) ?? byCluster.set(c, new Set()).get(c)!).add(list[k].u);
      }
      for (const c of [...byCluster.keys()].sort((a, b) => a - b)) {
        const members = [...byCluster.get(c)!].sort((a, b) => a - b);
        if (members.length < RUN_MIN || !out[c]) continue;
        const data = { receivers: [g.addresses[v], g.addresses[next]], members: members.length, timedSteps: 2 };
        add(c, 'graph', 'lockstep', 0.5 + 0.4 * ramp(members.length, RUN_MIN, 20), true, members, data, members);
      }
    }
  }
}

/**
 * Runs of steps sorted by time: each step joins the latest earlier one within LOCKSTEP_GAP_SECONDS that is in step
 * with it at the next receiver too. Other wallets calling the same two contracts in between (a campaign's users)
 * do not cut the script's run.
 */
function stepRuns(list: Step[]): number[][] {
  const uf = new UnionFind(list.length);
  for (let e = 1; e < list.length; e++)
    for (let p = e - 1; p >= 0 && list[e].at - list[p].at <= LOCKSTEP_GAP_SECONDS; p--)
      if (Math.abs(list[e].nextAt - list[p].nextAt) <= LOCKSTEP_GAP_SECONDS) {
        uf.union(p, e);
        break;
      }
  const runs = new Map<number, number[]>();
  for (let e = 0; e < list.length; e++) {
    const r = uf.find(e);
    (runs.get(r) ?? runs.set(r, []).get(r)!).push(e);
  }
  return [...runs.values()];
}

/** Each member's consecutive payments to two receivers, by the two receivers in order (key: first · n + next). */
function stepPairs(g: WalletGraph, idx: number[]): Map<number, Step[]> {
  const { from, to } = g;
  const blockTime = g.blockTime!;
  const n = g.addresses.length;
  const steps = new Map<number, Step[]>();
  for (let s = 0; s + 1 < idx.length; s++) {
    const [i, j] = [idx[s], idx[s + 1]];
    if (from[i] !== from[j] || to[i] === to[j] || blockTime[j] === blockTime[i]) continue;
    const key = to[i] * n + to[j];
    (steps.get(key) ?? steps.set(key, []).get(key)!).push({ u: from[i], at: blockTime[i], nextAt: blockTime[j] });
  }
  return steps;
}
