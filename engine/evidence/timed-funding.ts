/**
 * Batch and co-timed funding, from the directed first-funding graph (each address's earliest incoming transfer
 * from anything but infrastructure-as-recipient), kept apart from the interaction graph:
 *  - batch: one sender paying 3+ addresses in the same second with near-identical amounts (a Disperse-style
 *    transaction or a bot's batch; the sender may be labelled infrastructure, e.g. the Disperse contract), or, when
 *    the input has transaction hashes, first fundings of 3+ addresses by one sender in one transaction, whatever
 *    their amounts;
 *  - co-timed: one sender's first fundings of 3+ addresses, each within COTIMED_GAP_SECONDS of the previous one
 *    and with amounts within COTIMED_AMOUNT_RATIO of the first (a star funder paying in turn, or withdrawals
 *    from one exchange: the exchange-routed farm). Needs amounts.
 * Without block times there are no runs: the structural evidence carries those data sets.
 * Runs group their recipients (and, when it is not infrastructure, their sender: the funder of a tree's
 * intermediates joins the tree) on top of the interaction graph's communities.
 */
import type { WalletGraph } from '../wallet-graph.ts';
import { firstAtLeast } from '../sorted-search.ts';
import { HUB_FUNDER, HUB_NONE, isInfrastructure } from '../wallet-graph.ts';
import type { Grouping } from '../detect-groups.ts';
import { UnionFind } from '../union-find.ts';
import { fixedPrices, isRoundAmount, medianOf, nearMedian, UNIFORM_SHARE } from '../uniform-amounts.ts';
import { topUpSources } from '../top-ups.ts';

/** A run needs at least this many recipients. */
export const RUN_MIN = 3;
/** Batch: amounts within this ratio of the batch's smallest (when amounts are known). */
export const BATCH_AMOUNT_RATIO = 0.01;
/** Co-timed: each first funding at most this many seconds after the previous one of the run. */
export const COTIMED_GAP_SECONDS = 600;
/** Co-timed: amounts within this ratio of the run's first amount. */
export const COTIMED_AMOUNT_RATIO = 0.02;
/** An infrastructure sender's co-timed run must be this many times denser than its background (backgroundTest). */
export const BACKGROUND_FACTOR = 5;
/** An infrastructure sender's batch counts when chance would give so many similar payments in one second less often. */
export const BATCH_CHANCE = 0.01;
/**
 * Without amounts, only a sender that is not infrastructure can make a co-timed run, and only with gaps of at
 * most this many seconds (an exchange pays many unrelated users within minutes; amounts tell them apart).
 */
export const COTIMED_GAP_NO_AMOUNT_SECONDS = 60;
/**
 * A sender that is not labelled infrastructure but pays its recipients in at least this many separate batches over
 * at least ROUTINE_SPAN_SECONDS works like an exchange's hot wallet batching withdrawals: its batches are its
 * routine, not a farm's burst (a farm funds its wallets within days, in a few bursts). Set a priori, not fitted.
 */
export const ROUTINE_MIN_BATCHES = 10;
export const ROUTINE_SPAN_SECONDS = 7 * 86_400;
/**
 * An address passing its first funding on within this many seconds (the same day) passes it through: a funding
 * chain's members (evidence/collect.ts) and a peel chain's hops (peelRuns). Set a priori.
 */
export const PASS_THROUGH_SECONDS = 86_400;

export interface FundingRun {
  kind: 'batch_funding' | 'cotimed_funding' | 'funding_tree' | 'uniform_funding' | 'topup_funding';
  /** The sender (for a tree: its root). */
  sender: number;
  /** A tree's intermediates (first funded by the root, first funders of the recipients). */
  via?: number[];
  /** Recipient node ids, ascending. */
  recipients: number[];
  time: number;
  amount: number;
  seconds: number;
  /** A batch of chosen tiers (chosenTiers): counted as a batch by the routine test, then dropped. */
  tiers?: boolean;
}

/** The first-funding graph: per node its first funder (-1 when none is timed), that time and amount. */
export interface FirstFunding {
  funder: Int32Array;
  time: Float64Array;
  amount: Float64Array;
  /** The first funding's transaction id (0: unknown), when the input has them. */
  tx?: Uint32Array;
  /** The asset its amount is counted in (0: unknown, or the input has no assets). */
  unit: Uint32Array;
}

/** `chain`: only the transfers on that chain (an id of the input's `chain` array); all when undefined. */
export function firstFunding(g: WalletGraph, chain?: number): FirstFunding {
  const funder = new Int32Array(g.n).fill(-1);
  const time = new Float64Array(g.n).fill(Number.POSITIVE_INFINITY);
  const amount = new Float64Array(g.n).fill(Number.NaN);
  const unit = new Uint32Array(g.n);
  const { from, to, blockTime, txId, asset } = g;
  const onChain = chain === undefined || !g.chain ? null : g.chain;
  const tx = txId ? new Uint32Array(g.n) : undefined;
  if (!blockTime) return { funder, time, amount, tx, unit };
  for (let i = 0; i < from.length; i++) {
    const f = from[i];
    const t = to[i];
    const bt = blockTime[i];
    if (f === t || Number.isNaN(bt) || isInfrastructure(g.hub[t]) || (onChain && onChain[i] !== chain)) continue;
    const a = g.amount ? g.amount[i] : Number.NaN;
    // ties (same second) go to the smaller sender, then the smaller amount: independent of the input order
    if (
      bt < time[t] ||
      (bt === time[t] && (f < funder[t] || (f === funder[t] && (Number.isNaN(amount[t]) || a < amount[t]))))
    ) {
      funder[t] = f;
      time[t] = bt;
      amount[t] = a;
      if (tx) tx[t] = txId![i];
      if (asset) unit[t] = asset[i];
    }
  }
  return { funder, time, amount, tx, unit };
}

/**
 * The funding runs of every chain of the input, each found on that chain's transfers alone (one chain when the
 * input does not say), in a canonical order: chain and asset ids follow the input's order, node ids do not, so the
 * runs are ordered by what they are (time, sender, recipients ...), not by the chain they came from.
 */
export function allFundingRuns(g: WalletGraph, uniformMin = 0): FundingRun[] {
  const untimed = untimedTxBatches(g);
  // top-ups over every chain (a wallet is one address on all of them), senders ascending
  const topUps = topUpRuns(g, uniformMin);
  // without chain or asset ids the runs come in node order already (senders ascending), independent of the input
  if (!g.chain && !g.asset && untimed.length === 0) return [...fundingRuns(g, firstFunding(g), uniformMin), ...topUps];
  const chains = g.chain ? [...new Set(g.chain)] : [undefined];
  const runs = [...chains.flatMap((c) => fundingRuns(g, firstFunding(g, c), uniformMin)), ...untimed];
  return [...runs.sort(byContent), ...topUps];
}

/**
 * Top-up runs (engine/top-ups.ts): a sender that is not infrastructure (a farm's gas wallet, or a hub found by that
 * role) whose payments to listed wallets are nearly all top-ups of wallets others funded, `min` (the breadth minimum)
 * or more of them. Its recipients count as paid in a burst, as a uniform run's do.
 */
function topUpRuns(g: WalletGraph, min: number): FundingRun[] {
  if (min < RUN_MIN) return [];
  return topUpSources(g, g.n, g.listed, (u) => !isInfrastructure(g.hub[u]), min).map((s) => ({
    kind: 'topup_funding',
    sender: s.sender,
    recipients: s.recipients,
    time: s.first,
    amount: s.median,
    seconds: s.last - s.first,
  }));
}

/**
 * Batches by transaction where block times are missing (an export with hashes but no times): one sender that is not
 * infrastructure paying RUN_MIN or more listed wallets in one transaction, whatever the amounts. Without times no
 * funding is known to be the first, so every such transaction counts, and a sender with ROUTINE_MIN_BATCHES or more
 * of them (a hot wallet batching withdrawals) makes none, as with times. Time 0: ordered by content (byContent).
 */
function untimedTxBatches(g: WalletGraph): FundingRun[] {
  const { from, to, blockTime, txId, amount } = g;
  if (!txId) return [];
  const untimed = (i: number): boolean => txId[i] !== 0 && (!blockTime || Number.isNaN(blockTime[i]));
  const originator = txOriginators(g, untimed);
  const bySender = new Map<number, Map<number, number[]>>();
  for (let i = 0; i < from.length; i++) {
    if (!untimed(i) || !g.listed[to[i]] || from[i] === to[i]) continue;
    // a payout contract's (Disperse's) transfers are the payer's who called it in that transaction
    const f = originator.get(txId[i])?.get(from[i]) ?? from[i];
    if (f === to[i] || isInfrastructure(g.hub[f])) continue;
    let txs = bySender.get(f);
    if (!txs) bySender.set(f, (txs = new Map()));
    const list = txs.get(txId[i]);
    if (list) list.push(i);
    else txs.set(txId[i], [i]);
  }
  const runs: FundingRun[] = [];
  for (const [sender, txs] of bySender) {
    const batches = [...txs.values()].filter((l) => new Set(l.map((i) => to[i])).size >= RUN_MIN);
    if (batches.length === 0 || batches.length >= ROUTINE_MIN_BATCHES) continue;
    for (const list of batches) {
      let least = Number.NaN;
      for (const i of list) if (amount && !(amount[i] >= least)) least = amount[i];
      const recipients = [...new Set(list.map((i) => to[i]))].sort((x, y) => x - y);
      runs.push({ kind: 'batch_funding', sender, recipients, time: 0, amount: least, seconds: 0 });
    }
  }
  return runs;
}

/**
 * Per transaction, the payer behind each contract it paid through: X sent to C in the transaction, X is not
 * infrastructure, C is (a labelled Disperse contract) or pays on (a contract X called). Only one payer per contract
 * and transaction: two would be ambiguous, and then the contract stays the sender.
 */
function txOriginators(g: WalletGraph, untimed: (i: number) => boolean): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  const { from, to, txId } = g;
  for (let i = 0; i < from.length; i++) {
    if (!untimed(i) || g.listed[to[i]] || from[i] === to[i] || isInfrastructure(g.hub[from[i]])) continue;
    let payers = out.get(txId![i]);
    if (!payers) out.set(txId![i], (payers = new Map()));
    const known = payers.get(to[i]);
    payers.set(to[i], known === undefined || known === from[i] ? from[i] : -1);
  }
  for (const payers of out.values()) for (const [c, x] of payers) if (x < 0) payers.delete(c);
  return out;
}

const KIND_ORDER = ['batch_funding', 'cotimed_funding', 'uniform_funding', 'funding_tree', 'topup_funding'];
const orNegative = (x: number): number => (Number.isNaN(x) ? -1 : x);
/** Runs equal by this order are equal in every field the evidence shows (their order then changes nothing). */
function byContent(a: FundingRun, b: FundingRun): number {
  return (
    a.time - b.time ||
    a.sender - b.sender ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    a.recipients.length - b.recipients.length ||
    orNegative(a.amount) - orNegative(b.amount) ||
    a.seconds - b.seconds ||
    firstDifference(a.recipients, b.recipients) ||
    firstDifference(a.via ?? [], b.via ?? [])
  );
}
const firstDifference = (x: number[], y: number[]): number => {
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

/**
 * `uniformMin`: first fundings of about one amount a sender needs for a uniform run (the breadth minimum,
 * `transferWebMin`; 0: no uniform runs).
 */
export function fundingRuns(g: WalletGraph, ff: FirstFunding, uniformMin = 0): FundingRun[] {
  const infra = (u: number): boolean => isInfrastructure(g.hub[u]);
  const idx: number[] = [];
  for (let u = 0; u < g.n; u++) if (ff.funder[u] >= 0) idx.push(u);
  const amt = (u: number): number => (Number.isNaN(ff.amount[u]) ? Number.POSITIVE_INFINITY : ff.amount[u]);
  idx.sort(
    (a, b) =>
      ff.funder[a] - ff.funder[b] || ff.time[a] - ff.time[b] || ff.unit[a] - ff.unit[b] || amt(a) - amt(b) || a - b,
  );
  const runs: FundingRun[] = [];
  for (let s = 0; s < idx.length; ) {
    let e = s;
    while (e < idx.length && ff.funder[idx[e]] === ff.funder[idx[s]]) e++;
    if (e - s >= RUN_MIN) {
      const before = runs.length;
      const infrastructure = infra(ff.funder[idx[s]]);
      const events = idx.slice(s, e);
      senderRuns(events, ff, runs, infrastructure, infrastructure && publicBatcher(events, ff, g.listed));
      if (!infrastructure && uniformMin >= RUN_MIN) uniformRun(events, ff, g.listed, runs, before, uniformMin);
      // a batching service's runs are its routine: none counts (its common funding is then "spread in time")
      if (!infrastructure && routineBatches(runs, before)) runs.length = before;
      else dropTiers(runs, before);
      dropPublicPayouts(runs, before, g.listed);
    }
    s = e;
  }
  const payroll = recurringPayers(g, runSenders(g, runs));
  const kept = payroll.size === 0 ? runs : runs.filter((r) => !payroll.has(r.sender));
  treeRuns(g, ff, kept);
  peelRuns(g, ff, kept);
  return kept;
}

/**
 * Drops the batch and co-timed runs from `before` on most of whose recipients (more than half) are not on the
 * campaign's list: a grant round's or a distributor's payout to the public, a few of whose recipients joined the
 * campaign. A farm funds the wallets it submits (the hubs by role: a funder's recipients concentrated in the
 * list). "Most" is a definition, not a fitted constant.
 */
function dropPublicPayouts(runs: FundingRun[], before: number, listed: Uint8Array): void {
  let kept = before;
  for (let i = before; i < runs.length; i++) {
    const r = runs[i];
    let onList = 0;
    for (const u of r.recipients) onList += listed[u];
    const payout = (r.kind === 'batch_funding' || r.kind === 'cotimed_funding') && 2 * onList < r.recipients.length;
    if (!payout) runs[kept++] = r;
  }
  runs.length = kept;
}

/**
 * Senders of batch, co-timed and uniform runs that are not infrastructure: a payroll pays in one MultiSend or in a
 * transfer per member on pay day.
 */
function runSenders(g: WalletGraph, runs: FundingRun[]): Set<number> {
  const out = new Set<number>();
  for (const r of runs) if (r.kind !== 'funding_tree' && !isInfrastructure(g.hub[r.sender])) out.add(r.sender);
  return out;
}

/**
 * Of these senders, those that paid most (half or more) of their listed recipients again and again: RUN_MIN or more
 * payments to each, at distinct times spanning ROUTINE_SPAN_SECONDS or more (a DAO's monthly payroll, one MultiSend
 * a month, or a transfer each on pay day). Their runs are a payroll's routine, as a batching service's are
 * (routineBatches), not a farm's funding: a farm funds its wallets once, or in a few bursts within days.
 */
function recurringPayers(g: WalletGraph, senders: Set<number>): Set<number> {
  const out = new Set<number>();
  const { from, to, blockTime, listed } = g;
  if (senders.size === 0 || !blockTime) return out;
  const paid = new Map<number, Map<number, Set<number>>>(); // sender -> listed recipient -> payment times
  for (let i = 0; i < from.length; i++) {
    if (!senders.has(from[i]) || !listed[to[i]] || Number.isNaN(blockTime[i])) continue;
    let byRecipient = paid.get(from[i]);
    if (!byRecipient) paid.set(from[i], (byRecipient = new Map()));
    let times = byRecipient.get(to[i]);
    if (!times) byRecipient.set(to[i], (times = new Set()));
    times.add(blockTime[i]);
  }
  for (const [sender, byRecipient] of paid) {
    let recurring = 0;
    for (const times of byRecipient.values()) {
      if (times.size < RUN_MIN) continue;
      const sorted = [...times].sort((a, b) => a - b);
      if (sorted[sorted.length - 1] - sorted[0] >= ROUTINE_SPAN_SECONDS) recurring++;
    }
    if (2 * recurring >= byRecipient.size) out.add(sender);
  }
  return out;
}

/**
 * A sender's first fundings one by one (no two in the same second), nearly all of about one amount
 * (uniform-amounts.ts: UNIFORM_AMOUNT_FACTOR of the median, UNIFORM_SHARE of them, `min` listed wallets at least): a
 * farm's funder paying its wallets one by one, hours apart (the slow star). The run holds the recipients of that
 * amount not already in one of the sender's runs (runs[from..]): a co-timed run already says their amounts match.
 */
function uniformRun(
  events: number[],
  ff: FirstFunding,
  listed: Uint8Array,
  runs: FundingRun[],
  from: number,
  min: number,
): void {
  // one by one: fundings sharing their second with another of the sender's (a payroll's one transaction) are the
  // batch rule's to judge
  const alone = (i: number): boolean =>
    ff.time[events[i - 1]] !== ff.time[events[i]] && ff.time[events[i + 1]] !== ff.time[events[i]];
  const priced = events.filter((u, i) => ff.amount[u] > 0 && alone(i));
  if (priced.length < min) return;
  const unit = mostCommonUnit(priced, ff.unit);
  const amounts = priced
    .filter((u) => ff.unit[u] === unit)
    .map((u) => ff.amount[u])
    .sort((x, y) => x - y);
  // one fixed payout, exactly (a faucet, a gas-refuel service): a service's price, not a script's varied top-ups
  if (fixedPrices(amounts)) return;
  const median = medianOf(amounts);
  const near = priced.filter((u) => ff.unit[u] === unit && nearMedian(ff.amount[u], median));
  if (near.length < UNIFORM_SHARE * priced.length) return;
  let listedNear = 0;
  for (const u of near) listedNear += listed[u];
  if (listedNear < min) return;
  const inRun = new Set<number>();
  for (let i = from; i < runs.length; i++) for (const u of runs[i].recipients) inRun.add(u);
  const recipients = near.filter((u) => !inRun.has(u)).sort((x, y) => x - y);
  if (recipients.length < RUN_MIN) return;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const u of recipients) {
    first = Math.min(first, ff.time[u]);
    last = Math.max(last, ff.time[u]);
  }
  const sender = ff.funder[events[0]];
  runs.push({ kind: 'uniform_funding', sender, recipients, time: first, amount: median, seconds: last - first });
}

/**
 * The asset most of these first fundings are in; ties go to the asset of the smallest node id among them (asset
 * ids follow the input's order, node ids do not).
 */
function mostCommonUnit(nodes: number[], unit: Uint32Array): number {
  const count = new Map<number, number>();
  const firstNode = new Map<number, number>();
  for (const u of nodes) {
    count.set(unit[u], (count.get(unit[u]) ?? 0) + 1);
    firstNode.set(unit[u], Math.min(firstNode.get(unit[u]) ?? u, u));
  }
  let best = -1;
  for (const [k, c] of count) {
    const b = count.get(best) ?? 0;
    if (c > b || (c === b && firstNode.get(k)! < firstNode.get(best)!)) best = k;
  }
  return best;
}

/** Whether these times are a routine: ROUTINE_MIN_BATCHES or more of them, spanning ROUTINE_SPAN_SECONDS or more. */
function routine(times: Iterable<number>): boolean {
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    count++;
    first = Math.min(first, t);
    last = Math.max(last, t);
  }
  return count >= ROUTINE_MIN_BATCHES && last - first >= ROUTINE_SPAN_SECONDS;
}

/** Whether the sender's runs (runs[from..]) are ROUTINE_MIN_BATCHES or more batches over ROUTINE_SPAN_SECONDS. */
function routineBatches(runs: FundingRun[], from: number): boolean {
  const times: number[] = [];
  for (let i = from; i < runs.length; i++) if (runs[i].kind === 'batch_funding') times.push(runs[i].time);
  return routine(times);
}

/**
 * Funding trees: a root that is not infrastructure first funded 2+ intermediates (not infrastructure either), each
 * of which then first funded wallets; 3+ such grandchildren make a tree. An exchange is no root: its users' own
 * payments are not a tree.
 */
function treeRuns(g: WalletGraph, ff: FirstFunding, runs: FundingRun[]): void {
  const leaves: number[] = [];
  for (let u = 0; u < g.n; u++) {
    const f = ff.funder[u];
    if (f < 0 || isInfrastructure(g.hub[f])) continue;
    const root = ff.funder[f];
    if (root < 0 || root === u || isInfrastructure(g.hub[root]) || ff.time[f] > ff.time[u]) continue;
    // a campaign wallet that paid u its first funds days after it had its own is a person paying a friend: a farm's
    // intermediates pass the root's funds on within the day, or are not in the campaign
    if (g.listed[f] && ff.time[u] - ff.time[f] > PASS_THROUGH_SECONDS) continue;
    leaves.push(u);
  }
  const rootOf = (u: number): number => ff.funder[ff.funder[u]];
  leaves.sort((a, b) => rootOf(a) - rootOf(b) || ff.funder[a] - ff.funder[b] || a - b);
  for (let s = 0; s < leaves.length; ) {
    let e = s;
    while (e < leaves.length && rootOf(leaves[e]) === rootOf(leaves[s])) e++;
    const via = [...new Set(leaves.slice(s, e).map((u) => ff.funder[u]))];
    if (e - s >= RUN_MIN && via.length >= 2)
      runs.push({
        kind: 'funding_tree',
        sender: rootOf(leaves[s]),
        via,
        recipients: leaves.slice(s, e),
        time: ff.time[leaves[s]],
        amount: Number.NaN,
        seconds: 0,
      });
    s = e;
  }
}

/**
 * Peel chains: unlisted addresses that are not infrastructure, each first funded by the one before and passing funds
 * on within PASS_THROUGH_SECONDS of receiving them (hops), first funding listed wallets directly or through one more
 * unlisted address on the way. The listed wallets first funded off one chain (RUN_MIN or more, off 2 or more of its
 * hops) are one funding tree rooted at the chain's first hop (treeRuns sees only two generations of it).
 */
function peelRuns(g: WalletGraph, ff: FirstFunding, runs: FundingRun[]): void {
  const { from, blockTime } = g;
  if (!blockTime) return;
  const firstOut = new Float64Array(g.n).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < from.length; i++) {
    const x = from[i];
    const t = blockTime[i];
    if (t >= ff.time[x] && t < firstOut[x]) firstOut[x] = t;
  }
  // a hop passes on what it was given; an address of a hub's fan-out (a relayer, a farm's funder found by its role)
  // is judged by its own runs, and as a hop it made everyone it first funded one tree with the wallets of a chain
  const hop = (x: number): boolean =>
    x >= 0 &&
    !g.listed[x] &&
    g.hub[x] === HUB_NONE &&
    ff.funder[x] >= 0 &&
    firstOut[x] - ff.time[x] <= PASS_THROUGH_SECONDS;
  // each hop's chain root: the first hop up its first funders (memoised; -1: not yet, -2: on the current walk)
  const rootOf = new Int32Array(g.n).fill(-1);
  const root = (x: number): number => {
    const path: number[] = [];
    let y = x;
    while (rootOf[y] === -1 && hop(ff.funder[y])) {
      rootOf[y] = -2;
      path.push(y);
      y = ff.funder[y];
    }
    // a first-funding cycle (-2) ends at the address it came back to
    const r = rootOf[y] >= 0 ? rootOf[y] : y;
    rootOf[y] = r;
    for (const p of path) rootOf[p] = r;
    return r;
  };
  const byRoot = new Map<number, Array<[leaf: number, anchor: number]>>();
  for (let u = 0; u < g.n; u++) {
    if (!g.listed[u]) continue;
    const f = ff.funder[u];
    if (f < 0 || g.listed[f]) continue;
    const anchor = hop(f) ? f : !isInfrastructure(g.hub[f]) && hop(ff.funder[f]) ? ff.funder[f] : -1;
    if (anchor < 0) continue;
    const r = root(anchor);
    const list = byRoot.get(r);
    if (list) list.push([u, anchor]);
    else byRoot.set(r, [[u, anchor]]);
  }
  for (const r of [...byRoot.keys()].sort((a, b) => a - b)) {
    const list = byRoot.get(r)!;
    const hops = new Set(list.map(([, a]) => a));
    if (list.length < RUN_MIN || hops.size < 2) continue;
    const recipients = list.map(([u]) => u).sort((a, b) => a - b);
    const via = [...new Set(list.flatMap(([u, a]) => (ff.funder[u] === a ? [a] : [a, ff.funder[u]])))]
      .filter((x) => x !== r)
      .sort((a, b) => a - b);
    runs.push({
      kind: 'funding_tree',
      sender: r,
      via,
      recipients,
      time: ff.time[recipients[0]],
      amount: Number.NaN,
      seconds: 0,
    });
  }
}

/**
 * Whether an infrastructure sender pays the public in batches: most of the addresses it first funded are off the
 * campaign's list, and ROUTINE_MIN_BATCHES or more of its transactions, over ROUTINE_SPAN_SECONDS or more, first
 * funded RUN_MIN or more addresses each (an exchange batching its customers' withdrawals). Customers who happen to
 * share such a transaction chose their amounts alike (round figures, the dollars they bought) and share nothing
 * else, so its transactions make no batch; its co-timed runs are still judged (a farm withdrawing in a burst spans
 * several of its batches). A payout contract used by a farm pays mostly listed wallets in the campaign's data, and
 * a farm's funder is no infrastructure (wallet-graph.ts). "Most" and the routine constants were set a priori.
 */
function publicBatcher(events: number[], ff: FirstFunding, listed: Uint8Array): boolean {
  if (!ff.tx) return false;
  let onList = 0;
  for (const u of events) onList += listed[u];
  if (2 * onList >= events.length) return false;
  // per transaction: how many it first funded, and when (one transaction, one time)
  const perTx = new Map<number, { count: number; time: number }>();
  for (const u of events) {
    const id = ff.tx[u];
    if (id === 0) continue;
    const t = perTx.get(id);
    if (t) t.count++;
    else perTx.set(id, { count: 1, time: ff.time[u] });
  }
  const batchTimes: number[] = [];
  for (const t of perTx.values()) if (t.count >= RUN_MIN) batchTimes.push(t.time);
  return routine(batchTimes);
}

/**
 * One sender's first fundings (sorted by time, amount, node): its batches, then its co-timed runs. `publicBatches`:
 * the sender pays the public in batches (publicBatcher), so none of its batches counts.
 */
function senderRuns(
  events: number[],
  ff: FirstFunding,
  runs: FundingRun[],
  infrastructure: boolean,
  publicBatches = false,
): void {
  const sender = ff.funder[events[0]];
  const inBatch = new Set<number>();
  const background = infrastructure ? backgroundTest(events, ff) : () => true;
  const surprising: typeof background = (r, batch) => !(batch && publicBatches) && background(r, batch);
  if (ff.tx) txBatches(events, ff, sender, surprising, inBatch, runs, infrastructure);
  const single = inBatch.size ? events.filter((u) => !inBatch.has(u)) : events;
  // the same second stands for one transaction only where the transaction is unknown: an exchange's separate
  // withdrawals in one block, at a busy minute, of the round amounts people choose, are not a batch
  const oneTx = (u: number): boolean => !infrastructure || !ff.tx || ff.tx[u] === 0;
  const sameSecond = single.filter(oneTx);
  for (let s = 0; s < sameSecond.length; ) {
    let e = s;
    while (e < sameSecond.length && ff.time[sameSecond[e]] === ff.time[sameSecond[s]]) e++;
    const tiers = !infrastructure && chosenTiers(sameSecond.slice(s, e), ff);
    // same second: split by amount (sorted ascending within the second)
    for (let a = s; a < e; ) {
      let b = a + 1;
      const base = ff.amount[sameSecond[a]];
      while (
        b < e &&
        ff.unit[sameSecond[b]] === ff.unit[sameSecond[a]] &&
        (Number.isNaN(base)
          ? Number.isNaN(ff.amount[sameSecond[b]])
          : ff.amount[sameSecond[b]] <= base * (1 + BATCH_AMOUNT_RATIO))
      )
        b++;
      if (b - a >= RUN_MIN && surprising({ members: sameSecond.slice(a, b), anchor: base, first: 0, last: 0 }, true)) {
        const recipients = sameSecond.slice(a, b).sort((x, y) => x - y);
        for (const u of recipients) inBatch.add(u);
        runs.push({
          kind: 'batch_funding',
          sender,
          recipients,
          time: ff.time[sameSecond[a]],
          amount: base,
          seconds: 0,
          ...(tiers ? { tiers } : {}),
        });
      }
      a = b;
    }
    s = e;
  }
  // co-timed: open runs bucketed by the log of their first amount (neighbouring buckets checked)
  interface Open {
    members: number[];
    anchor: number;
    first: number;
    last: number;
    unit: number;
  }
  const open = new Map<number, Open[]>();
  const closed: Open[] = [];
  let standing: Set<number> | undefined;
  const bucketOf = (a: number): number => Math.floor(Math.log(a) / Math.log(1 + COTIMED_AMOUNT_RATIO));
  let timeOnly: Open | null = null;
  for (const u of events) {
    const a = ff.amount[u];
    const t = ff.time[u];
    if (Number.isNaN(a)) {
      if (infrastructure) continue;
      if (timeOnly && t - timeOnly.last <= COTIMED_GAP_NO_AMOUNT_SECONDS) {
        timeOnly.members.push(u);
        timeOnly.last = t;
      } else {
        if (timeOnly) closed.push(timeOnly);
        timeOnly = { members: [u], anchor: Number.NaN, first: t, last: t, unit: 0 };
      }
      continue;
    }
    if (!(a > 0)) continue;
    const k = bucketOf(a);
    let target: Open | null = null;
    for (const kk of [k - 1, k, k + 1]) {
      const list = open.get(kk);
      if (!list) continue;
      for (let i = list.length - 1; i >= 0; i--) {
        const r = list[i];
        if (t - r.last > COTIMED_GAP_SECONDS) {
          closed.push(r);
          list.splice(i, 1);
        } else if (!target && r.unit === ff.unit[u] && Math.abs(a / r.anchor - 1) <= COTIMED_AMOUNT_RATIO) target = r;
      }
    }
    if (target) {
      target.members.push(u);
      target.last = t;
    } else {
      const r = { members: [u], anchor: a, first: t, last: t, unit: ff.unit[u] };
      const list = open.get(k);
      if (list) list.push(r);
      else open.set(k, [r]);
    }
  }
  for (const list of open.values()) closed.push(...list);
  if (timeOnly) closed.push(timeOnly);
  closed.sort((x, y) => x.first - y.first || x.members[0] - y.members[0]);
  for (const r of closed) {
    if (r.members.length < RUN_MIN || r.first === r.last) continue; // one second: a batch, not a co-timed run
    if (r.members.every((u) => inBatch.has(u))) continue;
    if (!Number.isNaN(r.anchor) && !surprising(r)) continue;
    // an exchange's customers withdrawing one round amount in a busy minute chose it (uniform-amounts.ts); one of
    // its standing amounts (standingAmounts) is its price, not theirs
    const chosen = (a: number): boolean => isRoundAmount(a) || (standing ??= standingAmounts(events, ff)).has(a);
    if (infrastructure && chosen(r.anchor) && r.members.every((u) => ff.amount[u] === r.anchor)) continue;
    runs.push({
      kind: 'cotimed_funding',
      sender,
      recipients: r.members.slice().sort((x, y) => x - y),
      time: r.first,
      amount: r.anchor,
      seconds: r.last - r.first,
    });
  }
}

/**
 * The exact amounts a sender paid as first fundings on ROUTINE_MIN_BATCHES or more days spanning ROUTINE_SPAN_SECONDS
 * or more: a fixed price of its service (a token account's rent deposit an exchange pays for its customers, a
 * withdrawal's fixed fee taken off one sum), paid to whoever came that day. Customers paid it within minutes of each
 * other on a busy day did not pick it, as they pick round amounts. The constants are the routine's, set a priori.
 */
function standingAmounts(events: number[], ff: FirstFunding): Set<number> {
  const days = new Map<number, Set<number>>();
  for (const u of events) {
    const a = ff.amount[u];
    if (!(a > 0)) continue;
    let set = days.get(a);
    if (!set) days.set(a, (set = new Set()));
    set.add(Math.floor(ff.time[u] / 86_400));
  }
  const out = new Set<number>();
  for (const [a, set] of days) if (routine([...set].map((d) => d * 86_400))) out.add(a);
  return out;
}

/**
 * One transaction of the sender paying 3+ of its first-funded addresses is a batch whatever the amounts (a
 * Disperse-style transaction with varied amounts); an infrastructure sender's (an exchange's batched withdrawals)
 * only when the same chance test as a one-second batch says it is rare, anchored on its smallest amount.
 */
function txBatches(
  events: number[],
  ff: FirstFunding,
  sender: number,
  surprising: (r: { members: number[]; anchor: number; first: number; last: number }, batch?: boolean) => boolean,
  inBatch: Set<number>,
  runs: FundingRun[],
  infrastructure: boolean,
): void {
  const byTx = new Map<number, number[]>();
  for (const u of events) {
    const id = ff.tx![u];
    if (id === 0) continue;
    const list = byTx.get(id);
    if (list) list.push(u);
    else byTx.set(id, [u]);
  }
  const groups = [...byTx.values()]
    .filter((l) => l.length >= RUN_MIN)
    .map((l) => l.sort((x, y) => x - y))
    // the ids' values depend on the input order: order the batches by time, then their first recipient
    .sort((x, y) => ff.time[x[0]] - ff.time[y[0]] || x[0] - y[0]);
  for (const recipients of groups) {
    let anchor = Number.NaN;
    for (const u of recipients) if (ff.amount[u] < anchor || Number.isNaN(anchor)) anchor = ff.amount[u];
    if (!surprising({ members: recipients, anchor, first: 0, last: 0 }, true)) continue;
    for (const u of recipients) inBatch.add(u);
    const tiers = !infrastructure && chosenTiers(recipients, ff);
    const time = ff.time[recipients[0]];
    runs.push({
      kind: 'batch_funding',
      sender,
      recipients,
      time,
      amount: anchor,
      seconds: 0,
      ...(tiers ? { tiers } : {}),
    });
  }
}

/** Removes runs[from..] that pay chosen tiers (a grant round's), keeping the others in order. */
function dropTiers(runs: FundingRun[], from: number): void {
  let k = from;
  for (let i = from; i < runs.length; i++) if (!runs[i].tiers) runs[k++] = runs[i];
  runs.length = k;
}

/**
 * Every amount round and not all the same (500, 1000 and 2500 USDC; 0.5 and 1 ETH): the tiers a grant round, a
 * bounty or a payroll chose for people it pays, not a farm's funding of its wallets (one amount for all, or amounts
 * varied at random to look organic). A sender that is not infrastructure paying so in one transaction or one
 * second makes no batch; the batch still counts towards its routine (routineBatches), so a batching service whose
 * other batches are of one amount stays one. `isRoundAmount` was set a priori; this rule was designed on the second
 * blind generator's development seeds (its grant rounds), before any test seed was scanned.
 */
function chosenTiers(recipients: number[], ff: FirstFunding): boolean {
  const a0 = ff.amount[recipients[0]];
  let differ = false;
  for (const u of recipients) {
    const a = ff.amount[u];
    if (!isRoundAmount(a)) return false;
    if (a !== a0) differ = true;
  }
  return differ;
}

/**
 * An exchange pays many unrelated customers, often round amounts (0.1, 1 ETH): a run of its withdrawals counts only
 * when it is BACKGROUND_FACTOR times denser than the sender's withdrawals of similar amounts are over all its
 * history (100,000 users withdrawing round amounts over a month otherwise chained into runs by the thousand), and a
 * batch only when that many similar payments in one second would be rare by chance (BATCH_CHANCE). Without amounts
 * an infrastructure batch needs 2 * RUN_MIN recipients.
 */
function backgroundTest(
  events: number[],
  ff: FirstFunding,
): (r: { members: number[]; anchor: number; first: number; last: number }, batch?: boolean) => boolean {
  const amounts = events.map((u) => ff.amount[u]).filter((a) => a > 0);
  amounts.sort((x, y) => x - y);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const u of events) {
    lo = Math.min(lo, ff.time[u]);
    hi = Math.max(hi, ff.time[u]);
  }
  const span = Math.max(1, hi - lo + COTIMED_GAP_SECONDS);
  const below = (x: number): number => firstAtLeast(amounts, x);
  return (r, batch = false) => {
    if (Number.isNaN(r.anchor)) return !batch || r.members.length >= 2 * RUN_MIN;
    const similar =
      below(r.anchor * (1 + COTIMED_AMOUNT_RATIO) * (1 + 1e-9)) - below(r.anchor / (1 + COTIMED_AMOUNT_RATIO));
    if (batch) {
      // k of the sender's similar payments in one second by chance: about span * rate^k / k! such seconds
      const rate = similar / span;
      let chance = span;
      for (let i = 1; i <= r.members.length && chance >= BATCH_CHANCE; i++) chance *= rate / i;
      return chance < BATCH_CHANCE;
    }
    const expected = (similar * (r.last - r.first + COTIMED_GAP_SECONDS)) / span;
    return r.members.length >= BACKGROUND_FACTOR * expected;
  };
}

/**
 * The interaction graph's groups joined by the funding runs: a run's recipients (and its sender unless it is
 * infrastructure) end in one group, and so do the wallets of a passing web (passing-webs.ts). Groups are renumbered by
 * their smallest node id (deterministic).
 */
export function joinRuns(g: WalletGraph, grouping: Grouping, runs: FundingRun[], webs: number[][] = []): Grouping {
  if (runs.length === 0 && g.stats.funderHubs === 0 && webs.length === 0) return grouping;
  const { n } = g;
  const uf = new UnionFind(n);
  const rep = new Int32Array(grouping.groupCount).fill(-1);
  const inAny = new Uint8Array(n);
  for (let u = 0; u < n; u++) {
    const gid = grouping.groupOf[u];
    if (gid < 0) continue;
    inAny[u] = 1;
    if (rep[gid] < 0) rep[gid] = u;
    else uf.union(u, rep[gid]);
  }
  let joined = 0;
  // a farm's collector (wallet-graph.ts farmCollectors) joins the listed wallets that paid it, as a run joins its
  // recipients: its payers, not the collector (a hub) itself
  const firstPayer = new Map<number, number>();
  for (let i = 0; i < (g.stats.funderHubs > 0 ? g.from.length : 0); i++) {
    const c = g.to[i];
    const u = g.from[i];
    if (g.hub[c] !== HUB_FUNDER || !g.listed[u]) continue;
    // a collector found by its bursts joins only payers nothing else grouped (wallet-graph.ts burstCollector)
    const role = g.hubList.get(c);
    if (role !== 'farm_collector' && (role !== 'burst_collector' || grouping.groupOf[u] >= 0)) continue;
    inAny[u] = 1;
    const first = firstPayer.get(c);
    if (first === undefined) firstPayer.set(c, u);
    else if (uf.find(first) !== uf.find(u)) {
      joined++;
      uf.union(first, u);
    }
  }
  const joinAll = (nodes: number[]): void => {
    for (const u of nodes) inAny[u] = 1;
    for (let k = 1; k < nodes.length; k++) {
      if (uf.find(nodes[0]) !== uf.find(nodes[k])) joined++;
      uf.union(nodes[0], nodes[k]);
    }
  };
  for (const r of runs) {
    const own = [...(r.via ?? []), ...r.recipients];
    joinAll(isInfrastructure(g.hub[r.sender]) ? own : [r.sender, ...own]);
  }
  for (const web of webs) joinAll(web);
  const groupOf = new Int32Array(n).fill(-1);
  const idOfRoot = new Int32Array(n).fill(-1);
  let groupCount = 0;
  for (let u = 0; u < n; u++) {
    if (!inAny[u]) continue;
    const r = uf.find(u);
    if (idOfRoot[r] < 0) idOfRoot[r] = groupCount++;
    groupOf[u] = idOfRoot[r];
  }
  return { groupOf, groupCount, stats: { ...grouping.stats, fundingRuns: runs.length, runJoins: joined } };
}
