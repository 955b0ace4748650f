/**
 * Writes benchmarks/negatives/crypto-package-hosts[-2|-3].txt: the hosts named in the documentation (README, changelog,
 * package.json links) of the npm packages of crypto projects and of everything they depend on. These are the hard
 * negatives of URL screening: legitimate sites of wallets, SDKs, RPC and indexing providers, explorers and the web
 * pages their docs link to, named by the projects themselves, not by a labelled list. The file is a snapshot
 * (committed) so that bench:screening does not need the network; the command below rebuilds it.
 *
 * Two batches of packages, never overlapping: batch 1 (negatives/crypto-package-hosts.txt) was chosen for issue 14's
 * first pass; batch 2 (negatives/crypto-package-hosts-2.txt) is a fresh set of other chains, wallet adapters, DeFi
 * protocols, bridges, NFT tooling and node/indexer providers, chosen before any of its hosts was scanned, so that the
 * screening rules could be corrected on its validation half without looking at the test half again. A host of
 * batch 2 that an earlier group (batch 1 included) already holds stays in that group. Batch 3
 * (negatives/crypto-package-hosts-3.txt) is a third fresh set of 105 other packages, chosen the same way for the
 * fourth pass; bench:screening deals it into halves by family (screening-negatives.ts familyKey).
 *
 * Usage: node --import tsx benchmarks/crypto-package-hosts.ts [--batch 1|2|3] [--install]
 *   --install first installs the batch's packages into benchmarks/.cache/crypto-packages[-2] (npm, no scripts
 *   run, in groups of ten; a group that fails is retried one package at a time, and a package npm cannot install
 *   is skipped and named: in batch 2, four whose dependencies include a git URL, which this machine cannot reach; in
 *   batch 3, six: @dynamic-labs/sdk-react-core, @candide/abstractionkit, @perawallet/connect, @0x/protocol-utils,
 *   @gearbox-protocol/sdk, @push-protocol/restapi).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { legitimateNegatives, packageDocHosts } from './screening-negatives.ts';

/** Batch 1: chosen as the SDKs of widely used chains, wallets and providers, before any figure was seen. */
const BATCH_1 = [
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

/** Batch 2: none of batch 1; chosen from the package names alone, before any host of theirs was scanned. */
const BATCH_2 = [
  '@polkadot/api',
  'algosdk',
  '@hashgraph/sdk',
  '@multiversx/sdk-core',
  'starknet',
  'fuels',
  '@celo/contractkit',
  '@avalabs/avalanchejs',
  '@coral-xyz/anchor',
  '@metaplex-foundation/js',
  '@metaplex-foundation/umi',
  '@orca-so/whirlpools-sdk',
  '@raydium-io/raydium-sdk',
  '@jup-ag/api',
  '@solana/wallet-adapter-react',
  '@solana/wallet-adapter-wallets',
  '@web3modal/wagmi',
  'magic-sdk',
  '@web3auth/modal',
  'connectkit',
  'get-starknet',
  '@keplr-wallet/types',
  '@trezor/connect',
  '@ledgerhq/hw-transport-webhid',
  '@tonconnect/ui',
  '@mysten/dapp-kit',
  '@aptos-labs/wallet-adapter-react',
  '@uniswap/universal-router-sdk',
  '@1inch/fusion-sdk',
  '@cowprotocol/cow-sdk',
  '@curvefi/api',
  '@balancer-labs/sdk',
  '@compound-finance/compound-js',
  '@aave/contract-helpers',
  '@morpho-org/blue-sdk',
  '@across-protocol/sdk',
  '@paraswap/sdk',
  '@kyberswap/ks-sdk-core',
  '@traderjoe-xyz/sdk-v2',
  '@lidofinance/lido-ethereum-sdk',
  '@chainlink/contracts',
  '@layerzerolabs/lz-v2-utilities',
  '@axelar-network/axelarjs-sdk',
  '@wormhole-foundation/sdk',
  '@reservoir0x/reservoir-sdk',
  '@opensea/seaport-js',
  'opensea-js',
  '@zoralabs/protocol-sdk',
  '@pinata/sdk',
  'arweave',
  '@irys/sdk',
  'moralis',
  '@infura/sdk',
  '@quicknode/sdk',
  '@ankr.com/ankr.js',
  '@blockfrost/blockfrost-js',
  '@tatumio/tatum',
  '@tenderly/sdk',
  '@blocknative/sdk',
  '@account-kit/infra',
  'userop',
  '@etherspot/prime-sdk',
  '@safe-global/api-kit',
  '@safe-global/safe-apps-sdk',
  '@worldcoin/idkit',
  '@ethereum-attestation-service/eas-sdk',
  '@unstoppabledomains/resolution',
  'siwe',
  '@ethereumjs/tx',
  '@maticnetwork/maticjs',
  '@mantleio/sdk',
  '@starknet-react/core',
  '@dydxprotocol/v4-client-js',
  '@pythnetwork/hermes-client',
  '@redstone-finance/evm-connector',
  '@chainlink/functions-toolkit',
  '@gelatonetwork/automate-sdk',
  '@openzeppelin/defender-sdk',
  '@openzeppelin/upgrades-core',
  '@graphprotocol/graph-ts',
];

/** Batch 3: none of batches 1-2 (other projects, not only other packages of the same projects where possible);
 * chosen from the package names alone, before any host of theirs was scanned. */
const BATCH_3 = [
  'viem',
  'abitype',
  '@wagmi/connectors',
  '@web3-react/core',
  '@walletconnect/sign-client',
  '@walletconnect/modal',
  '@dynamic-labs/sdk-react-core',
  '@particle-network/auth-core',
  '@turnkey/sdk-browser',
  '@lit-protocol/lit-node-client',
  '@solflare-wallet/sdk',
  '@trustwallet/wallet-core',
  '@tronweb3/tronwallet-adapters',
  '@coinbase/onchainkit',
  '@coinbase/coinbase-sdk',
  '@alchemy/aa-core',
  '@candide/abstractionkit',
  '@rhinestone/module-sdk',
  '@safe-global/relay-kit',
  '@cosmjs/cosmwasm-stargate',
  'cosmjs-types',
  '@cosmos-kit/react',
  '@injectivelabs/sdk-ts',
  'secretjs',
  'osmojs',
  '@terra-money/terra.js',
  '@polkadot/extension-dapp',
  '@subsquid/evm-processor',
  '@near-wallet-selector/core',
  'aptos',
  '@suiet/wallet-kit',
  '@mysten/zklogin',
  '@cetusprotocol/cetus-sui-clmm-sdk',
  '@taquito/beacon-wallet',
  '@airgap/beacon-sdk',
  '@perawallet/connect',
  '@txnlab/use-wallet',
  '@algorandfoundation/algokit-utils',
  '@emurgo/cardano-serialization-lib-nodejs',
  'lucid-cardano',
  '@meshsdk/core',
  'starknetkit',
  '@avnu/avnu-sdk',
  'zksync-web3',
  '@eth-optimism/contracts',
  '@eth-optimism/core-utils',
  '@arbitrum/nitro-contracts',
  '@stacks/transactions',
  '@stacks/connect',
  '@kadena/client',
  'o1js',
  '@radixdlt/radix-dapp-toolkit',
  '@zilliqa-js/zilliqa',
  '@vechain/connex',
  '@oasisprotocol/sapphire-paratime',
  '@ston-fi/sdk',
  '@dedust/sdk',
  '@uniswap/v2-sdk',
  '@uniswap/v4-sdk',
  '@0x/protocol-utils',
  '@aave/math-utils',
  '@balancer/sdk',
  '@gearbox-protocol/sdk',
  '@drift-labs/sdk',
  '@marinade.finance/marinade-ts-sdk',
  '@kamino-finance/klend-sdk',
  '@meteora-ag/dlmm',
  '@project-serum/serum',
  '@polymarket/clob-client',
  '@hop-protocol/sdk',
  '@connext/sdk',
  '@synapseprotocol/sdk',
  '@rarible/sdk',
  '@looksrare/sdk',
  'nft.storage',
  '@web3-storage/w3up-client',
  '@lighthouse-web3/sdk',
  'ipfs-http-client',
  '@tableland/sdk',
  '@ceramicnetwork/http-client',
  '@xmtp/xmtp-js',
  '@push-protocol/restapi',
  '@api3/contracts',
  '@uma/sdk',
  '@pythnetwork/pyth-evm-js',
  '@switchboard-xyz/on-demand',
  '@bandprotocol/bandchain.js',
  '@flashbots/ethers-provider-bundle',
  '@flashbots/mev-share-client',
  'helius-sdk',
  'etherscan-api',
  '@mempool/mempool.js',
  '@scure/btc-signer',
  'ecpair',
  '@openzeppelin/merkle-tree',
  'merkletreejs',
  'snarkjs',
  'circomlibjs',
  '@semaphore-protocol/core',
  '@noir-lang/noir_js',
  'ponder',
  '@ethersproject/providers',
  '@nomicfoundation/hardhat-toolbox',
  '@fireblocks/fireblocks-web3-provider',
  '@magic-ext/oauth',
];

const BATCHES = [
  { packages: BATCH_1, cache: 'crypto-packages', file: 'crypto-package-hosts.txt' },
  { packages: BATCH_2, cache: 'crypto-packages-2', file: 'crypto-package-hosts-2.txt' },
  { packages: BATCH_3, cache: 'crypto-packages-3', file: 'crypto-package-hosts-3.txt' },
];

function install(dir: string, packages: string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"name":"crypto-packages","version":"1.0.0","private":true}\n');
  const npm = (names: string[]): void => {
    const flags = ['--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps'];
    execFileSync('npm', ['install', ...flags, ...names], { cwd: dir, stdio: 'ignore' });
  };
  for (let i = 0; i < packages.length; i += 10) {
    const group = packages.slice(i, i + 10);
    try {
      npm(group);
    } catch {
      for (const p of group) {
        try {
          npm([p]);
        } catch {
          console.error(`skipped ${p}: npm could not install it`);
        }
      }
    }
  }
}

const argAt = process.argv.indexOf('--batch');
const batchNo = argAt > 0 ? Number(process.argv[argAt + 1]) : 1;
const batch = BATCHES[batchNo - 1];
if (batch === undefined) throw new Error('--batch must be 1, 2 or 3');
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'benchmarks/.cache', batch.cache);
if (process.argv.includes('--install')) install(dir, batch.packages);
// Hosts the other negative groups (and earlier batches) already hold stay theirs (one host, one group).
const others = legitimateNegatives(root, path.resolve(root, '../shared/datasets/screening/legitimate-hosts.txt'), {
  cryptoBatches: batchNo - 1,
});
const hosts = [...packageDocHosts(dir, { systemDocs: false })].filter((h) => !others.has(h)).sort();
const out = path.join(root, 'benchmarks/negatives', batch.file);
const header =
  `# hosts named in the docs of ${batch.packages.length} crypto packages (batch ${batchNo}) and their dependencies\n` +
  `# rebuilt by: node --import tsx benchmarks/crypto-package-hosts.ts --batch ${batchNo} --install\n`;
writeFileSync(out, header + hosts.join('\n') + '\n');
console.log(`${hosts.length} hosts written to ${path.relative(root, out)}`);
