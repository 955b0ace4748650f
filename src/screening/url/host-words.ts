/**
 * Word lists for host-name heuristics (weak signals; docs/screening.md lists them): crypto lure words seen in
 * drainer/phishing host names, TLDs over-represented in phishing lists, and splitting of a host into alphabetic runs.
 */

/** Strong lures: rarely in a legitimate host name, common in drainer campaigns. */
export const STRONG_LURES = [
  'airdrop',
  'claim',
  'reward',
  'giveaway',
  'bonus',
  'presale',
  'eligib',
  'allocation',
  'compensation',
  'refund',
  'rectify',
  'validat',
  'restore',
  'recover',
  'migrat',
  'unlock',
  'whitelist',
  'allowlist',
  'walletconnect',
  'connect',
  'verif',
  'sync',
  'voting',
  'checker',
  'distribution',
  'redeem',
  'rebate',
  'snapshot',
  'revoke',
  'rpcfix',
  'fixwallet',
];
/**
 * Words of the drainer-domain template `<lure>-<project>.<tld>` (claims-walrus.xyz, register-xprnetwork.co,
 * assets-frax.com): strong lures plus words that are only suspicious in that two-part shape.
 */
export const TEMPLATE_WORDS = [
  ...STRONG_LURES,
  'register',
  'registration',
  'asset',
  'proposal',
  'vote',
  'votes',
  'points',
  'event',
  'events',
  'launch',
  'portal',
  'gift',
  'stake',
  'staking',
  'mint',
  'drop',
  'dapp',
  'dapps',
  'app',
];

/** Lures of wallet-software phishing, counted only next to a brand (`ledger-desktop.com`, `metamask-download.app`). */
export const SOFTWARE_LURES = ['desktop', 'download', 'extension', 'install', 'update', 'login', 'signin', 'support'];

/**
 * Words that weigh as phishing only next to a brand (issue 14, eighth pass): `web` is how a fake wallet names itself
 * the brand's web version (phantom-web.app, web-binance.com), and it is also the sector's and the platform's name
 * (web3auth.io, where `web3` is read as `web`, web-platform-tests.org): of the 341,424 blocked hosts of the validation
 * lists, 9,480 hold the run `web`, 4,228 of them in `web3`. The lexical and host models leave these words out of a host
 * that holds no brand, typosquat or confusable (analyze-url.ts); next to one they weigh as learned.
 */
export const BRAND_CONTEXT_WORDS: ReadonlySet<string> = new Set(['web']);

/**
 * Developer-project words: a library's demo, sandbox, playground, example or branch-preview site names its purpose
 * with them (`zod-sandbox.vercel.app`, `<project>-git-<branch>-<team>.vercel.app`), as a service names itself with
 * `rpc` or `docs`. Neutral like the infrastructure words, and on a hosting platform they mark a developer's
 * deployment, which lowers the lexical score (lexical-model.ts, DEV_DEPLOYMENT_WEIGHT) without switching it off.
 */
const DEV_WORDS_LIST = [
  'demo',
  'demos',
  'sandbox',
  'playground',
  'storybook',
  'example',
  'examples',
  'starter',
  'boilerplate',
  'tutorial',
  'react',
  'git',
];
export const DEV_WORDS = new Set(DEV_WORDS_LIST);

/**
 * Words that mark a developer's deployment on a hosting platform (lexical-model.ts, `dev:deployment`): the
 * developer-project words, and the words of a library's documentation site (`<library>-js-docs.vercel.app`,
 * `<sdk>-docs.netlify.app`): a library deploys its reference docs there as it deploys its demo. Rare in phishing
 * on those platforms (8 of ~37,000 blocked pages.dev, vercel.app, netlify.app and web.app hosts of the development
 * lists carry docs, doc, sdk or js, most of them next to a brand, which the brand rules weigh on their own).
 */
export const DEPLOYMENT_WORDS = new Set([...DEV_WORDS_LIST, 'docs', 'doc', 'sdk']);

/** Interfaces a chain node serves, named in its endpoints' hosts (part of INFRA_WORDS). */
const NODE_SERVICE_WORDS = [
  'rest',
  'lcd',
  'grpc',
  'jsonrpc',
  'json',
  'ws',
  'wss',
  'websocket',
  'endpoint',
  'endpoints',
  'p2p',
  'sentry',
  'archival',
  'fullnode',
];

/**
 * Chain-infrastructure words: explorers, RPC nodes, faucets, gateways and docs of thousands of legitimate chain
 * hosts carry them, and allow-lists of dapps never do, so a model learned from those lists reads them as phishing.
 * They are neutral: no lure points, no vocabulary, and the lexical model clamps their weight to <= 0.
 */
export const INFRA_WORDS = new Set([
  'mainnet',
  'testnet',
  'devnet',
  'explorer',
  'explore',
  'gateway',
  'faucet',
  'docs',
  'doc',
  'rpc',
  'rpcs',
  'scan',
  'scanner',
  'bridge',
  'node',
  'nodes',
  'api',
  'apis',
  'status',
  'sepolia',
  'goerli',
  'holesky',
  'hoodi',
  'archive',
  'indexer',
  'graph',
  'subgraph',
  'validator',
  'validators',
  'beacon',
  'evm',
  'chain',
  'chains',
  'network',
  'blockscout',
  'block',
  'blocks',
  'rollup',
  'sequencer',
  'dataseed',
  'public',
  'stats',
  'dev',
  'developer',
  'developers',
  'sdk',
  'relay',
  'relayer',
  'oracle',
  'zkevm',
  'layer',
  'test',
  'tests',
  'staging',
  'stage',
  'preview',
  // the interfaces a chain node serves (issue 14, twelfth pass): CometBFT RPC, the Cosmos SDK's REST (LCD) and gRPC
  // APIs, EVM JSON-RPC, WebSocket, peer-to-peer and sentry nodes; validators name their endpoints with them
  // (`dydx-mainnet-lcd.<operator>.com`, `rest-regen.<operator>.com`, `saga-grpc.<operator>.net`)
  ...NODE_SERVICE_WORDS,
  ...DEV_WORDS_LIST,
]);

/**
 * Code-hosting platforms whose site label is the account of an organisation or a person on the code host
 * (`<org>.github.io` is the site of the GitHub account `org`); pages there are published from repositories.
 */
export const CODE_HOSTS = new Set(['github.io', 'gitlab.io']);

/** Documentation platforms whose site label is the name of a project's docs space (brand-anchors.ts, accounts). */
export const DOCS_HOSTS = new Set(['gitbook.io', 'readthedocs.io']);

/**
 * Words that name an organisation next to a project's name in its code-host account (`aptos-labs`,
 * `solana-foundation`, `lens-protocol`): GitHub organisations are named so by convention. Since issue 14's seventh
 * pass also the words of a company's developer or product organisation (`binance-docs`, `bybit-exchange`,
 * `<brand>-dev`, `<brand>-sdk`): chosen as the words organisations use for their docs, developer and engineering
 * accounts, then counted in the development lists (blocked hosts first seen before 2025-06-01 and MetaMask's
 * block-list): of 451 blocked github.io / gitlab.io hosts, 16 are `<curated brand>-<word>`, none with one of these
 * words (they use airdrop, claim, verify, guard, market, finance, foundations, typos such as `exnge`, `vallet`).
 */
export const ORG_WORDS = new Set([
  'foundation',
  'labs',
  'lab',
  'protocol',
  'org',
  'team',
  'hq',
  'dao',
  'project',
  'xyz',
  'docs',
  'doc',
  'dev',
  'devs',
  'developers',
  'sdk',
  'exchange',
  'network',
  'tech',
  'engineering',
  'research',
  'oss',
]);

/**
 * Two-letter tokens that are words of a name, not a campaign's random tag or a second name: languages and runtimes
 * (`immutable-js`, `web3-py`), interface and platform words.
 */
export const TECH_TOKENS = new Set([
  'js',
  'ts',
  'py',
  'go',
  'rs',
  'rb',
  'ui',
  'ux',
  'db',
  'io',
  'ai',
  'vm',
  'os',
  'hq',
]);
/** Weak lures: common in crypto names, legitimate ones included. */
export const WEAK_LURES = [
  'wallet',
  'swap',
  'stake',
  'staking',
  'defi',
  'dapp',
  'mint',
  'drop',
  'nft',
  'token',
  'coin',
  'crypto',
  'web3',
  'support',
  'official',
  'secure',
  'portal',
  'launch',
  'finance',
  'pool',
  'yield',
  'vault',
  'dex',
  'event',
  'gift',
  'free',
];

/** TLDs over-represented in phishing lists relative to legitimate sites. */
export const SUSPICIOUS_TLDS = new Set([
  'xyz',
  'top',
  'live',
  'fun',
  'lol',
  'icu',
  'click',
  'cfd',
  'sbs',
  'vip',
  'site',
  'online',
  'website',
  'run',
  'cc',
  'buzz',
  'rest',
  'shop',
  'store',
  'space',
  'cyou',
  'quest',
  'bond',
  'monster',
  'pw',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'work',
  'support',
  'claims',
  'gift',
  'today',
  'world',
  'digital',
  'network',
  'foundation',
  'events',
  'pro',
  'biz',
  'info',
]);

/** Alphabetic runs of the labels left of the public suffix (`app-hyperliquid-s4.com` -> app, hyperliquid, s). */
export function hostRuns(host: string, publicSuffix: string | null): string[] {
  const left =
    publicSuffix !== null && host.endsWith('.' + publicSuffix) ? host.slice(0, -publicSuffix.length - 1) : host;
  return left.split(/[^a-z]+/).filter((r) => r.length > 0);
}

/** Words of `words` found in the runs: substring match for words of 5+ letters, whole-run match for shorter ones. */
export function wordsIn(runs: string[], words: string[]): string[] {
  const found: string[] = [];
  for (const w of words) {
    for (const r of runs) {
      if (w.length >= 5 ? r.includes(w) : r === w) {
        found.push(w);
        break;
      }
    }
  }
  return found;
}
