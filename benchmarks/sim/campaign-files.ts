/**
 * A simulated campaign written as the files a user hands the CLI and the service (docs/simulated-campaigns.md):
 * wallets.txt, transfers.csv, labels.csv and truth.csv (address,role,pattern,group). `rename` maps every address
 * and transaction hash (benchmarks/cli-parity.mts writes the same campaign with Solana-shaped addresses).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { base58 } from '@scure/base';
import type { EngineInput } from '../../engine/index.ts';
import type { TruthRow } from './campaign-sim.ts';
import type { SimTransfer } from './engine-input.ts';

export interface CampaignFiles {
  truth: TruthRow[];
  transfers: SimTransfer[];
  labels: Array<{ address: string; list: string }>;
}

export function writeCampaignFiles(
  dir: string,
  sim: CampaignFiles,
  withTx: boolean,
  rename: { address(a: string): string; tx(h: string): string } = { address: (a) => a, tx: (h) => h },
): void {
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, lines: string[]): void =>
    fs.writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
  const a = rename.address;
  write(
    'wallets.txt',
    sim.truth.map((t) => a(t.address)),
  );
  const transfers = withTx
    ? [
        'from,to,block_time,amount,asset,tx_hash',
        ...sim.transfers.map((x) => `${a(x.from)},${a(x.to)},${x.time},${x.amount},${x.asset},${rename.tx(x.txHash!)}`),
      ]
    : ['from,to,block_time,amount', ...sim.transfers.map((x) => `${a(x.from)},${a(x.to)},${x.time},${x.amount}`)];
  write('transfers.csv', transfers);
  write('labels.csv', ['address,list', ...sim.labels.map((l) => `${a(l.address)},${l.list}`)]);
  write('truth.csv', [
    'address,role,pattern,group',
    ...sim.truth.map((t) => `${a(t.address)},${t.role},${t.pattern},${t.group}`),
  ]);
}

/**
 * The files' content of an engine input a simulator made directly (benchmarks/sim/blind-sim-4.ts): its transfers as
 * rows, an asset id as its name `a<id>` and a transaction id as a hash made from it (only equality matters).
 */
export function inputFiles(input: EngineInput, truth: TruthRow[]): CampaignFiles {
  const t = input.transfers;
  const transfers: SimTransfer[] = [];
  for (let i = 0; i < t.from.length; i++)
    transfers.push({
      from: t.addresses[t.from[i]],
      to: t.addresses[t.to[i]],
      time: t.blockTime ? t.blockTime[i] : Number.NaN,
      amount: t.amount ? t.amount[i] : Number.NaN,
      asset: `a${t.asset ? t.asset[i] : 0}`,
      txHash: t.txId && t.txId[i] !== 0 ? base58.encode(createHash('sha512').update(`tx:${t.txId[i]}`).digest()) : '',
    });
  const labels = [...input.labels.infrastructure].map(([address, list]) => ({ address, list }));
  return { truth, transfers, labels };
}
