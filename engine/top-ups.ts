/**
 * Top-up sources: an address that keeps wallets funded by others supplied with small change, as a farm's gas
 * wallet tops up wallets that exchanges or bridges funded. A top-up is a payment to a listed wallet that is not its
 * first funding, comes after it, in the same asset and for less: it adds to what the wallet started with. A source
 * qualifies when nearly all (UNIFORM_SHARE) of its payments to listed wallets are top-ups, to `min` or more of them,
 * no listed wallet ever paid it (a pool or a router pays back what its users put in) and its amounts are not fixed
 * payouts (a faucet's drip, uniform-amounts.ts `fixedPrices`). Who else pays many campaign wallets after others
 * funded them pays for something: a salary or an OTC deal is more than the wallet started with, an exchange's or a
 * bridge's payments are mostly first fundings. Shared by the top-up runs (evidence/timed-funding.ts) and the hubs by
 * role (wallet-graph.ts). No new constant: `min` is the breadth minimum, UNIFORM_SHARE the uniform runs'.
 */
import { fixedPrices, UNIFORM_SHARE } from './uniform-amounts.ts';

export interface TopUpTransfers {
  from: Uint32Array | number[];
  to: Uint32Array | number[];
  blockTime?: Float64Array;
  amount?: Float64Array;
  asset?: Uint32Array;
}

export interface TopUpSource {
  sender: number;
  /** Listed wallets it topped up, ascending. */
  recipients: number[];
  /** Its first and last top-up, and their median amount. */
  first: number;
  last: number;
  median: number;
}

/**
 * The top-up sources among the addresses `candidate` accepts (ascending by node id). Needs block times and amounts;
 * each wallet's first funding is its earliest incoming transfer (ties by sender, then amount: order-independent).
 */
export function topUpSources(
  t: TopUpTransfers,
  n: number,
  listed: Uint8Array,
  candidate: (u: number) => boolean,
  min: number,
): TopUpSource[] {
  const { from, to, blockTime, amount, asset } = t;
  if (!blockTime || !amount || min < 1) return [];
  const funder = new Int32Array(n).fill(-1);
  const time = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const first = new Float64Array(n).fill(Number.NaN);
  const unit = new Uint32Array(n);
  for (let i = 0; i < from.length; i++) {
    const f = from[i];
    const r = to[i];
    const bt = blockTime[i];
    if (f === r || Number.isNaN(bt)) continue;
    const a = amount[i];
    if (bt < time[r] || (bt === time[r] && (f < funder[r] || (f === funder[r] && a < first[r])))) {
      funder[r] = f;
      time[r] = bt;
      first[r] = a;
      unit[r] = asset ? asset[i] : 0;
    }
  }
  const payments = new Map<number, number>(); // candidate -> its payments to listed wallets
  const topUps = new Map<number, number[]>(); // candidate -> indexes of its top-ups
  const paid = new Set<number>(); // candidates a listed wallet paid
  for (let i = 0; i < from.length; i++) {
    const s = from[i];
    const r = to[i];
    if (s === r) continue;
    if (listed[s] && !listed[r] && candidate(r)) paid.add(r);
    if (!listed[r] || listed[s] || !candidate(s) || !(amount[i] > 0) || Number.isNaN(blockTime[i])) continue;
    payments.set(s, (payments.get(s) ?? 0) + 1);
    const topUp =
      funder[r] !== s && blockTime[i] > time[r] && (asset ? asset[i] : 0) === unit[r] && amount[i] < first[r];
    if (!topUp) continue;
    const list = topUps.get(s);
    if (list) list.push(i);
    else topUps.set(s, [i]);
  }
  const out: TopUpSource[] = [];
  for (const [s, list] of topUps) {
    if (paid.has(s) || list.length < UNIFORM_SHARE * payments.get(s)!) continue;
    const recipients = [...new Set(list.map((i) => to[i]))].sort((x, y) => x - y);
    if (recipients.length < min) continue;
    const amounts = list.map((i) => amount[i]).sort((x, y) => x - y);
    if (fixedPrices(amounts)) continue;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const i of list) {
      lo = Math.min(lo, blockTime[i]);
      hi = Math.max(hi, blockTime[i]);
    }
    out.push({ sender: s, recipients, first: lo, last: hi, median: amounts[amounts.length >> 1] });
  }
  return out.sort((a, b) => a.sender - b.sender);
}
