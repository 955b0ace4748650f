/**
 * A simulated campaign as engine input, numbered as the CLI numbers a file's rows (src/cli/analyze-command.ts):
 * addresses in order of appearance, transaction ids from 1 (0: none) and asset ids from 1, both only when the
 * transfers carry them, so a simulator without hashes or assets gives the input it always gave.
 */
import type { EngineInput } from '../../engine/index.ts';
import { addressIndex } from '../../engine/address-index.ts';

export interface SimTransfer {
  from: string;
  to: string;
  time: number;
  amount: number;
  txHash?: string;
  asset?: string;
}

export function simInput(
  wallets: Array<{ address: string }>,
  transfers: SimTransfer[],
  labels: Array<{ address: string; list: string }>,
): EngineInput {
  const { addresses, id } = addressIndex();
  const txs = addressIndex();
  const assets = new Map<string, number>();
  const T = transfers.length;
  const cols = {
    from: new Uint32Array(T),
    to: new Uint32Array(T),
    blockTime: new Float64Array(T),
    amount: new Float64Array(T),
    txId: new Uint32Array(T),
    asset: new Uint32Array(T),
  };
  transfers.forEach((x, i) => {
    cols.from[i] = id(x.from);
    cols.to[i] = id(x.to);
    cols.blockTime[i] = x.time;
    cols.amount[i] = x.amount;
    cols.txId[i] = x.txHash ? txs.id(x.txHash) + 1 : 0;
    const key = x.asset?.toLowerCase();
    if (key && !assets.has(key)) assets.set(key, assets.size + 1);
    cols.asset[i] = key ? assets.get(key)! : 0;
  });
  const { txId, asset, ...plain } = cols;
  return {
    chainFamily: 'evm',
    wallets: wallets.map((w) => ({ address: w.address })),
    transfers: {
      addresses,
      ...plain,
      ...(txs.addresses.length > 0 ? { txId } : {}),
      ...(assets.size > 0 ? { asset } : {}),
    },
    labels: { infrastructure: new Map(labels.map((l) => [l.address, l.list])), exceptions: new Set() },
  };
}
