/**
 * Exchange movements in the third blind world: withdrawals (from a hot wallet, or in a five-minute batch transaction
 * for an exchange that batches Ethereum withdrawals; the fee taken from the amount by some exchanges) and deposits
 * to an account's own deposit address, which the exchange sweeps to its hot wallet later.
 */
import { CHAINS, type ChainName, HOUR, MINUTE, round } from './chains.ts';
import type { Exchange, Infra } from './infra.ts';
import type { World } from './world.ts';

const ASK_NATIVE = [0.01, 0.02, 0.03, 0.05, 0.05, 0.08, 0.1, 0.1, 0.15, 0.2, 0.25, 0.3, 0.5, 1, 2];
const ASK_POL = [5, 10, 20, 50, 100, 200];
const ASK_STABLE = [20, 50, 100, 100, 200, 250, 300, 500, 1000, 2000];

/** What a person asks an exchange to send: a round figure. */
export function askAmount(w: World, chain: ChainName, symbol: string): number {
  if (symbol === 'POL') return w.rng.pick(ASK_POL);
  return symbol === CHAINS[chain].native ? w.rng.pick(ASK_NATIVE) : w.rng.pick(ASK_STABLE);
}

/** A withdrawal of `amount` asked at `time`; it reaches the chain a few minutes later. */
export function withdraw(
  w: World,
  infra: Infra,
  ex: Exchange,
  chain: ChainName,
  to: string,
  amount: number,
  symbol: string,
  time: number,
): void {
  const native = symbol === CHAINS[chain].native && symbol !== 'POL';
  const net = native && ex.fee > 0 ? round(amount - ex.fee, 8) : amount;
  if (ex.batcher && chain === 'ethereum') {
    const slot = Math.floor(time / (5 * MINUTE));
    const key = `${ex.name}:${slot}`;
    let tx = infra.batches.get(key);
    if (!tx) {
      tx = w.newTx();
      infra.batches.set(key, tx);
    }
    w.send(chain, ex.batcher, to, net, symbol, (slot + 1) * 5 * MINUTE, tx);
    return;
  }
  w.send(chain, w.rng.pick(ex.hot[chain]), to, net, symbol, time + w.rng.int(30, 8 * MINUTE));
}

export function depositAddress(w: World, ex: Exchange, account: string): string {
  let d = ex.deposits.get(account);
  if (!d) {
    d = w.address();
    ex.deposits.set(account, d);
  }
  return d;
}

/** A deposit to the account's own deposit address, swept to the exchange's hot wallet within hours. */
export function deposit(
  w: World,
  ex: Exchange,
  chain: ChainName,
  from: string,
  account: string,
  amount: number,
  symbol: string,
  time: number,
): void {
  const d = depositAddress(w, ex, account);
  w.send(chain, from, d, amount, symbol, time);
  w.send(chain, d, ex.hot[chain][0], amount, symbol, time + w.rng.int(5 * MINUTE, 6 * HOUR));
}
