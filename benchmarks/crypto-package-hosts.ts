/**
 * Writes benchmarks/negatives/crypto-package-hosts.txt: the hosts named in the documentation (README, changelog,
 * package.json links) of the npm packages of crypto projects and of everything they depend on. These are the hard
 * negatives of URL screening: legitimate sites of wallets, SDKs, RPC and indexing providers, explorers and the web
 * pages their docs link to, named by the projects themselves, not by a labelled list. The file is a snapshot
 * (committed) so that bench:screening does not need the network; the command below rebuilds it.
 *
 * Usage: node --import tsx benchmarks/crypto-package-hosts.ts [--install]
 *   --install first installs CRYPTO_PACKAGES into benchmarks/.cache/crypto-packages (npm, no scripts run);
 *   a package the registry cannot resolve is skipped and named.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { legitimateNegatives, packageDocHosts } from './screening-negatives.ts';

/** Chosen as the SDKs of widely used chains, wallets and providers, before any figure was seen. */
const CRYPTO_PACKAGES = [
  'ethers',
  'web3',
  'wagmi',
  '@solana/web3.js',
  '@solana/spl-token',
  '@openzeppelin/contracts',
  'hardhat',
  '@uniswap/v3-sdk',
  '@uniswap/sdk-core',
  '@metamask/sdk',
  '@walletconnect/ethereum-provider',
  '@coinbase/wallet-sdk',
  '@rainbow-me/rainbowkit',
  '@safe-global/protocol-kit',
  '@reown/appkit',
  '@web3-onboard/core',
  '@lifi/sdk',
  '@aave/core-v3',
  '@thirdweb-dev/sdk',
  'alchemy-sdk',
  '@covalenthq/client-sdk',
  '@pythnetwork/client',
  '@arbitrum/sdk',
  '@eth-optimism/sdk',
  'zksync-ethers',
  '@cosmjs/stargate',
  '@taquito/taquito',
  'near-api-js',
  '@mysten/sui',
  '@aptos-labs/ts-sdk',
  'tronweb',
  '@stellar/stellar-sdk',
  'xrpl',
  '@ton/ton',
  'bitcoinjs-lib',
  '@ledgerhq/hw-app-eth',
  '@biconomy/account',
  '@gelatonetwork/relay-sdk',
  '@pancakeswap/sdk',
  '@ensdomains/ensjs',
  '@lens-protocol/client',
  '@farcaster/core',
  '@zerodev/sdk',
  'permissionless',
  '@privy-io/react-auth',
];

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'benchmarks/.cache/crypto-packages');
if (process.argv.includes('--install')) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"name":"crypto-packages","version":"1.0.0","private":true}\n');
  for (const p of CRYPTO_PACKAGES) {
    const flags = ['--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps'];
    try {
      execFileSync('npm', ['install', ...flags, p], { cwd: dir, stdio: 'ignore' });
    } catch {
      console.error(`skipped ${p}: npm could not install it`);
    }
  }
}
// Hosts the other negative groups already hold stay theirs (one host, one group).
const others = legitimateNegatives(root, path.resolve(root, '../shared/datasets/screening/legitimate-hosts.txt'), {
  cryptoPackageHosts: false,
});
const hosts = [...packageDocHosts(dir, { systemDocs: false })].filter((h) => !others.has(h)).sort();
const out = path.join(root, 'benchmarks/negatives/crypto-package-hosts.txt');
const header =
  `# hosts named in the docs of ${CRYPTO_PACKAGES.length} crypto SDK packages and their dependencies\n` +
  '# rebuilt by: node --import tsx benchmarks/crypto-package-hosts.ts --install\n';
writeFileSync(out, header + hosts.join('\n') + '\n');
console.log(`${hosts.length} hosts written to ${path.relative(root, out)}`);
