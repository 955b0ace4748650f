/**
 * Bridge hops: who a bridge paid out for. A fast bridge's relayer (or a canonical bridge's contract) pays the
 * recipient on one chain what a sender deposited into the bridge on another, minutes before, less a fee. Read as
 * it stands, every recipient is funded by the relayer, a hub shared by thousands: a farm's operator bridging to each
 * of its wallets leaves no link, and the relayer, bursting with the farm's payouts, looks like the farm's funder
 * (third blind generator, `bridge_fan`). A payout matched to exactly one deposit, and that deposit to exactly this
 * payout, is read as a transfer from the depositor (a person bridging to her own address makes a self-transfer,
 * which no evidence counts).
 *
 * A deposit is a transfer into an address labelled `bridge`; a payout is a transfer from a labelled address or one
 * with `hubMinDegree` or more transfers out, on another chain (so the input must name chains), at most
 * BRIDGE_WINDOW_SECONDS after the deposit, for at most the deposit's amount and at least (1 - BRIDGE_FEE_SHARE) of
 * it. Both constants are set a priori from what bridges charge and take (fast bridges pay within minutes and charge
 * well under 1%; a canonical bridge's deposit into a rollup arrives in 10-20 minutes), not fitted. The match is
 * decided from the two sets alone (each payout's deposits, each deposit's payouts), so it does not depend on the
 * input's order.
 */
import { firstAtLeast } from './sorted-search.ts';
import type { EngineTransfers } from './types.ts';

export const BRIDGE_LIST = 'bridge';
export const BRIDGE_WINDOW_SECONDS = 1800;
export const BRIDGE_FEE_SHARE = 0.01;

export interface BridgeHopInput {
  from: Uint32Array;
  to: Uint32Array;
  blockTime?: Float64Array;
  amount?: Float64Array;
  chain?: EngineTransfers['chain'];
}

/**
 * The senders to read for each transfer: `from` itself where no hop is found (the same array when there is none),
 * a copy with each matched payout's sender replaced by its depositor otherwise. `entry[u]`: u is labelled `bridge`;
 * `payer[u]`: u may pay a bridge's payouts.
 */
export function bridgeHops(
  t: BridgeHopInput,
  entry: Uint8Array,
  payer: Uint8Array,
): { from: Uint32Array; hops: number } {
  const { from, to, blockTime, amount, chain } = t;
  if (!blockTime || !amount || !chain) return { from, hops: 0 };
  const deposits: number[] = [];
  const payouts: number[] = [];
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[i] || Number.isNaN(blockTime[i]) || !(amount[i] > 0)) continue;
    if (entry[to[i]] && !entry[from[i]]) deposits.push(i);
    else if (payer[from[i]] && !entry[to[i]]) payouts.push(i);
  }
  if (deposits.length === 0 || payouts.length === 0) return { from, hops: 0 };
  deposits.sort((a, b) => blockTime[a] - blockTime[b] || a - b);
  const depositTimes = Float64Array.from(deposits, (i) => blockTime[i]);
  // per payout, its one matching deposit (-1: none, -2: more than one); per deposit, how many payouts match it
  const match = new Int32Array(payouts.length).fill(-1);
  const matchedBy = new Uint32Array(deposits.length);
  payouts.forEach((j, p) => {
    const tj = blockTime[j];
    for (let k = firstAtLeast(depositTimes, tj - BRIDGE_WINDOW_SECONDS); k < deposits.length; k++) {
      const i = deposits[k];
      if (blockTime[i] > tj) break;
      if (chain[i] === chain[j] || amount[j] > amount[i] || amount[j] < (1 - BRIDGE_FEE_SHARE) * amount[i]) continue;
      matchedBy[k]++;
      match[p] = match[p] === -1 ? k : -2;
    }
  });
  let out: Uint32Array | null = null;
  let hops = 0;
  payouts.forEach((j, p) => {
    const k = match[p];
    if (k < 0 || matchedBy[k] !== 1) return;
    out ??= from.slice();
    out[j] = from[deposits[k]];
    hops++;
  });
  return { from: out ?? from, hops };
}
