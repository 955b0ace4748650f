/**
 * Brand anchors for impersonation checks: brand token -> the registrable domains that legitimately carry it.
 * Two sources: a curated set of crypto brands (wallets, exchanges, dapps, chains) with their official domains, and
 * tokens learned from the allow-lists: the label of an allowed registrable domain (6+ letters, not a look-alike of
 * a curated brand) that occurs inside at
 * least MIN_BLOCKED_MENTIONS blocked host names, i.e. a legitimate name that phishers actually use. Fuzzy distance to
 * every allow-listed name (MetaMask's fuzzylist approach) is not used: it flagged many unrelated legitimate sites.
 */
import { parse as parseHost } from 'tldts';
import { skeleton } from './confusables.ts';
import { CODE_HOSTS, DOCS_HOSTS, ORG_WORDS } from './host-words.ts';

export interface Brand {
  token: string;
  domains: Set<string>;
  source: 'curated' | 'allow-list';
  skeleton: string;
  /** A chain's name: explorers, RPC providers and ecosystem projects carry it legitimately (CHAIN_BRANDS). */
  chain: boolean;
}
export interface BrandAnchors {
  tokens: Map<string, Brand>;
  lengths: number[];
}

export const MIN_BLOCKED_MENTIONS = 10;

export const CURATED: Readonly<Record<string, string[]>> = {
  metamask: ['metamask.io', 'metamask.github.io'],
  opensea: ['opensea.io'],
  uniswap: ['uniswap.org'],
  phantom: ['phantom.app', 'phantom.com'],
  coinbase: ['coinbase.com'],
  binance: ['binance.com', 'binance.us'],
  ledger: ['ledger.com'],
  trezor: ['trezor.io'],
  pancakeswap: ['pancakeswap.finance'],
  sushiswap: ['sushi.com'],
  aave: ['aave.com'],
  lido: ['lido.fi'],
  arbitrum: ['arbitrum.io', 'arbitrum.foundation'],
  optimism: ['optimism.io'],
  blur: ['blur.io'],
  magiceden: ['magiceden.io'],
  raydium: ['raydium.io'],
  solana: ['solana.com'],
  ethereum: ['ethereum.org'],
  etherscan: ['etherscan.io'],
  walletconnect: ['walletconnect.com', 'walletconnect.network', 'reown.com'],
  trustwallet: ['trustwallet.com'],
  rabby: ['rabby.io'],
  zksync: ['zksync.io'],
  starknet: ['starknet.io'],
  layerzero: ['layerzero.network'],
  eigenlayer: ['eigenlayer.xyz'],
  hyperliquid: ['hyperliquid.xyz'],
  pendle: ['pendle.finance'],
  kraken: ['kraken.com'],
  bybit: ['bybit.com'],
  kucoin: ['kucoin.com'],
  okx: ['okx.com'],
  myetherwallet: ['myetherwallet.com'],
  gnosis: ['gnosis.io'],
  chainlink: ['chain.link'],
  dydx: ['dydx.exchange'],
  makerdao: ['makerdao.com'],
  jito: ['jito.network'],
  solflare: ['solflare.com'],
  meteora: ['meteora.ag'],
  kamino: ['kamino.finance'],
  pumpfun: ['pump.fun'],
  tensor: ['tensor.trade'],
  ronin: ['roninchain.com'],
  zora: ['zora.co'],
  linea: ['linea.build'],
  celestia: ['celestia.org'],
  tonkeeper: ['tonkeeper.com'],
  stargate: ['stargate.finance'],
  debank: ['debank.com'],
  blast: ['blast.io'],
  polymarket: ['polymarket.com'],
  jupiter: ['jup.ag'],
  exodus: ['exodus.com'],
  safepal: ['safepal.com'],
  lens: ['lens.xyz', 'lens.dev'],
  ens: ['ens.domains'],
  scroll: ['scroll.io'],
  mantle: ['mantle.xyz'],
  berachain: ['berachain.com'],
  ethena: ['ethena.fi'],
  wormhole: ['wormhole.com'],
  friendtech: ['friend.tech'],
  base: ['base.org'],
};
/**
 * Chain names among the curated brands: third parties build on a chain under its name (arbitrum.llamarpc.com,
 * optimism-mainnet.public.blastapi.io, solanabeach.io), so the name alone is weak evidence of impersonation.
 */
export const CHAIN_BRANDS = new Set([
  'arbitrum',
  'optimism',
  'solana',
  'ethereum',
  'zksync',
  'starknet',
  'linea',
  'scroll',
  'mantle',
  'blast',
  'berachain',
  'celestia',
  'ronin',
  'base',
  'gnosis',
]);

/** Common words that are brand names too: matched only as a whole run, never inside a longer word. */
const COMMON = new Set([
  'ledger',
  'phantom',
  'blur',
  'lido',
  'optimism',
  'tensor',
  'zora',
  'linea',
  'blast',
  'jupiter',
  'exodus',
  'lens',
  'ens',
  'scroll',
  'mantle',
  'base',
  'ronin',
  'kraken',
  'stargate',
  'celestia',
]);
const GENERIC = new Set([
  'wallet',
  'crypto',
  'token',
  'coins',
  'money',
  'games',
  'google',
  'world',
  'store',
  'online',
  'global',
  'network',
  'finance',
  'capital',
  'digital',
  'media',
  'group',
  'market',
  'trade',
  'swap',
]);

export function buildBrandAnchors(allowedHosts: Iterable<string>, blockedHosts: Iterable<string>): BrandAnchors {
  const tokens = new Map<string, Brand>();
  for (const [token, domains] of Object.entries(CURATED))
    tokens.set(token, {
      token,
      domains: new Set(domains),
      source: 'curated',
      skeleton: skeleton(token),
      chain: CHAIN_BRANDS.has(token),
    });
  const candidates = new Map<string, Set<string>>();
  for (const host of allowedHosts) {
    const p = parseHost(host, { allowPrivateDomains: true });
    if (p.domain === null || p.domainWithoutSuffix === null || p.isPrivate === true) continue;
    const label = p.domainWithoutSuffix;
    const brand = tokens.get(label);
    if (brand) {
      brand.domains.add(p.domain);
      continue;
    }
    if (!/^[a-z]{6,}$/.test(label) || GENERIC.has(label) || label.includes('crypt')) continue;
    const set = candidates.get(label) ?? new Set<string>();
    set.add(p.domain);
    candidates.set(label, set);
  }
  const lengths = new Set<number>();
  for (const c of candidates.keys()) lengths.add(c.length);
  const counts = new Map<string, number>();
  for (const host of blockedHosts) {
    const seen = new Set<string>();
    for (const run of host.split(/[^a-z]+/)) {
      for (const len of lengths) {
        for (let i = 0; i + len <= run.length; i++) {
          const sub = run.slice(i, i + len);
          if (candidates.has(sub) && !seen.has(sub)) {
            seen.add(sub);
            counts.set(sub, (counts.get(sub) ?? 0) + 1);
          }
        }
      }
    }
  }
  const curated = [...tokens.values()];
  for (const [label, n] of counts) {
    // skip the look-alikes that allow-lists carry as fuzzy-match exemptions (metamasks.com, opensee.io, ...)
    if (curated.some((b) => b.token !== label && (label.includes(b.token) || editDistance(label, b.token) <= 2)))
      continue;
    if (n >= MIN_BLOCKED_MENTIONS)
      tokens.set(label, {
        token: label,
        domains: candidates.get(label) as Set<string>,
        source: 'allow-list',
        skeleton: skeleton(label),
        chain: false,
      });
  }
  return { tokens, lengths: [...new Set([...tokens.keys()].map((t) => t.length))] };
}

/** True for common-word brands (matched only as whole runs). */
export const isCommonWordBrand = (token: string): boolean => COMMON.has(token);

export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * Brand tokens found in alphabetic runs: curated brands of 6+ letters also inside a longer run (`uniswapconnect`),
 * common-word brands and brands learned from allow-lists only as a whole run.
 */
export function brandsIn(runs: string[], anchors: BrandAnchors): Brand[] {
  const out = new Map<string, Brand>();
  for (const run of runs) {
    const whole = anchors.tokens.get(run);
    if (whole) out.set(whole.token, whole);
    for (const len of anchors.lengths) {
      if (len < 6 || len >= run.length) continue;
      for (let i = 0; i + len <= run.length; i++) {
        const b = anchors.tokens.get(run.slice(i, i + len));
        if (b && b.source === 'curated' && !COMMON.has(b.token)) out.set(b.token, b);
      }
    }
  }
  return [...out.values()];
}

/** True when the registrable domain is one of the brand's own (or a subdomain of one). */
export function ownedBy(domain: string | null, brand: Brand): boolean {
  return domain !== null && brand.domains.has(domain);
}

/**
 * Platforms whose site label is an account name held by one owner: code hosting (`<org>.github.io` is the site of
 * the GitHub account `org`) and the app-link services whose link domain `<app>.app.link` (Branch),
 * `<app>.onelink.me` (AppsFlyer) or `<app>.page.link` (Firebase) is the name its customer registered. Brands hold
 * their own name there (the loaded allow-lists name metamask.github.io; the docs of crypto packages link
 * metamask.app.link), so the brand's exact name as the whole account label is the brand's own site; any other label
 * carrying the brand (`metamask-wallet.github.io`) is not. Deploy platforms (vercel.app, web.app, pages.dev) name
 * projects first come, first served, so they get no such pass. The code-hosting ones are PSL private suffixes (the
 * account label is the registrable label); the app-link ones are not (the account label is the subdomain). The
 * documentation platforms (DOCS_HOSTS: `<project>.gitbook.io`, `<project>.readthedocs.io`) name a project's docs
 * space the same way: a project publishes its docs under its own name (hyperliquid.gitbook.io). Phishing there
 * decorates the name instead: of 586 blocked gitbook.io hosts in the development lists one is a brand's exact name
 * (metamask.gitbook.io), the rest look like `metamask-login-1`, `spport-metamask`, which stay impersonation.
 */
const ACCOUNT_PLATFORMS = new Set(['github.io', 'gitlab.io', ...DOCS_HOSTS]);
const APP_LINK_DOMAINS = new Set(['app.link', 'onelink.me', 'page.link']);

/** The account label of a host on an account platform (see ACCOUNT_PLATFORMS), or null. */
export function accountLabel(parts: {
  domain: string | null;
  publicSuffix: string | null;
  subdomain: string;
}): string | null {
  if (parts.domain === null || parts.publicSuffix === null) return null;
  if (ACCOUNT_PLATFORMS.has(parts.publicSuffix)) return parts.domain.slice(0, -parts.publicSuffix.length - 1);
  if (APP_LINK_DOMAINS.has(parts.domain) && parts.subdomain !== '') return parts.subdomain.split('.').at(-1) ?? null;
  return null;
}

/** True when the host is the brand's own account site on an account platform (see ACCOUNT_PLATFORMS). */
export function ownAccount(
  parts: { domain: string | null; publicSuffix: string | null; subdomain: string },
  brand: Brand,
): boolean {
  const label = accountLabel(parts);
  if (label === brand.token) return true;
  // `<brand>-foundation.github.io`: the organisation account of the project on the code host; `<brand>-wallet` on an
  // app-link service: the link name of the brand's app, named as apps are (Coinbase Wallet, Trust Wallet)
  const [name, word, ...rest] = label?.split('-') ?? [];
  if (rest.length > 0 || name !== brand.token || word === undefined) return false;
  if (parts.publicSuffix !== null && CODE_HOSTS.has(parts.publicSuffix)) return ORG_WORDS.has(word);
  return isAppLink(parts.domain) && (ORG_WORDS.has(word) || APP_WORDS.has(word));
}

/** Words that name a brand's app next to the brand on an app-link service (`coinbase-wallet.onelink.me`). */
const APP_WORDS = new Set(['wallet', 'app', 'mobile']);

/**
 * True on an app-link service (app.link, onelink.me, page.link): each subdomain is another customer's link name, so
 * blocked siblings there say nothing of a host (knowledge-level siblings are skipped, analyze-url.ts).
 */
export const isAppLink = (domain: string | null): boolean => domain !== null && APP_LINK_DOMAINS.has(domain);
