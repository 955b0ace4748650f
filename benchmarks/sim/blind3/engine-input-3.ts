/**
 * The third blind world as engine input, numbered as the CLI numbers a file's rows: addresses in order of
 * appearance, transaction, asset and chain ids from 1 (an asset is a symbol on one chain). Built here rather than
 * through ../engine-input.ts so that transactions stay numbers (no 66-character hashes to make and look up) and each
 * transfer carries its chain.
 */
import type { EngineInput } from '../../../engine/types.ts';
import { ALL_CHAINS, type ChainName } from './chains.ts';
import type { ChainTransfer } from './world.ts';

export function engineInput3(
  wallets: string[],
  transfers: ChainTransfer[],
  labels: Array<{ address: string; list: string }>,
): EngineInput {
  // a plain Map: the addresses are the very strings the world made (their hashes cached), twice as fast here as
  // engine/address-index.ts
  const ids = new Map<string, number>();
  const addresses: string[] = [];
  const id = (a: string): number => {
    let i = ids.get(a);
    if (i === undefined) {
      i = addresses.length;
      ids.set(a, i);
      addresses.push(a);
    }
    return i;
  };
  let maxTx = 0;
  for (const x of transfers) maxTx = Math.max(maxTx, x.tx);
  // transaction ids in order of appearance (0: not seen yet)
  const txIds = new Uint32Array(maxTx + 1);
  let txCount = 0;
  const assetIds = new Map<ChainName, Map<string, number>>(ALL_CHAINS.map((c) => [c, new Map()]));
  let assetCount = 0;
  const n = transfers.length;
  const cols = {
    from: new Uint32Array(n),
    to: new Uint32Array(n),
    blockTime: new Float64Array(n),
    amount: new Float64Array(n),
    txId: new Uint32Array(n),
    chain: new Uint32Array(n),
    asset: new Uint32Array(n),
  };
  transfers.forEach((x, i) => {
    cols.from[i] = id(x.from);
    cols.to[i] = id(x.to);
    cols.blockTime[i] = x.time;
    cols.amount[i] = x.amount;
    if (txIds[x.tx] === 0) txIds[x.tx] = ++txCount;
    cols.txId[i] = txIds[x.tx];
    cols.chain[i] = ALL_CHAINS.indexOf(x.chain) + 1;
    const assets = assetIds.get(x.chain)!;
    let asset = assets.get(x.symbol);
    if (asset === undefined) assets.set(x.symbol, (asset = ++assetCount));
    cols.asset[i] = asset;
  });
  return {
    chainFamily: 'evm',
    wallets: wallets.map((address) => ({ address })),
    transfers: { addresses, ...cols },
    labels: { infrastructure: new Map(labels.map((l) => [l.address, l.list])), exceptions: new Set() },
  };
}
