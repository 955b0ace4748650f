/**
 * Writes one simulated campaign as files the CLI reads (docs/simulated-campaigns.md):
 *   node --import tsx benchmarks/sim/generate.ts --seed 101 --out /tmp/sim-101
 * gives wallets.txt, transfers.csv, labels.csv and truth.csv (address,role,pattern,group).
 * With --blind, a blind campaign (docs/blind-campaigns.md; defaults --legit 15000 --farms 40), whose transfers.csv
 * also has asset and tx_hash columns. With --blind2, a campaign of the second blind simulator
 * (docs/blind-campaigns-2.md; defaults --legit 24000 --farms 44), written the same way.
 */
import { parseArgs } from 'node:util';
import { simulateCampaign } from './campaign-sim.ts';
import { simulateBlindCampaign } from './blind-sim.ts';
import { simulateBlind2Campaign } from './blind-sim-2.ts';
import { writeCampaignFiles } from './campaign-files.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '101' },
    out: { type: 'string' },
    legit: { type: 'string' },
    farms: { type: 'string' },
    blind: { type: 'boolean' },
    blind2: { type: 'boolean' },
  },
});
if (!values.out) {
  console.error(
    'usage: node --import tsx benchmarks/sim/generate.ts --seed 101 --out <dir> [--legit 12000] [--farms 42]\n' +
      '  [--blind]  a blind campaign (docs/blind-campaigns.md; --legit 15000 --farms 40 by default)\n' +
      '  [--blind2]  a campaign of the second blind simulator (docs/blind-campaigns-2.md; --legit 24000 --farms 44)',
  );
  process.exit(2);
}
const opts = {
  seed: Number(values.seed),
  legitWallets: values.legit === undefined ? undefined : Number(values.legit),
  farms: values.farms === undefined ? undefined : Number(values.farms),
};
const blind = values.blind2 ? simulateBlind2Campaign(opts) : values.blind ? simulateBlindCampaign(opts) : null;
const sim = blind ?? simulateCampaign(opts);
writeCampaignFiles(values.out, sim, blind !== null);
console.log(JSON.stringify({ out: values.out, wallets: sim.truth.length, transfers: sim.transfers.length }));
