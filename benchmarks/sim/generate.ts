/**
 * Writes one simulated campaign as files the CLI reads (docs/simulated-campaigns.md):
 *   node --import tsx benchmarks/sim/generate.ts --seed 101 --out /tmp/sim-101
 * gives wallets.txt, transfers.csv, labels.csv and truth.csv (address,role,pattern,group).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simulateCampaign } from './campaign-sim.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '101' },
    out: { type: 'string' },
    legit: { type: 'string', default: '12000' },
    farms: { type: 'string', default: '42' },
  },
});
if (!values.out) {
  console.error(
    'usage: node --import tsx benchmarks/sim/generate.ts --seed 101 --out <dir> [--legit 12000] [--farms 42]',
  );
  process.exit(2);
}
const sim = simulateCampaign({
  seed: Number(values.seed),
  legitWallets: Number(values.legit),
  farms: Number(values.farms),
});
fs.mkdirSync(values.out, { recursive: true });
const write = (name: string, lines: string[]): void =>
  fs.writeFileSync(path.join(values.out!, name), lines.join('\n') + '\n');
write(
  'wallets.txt',
  sim.truth.map((t) => t.address),
);
write('transfers.csv', [
  'from,to,block_time,amount',
  ...sim.transfers.map((x) => `${x.from},${x.to},${x.time},${x.amount}`),
]);
write('labels.csv', ['address,list', ...sim.labels.map((l) => `${l.address},${l.list}`)]);
write('truth.csv', [
  'address,role,pattern,group',
  ...sim.truth.map((t) => `${t.address},${t.role},${t.pattern},${t.group}`),
]);
console.log(JSON.stringify({ out: values.out, wallets: sim.truth.length, transfers: sim.transfers.length }));
