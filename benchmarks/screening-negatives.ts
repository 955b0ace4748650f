/**
 * Legitimate hosts for false-positive measurement that no allow-list covers by construction, assembled from package
 * data on this machine (no labelled list is fetched):
 * - chain infrastructure: RPC, WebSocket, explorer and explorer-API hosts of every chain viem/chains defines;
 * - package docs: hosts of URLs in README / docs files of node_modules and /usr/share/doc, and package.json
 *   homepage / repository / bugs URLs;
 * - crypto package docs: the same, for the npm packages of crypto SDKs and their dependencies (committed snapshots,
 *   benchmarks/negatives/crypto-package-hosts.txt for batch 1, crypto-package-hosts-2.txt to -9.txt for
 *   batches 2-9, fresh sets of other packages; rebuilt by benchmarks/crypto-package-hosts.ts);
 * - legitimate-hosts.txt of ../shared (top sites, MetaMask's test data; allow-listed ones are left out later).
 * - batch 10 (issue 14, eleventh pass): Homepage hosts of Debian packages (benchmarks/debian-hosts.ts), a keyword
 *   group and a random sample group;
 * - batch 11 (issue 14, twelfth pass): hosts of the URLs in the chain data of npm's chain registries
 *   (benchmarks/chain-registry-hosts.ts): RPC, REST and WebSocket endpoints, explorers, faucets, chain sites;
 * - batch 12 (thirteenth pass): the same from the files of eight other registries (Substrate endpoints, Hyperlane,
 *   SubWallet, LI.FI ...);
 * - batch 13 (fourteenth pass): the same from the files of fifteen more registries of chains, coins, networks and
 *   wallets (Particle, BitGo, PancakeSwap, Substrate chain specs, SQD, Ledger, Hop, Stargate, Dynamic's wallet book
 *   ...);
 * - batch 14 (fifteenth pass): the Homepage hosts of the Debian source packages batch 10 left out, and the hosts in
 *   the files of registries of sites of every kind (brands' pages, oEmbed providers, licenses, web technologies,
 *   wallets).
 * Each host goes to the validation or the test half by a hash of its registrable domain (batches 3 to 10: of its
 * family, familyKey), so the subdomains of one site never straddle the split. Since issue 14's fifteenth pass every
 * half of batches 1-13 and the older groups has been seen and is development data; batch 14's test halves are the
 * test set, its validation halves development data (roleOf).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as chains from 'viem/chains';
import { hostParts } from '../src/screening/knowledge.ts';

export type NegativeGroup =
  | 'chain-infrastructure'
  | 'package-docs'
  | 'crypto-package-docs'
  | 'crypto-package-docs-2'
  | 'crypto-package-docs-3'
  | 'crypto-package-docs-4'
  | 'crypto-package-docs-5'
  | 'crypto-package-docs-6'
  | 'crypto-package-docs-7'
  | 'crypto-package-docs-8'
  | 'crypto-package-docs-9'
  | 'debian-homepages-10-keyword'
  | 'debian-homepages-10-sample'
  | 'chain-registries-11'
  | 'chain-registries-12'
  | 'chain-registries-13'
  | 'debian-homepages-14'
  | 'site-registries-14'
  | 'legitimate-hosts.txt';

const CRYPTO_PACKAGE_HOSTS: Array<[string, NegativeGroup]> = [
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts.txt'), 'crypto-package-docs'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-2.txt'), 'crypto-package-docs-2'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-3.txt'), 'crypto-package-docs-3'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-4.txt'), 'crypto-package-docs-4'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-5.txt'), 'crypto-package-docs-5'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-6.txt'), 'crypto-package-docs-6'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-7.txt'), 'crypto-package-docs-7'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-8.txt'), 'crypto-package-docs-8'],
  [path.resolve(import.meta.dirname, 'negatives/crypto-package-hosts-9.txt'), 'crypto-package-docs-9'],
  // Batch 10 (issue 14, eleventh pass): Debian packages' Homepage hosts (benchmarks/debian-hosts.ts).
  [path.resolve(import.meta.dirname, 'negatives/debian-hosts-10-keyword.txt'), 'debian-homepages-10-keyword'],
  [path.resolve(import.meta.dirname, 'negatives/debian-hosts-10-sample.txt'), 'debian-homepages-10-sample'],
  // Batch 11 (issue 14, twelfth pass): hosts in the data of npm's chain registries (chain-registry-hosts.ts).
  [path.resolve(import.meta.dirname, 'negatives/chain-registry-hosts-11.txt'), 'chain-registries-11'],
  // Batch 12 (thirteenth pass): hosts in the files of four other chain registries (chain-registry-hosts.ts).
  [path.resolve(import.meta.dirname, 'negatives/chain-registry-hosts-12.txt'), 'chain-registries-12'],
  // Batch 13 (fourteenth pass): hosts in the files of fifteen more registries (chain-registry-hosts.ts --batch 13).
  [path.resolve(import.meta.dirname, 'negatives/chain-registry-hosts-13.txt'), 'chain-registries-13'],
  // Batch 14 (fifteenth pass): the Homepage hosts of the Debian source packages batch 10 left out (debian-hosts.ts
  // --batch 14), and the hosts in the files of registries of sites of every kind (chain-registry-hosts.ts --batch 14).
  [path.resolve(import.meta.dirname, 'negatives/debian-hosts-14.txt'), 'debian-homepages-14'],
  [path.resolve(import.meta.dirname, 'negatives/site-registry-hosts-14.txt'), 'site-registries-14'],
];

/** Groups dealt by family (familyKey) instead of registrable domain; the older groups keep their halves. */
const FAMILY_SPLIT_GROUPS = new Set<NegativeGroup>([
  'crypto-package-docs-3',
  'crypto-package-docs-4',
  'crypto-package-docs-5',
  'crypto-package-docs-6',
  'crypto-package-docs-7',
  'crypto-package-docs-8',
  'crypto-package-docs-9',
  'debian-homepages-10-keyword',
  'debian-homepages-10-sample',
  'chain-registries-11',
  'chain-registries-12',
  'chain-registries-13',
  'debian-homepages-14',
  'site-registries-14',
]);

/**
 * The unseen groups (issue 14, fifteenth pass): batch 14, the Homepage hosts of the Debian source packages batch 10
 * left out and the hosts in the files of registries of sites of every kind, each dealt by family into a development
 * half (splitOf `validation`: seen, rules may be chosen on it) and a test half (scanned once). Every other negative,
 * batch 13's test half included (the fourteenth pass's test set, whose 4 false positives were named), has been seen
 * and is development data.
 */
export const FRESH_GROUPS: ReadonlySet<NegativeGroup> = new Set<NegativeGroup>([
  'debian-homepages-14',
  'site-registries-14',
]);

/** Where a negative stands: development (seen: choose settings on it) or the fresh test set (scan once). */
export const roleOf = (host: string, group: NegativeGroup): 'development' | 'test' =>
  FRESH_GROUPS.has(group) && splitOf(host, group) === 'test' ? 'test' : 'development';

/** The host of a URL in docs or package metadata, or null for IPs, localhost and bare names. */
export const hostOfUrl = (u: string): string | null => {
  try {
    const h = new URL(u.replace(/^git\+/, '').replace(/^git:/, 'https:')).hostname.toLowerCase();
    return h.includes('.') && !/^[\d.]+$/.test(h) && h !== 'localhost' && !h.startsWith('[') ? h : null;
  } catch {
    return null;
  }
};

export function chainInfrastructureHosts(): Set<string> {
  const out = new Set<string>();
  for (const c of Object.values(chains) as Array<Record<string, any>>) {
    if (c === null || typeof c !== 'object' || typeof c.id !== 'number') continue;
    const urls: string[] = [];
    for (const r of Object.values(c.rpcUrls ?? {}) as Array<{ http?: string[]; webSocket?: string[] }>)
      urls.push(...(r.http ?? []), ...(r.webSocket ?? []));
    for (const e of Object.values(c.blockExplorers ?? {}) as Array<{ url?: string; apiUrl?: string }>)
      urls.push(...[e.url, e.apiUrl].filter((x): x is string => typeof x === 'string'));
    for (const u of urls) {
      const h = hostOfUrl(u);
      if (h) out.add(h);
    }
  }
  return out;
}

function filesUnder(dir: string, depth: number, out: string[]): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    const p = path.join(dir, n);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory() && depth > 0 && n !== 'test' && n !== 'tests') filesUnder(p, depth - 1, out);
    else if (st.isFile() && st.size < 512 * 1024 && /(readme|changelog|copyright|\.md$|^package\.json$)/i.test(n))
      out.push(p);
  }
}

/** Hosts of URLs in the package docs under root/node_modules and (systemDocs) /usr/share/doc. */
export function packageDocHosts(root: string, opts = { systemDocs: true }): Set<string> {
  const files: string[] = [];
  filesUnder(path.join(root, 'node_modules'), 3, files);
  if (opts.systemDocs) filesUnder('/usr/share/doc', 2, files);
  const out = new Set<string>();
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/https?:\/\/[a-z0-9.-]+\.[a-z]{2,}/gi)) {
      const h = hostOfUrl(m[0]);
      if (h && !h.endsWith('.example') && !h.includes('example.')) out.add(h);
    }
  }
  return out;
}

/**
 * The family a host is dealt with: one organisation's hosts, so that a family of false positives never straddles the
 * split (it is wholly seen or wholly unseen). On a PSL private-section platform (github.io, vercel.app ...) the
 * account's first hyphen-separated word (`web3auth` for web3auth-foundation.github.io); elsewhere the registrable
 * label without its suffix (`web3auth` for docs.web3auth.io), so an organisation's domain and its platform accounts
 * go together.
 */
export function familyKey(host: string): string {
  const p = hostParts(host);
  if (p.domain === null || p.publicSuffix === null) return host;
  const label = p.domain.slice(0, -(p.publicSuffix.length + 1));
  return p.isPrivate ? (label.split('-').find((w) => w !== '') ?? label) : label;
}

/**
 * Validation or test half of a host: by its registrable domain for the groups of the earlier passes (their halves
 * were fixed then and their test halves scanned), by its family (familyKey) for the groups in FAMILY_SPLIT_GROUPS.
 */
export function splitOf(host: string, group?: NegativeGroup): 'validation' | 'test' {
  const key =
    group !== undefined && FAMILY_SPLIT_GROUPS.has(group) ? familyKey(host) : (hostParts(host).domain ?? host);
  return createHash('sha256').update(key).digest()[0] % 2 === 0 ? 'validation' : 'test';
}

const hostLines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l !== '' && !l.startsWith('#'));

export function legitimateNegatives(
  root: string,
  legitimateHostsFile: string,
  opts = { cryptoBatches: CRYPTO_PACKAGE_HOSTS.length },
): Map<string, NegativeGroup> {
  const out = new Map<string, NegativeGroup>();
  for (const h of chainInfrastructureHosts()) out.set(h, 'chain-infrastructure');
  for (const h of packageDocHosts(root)) if (!out.has(h)) out.set(h, 'package-docs');
  for (const [file, group] of CRYPTO_PACKAGE_HOSTS.slice(0, opts.cryptoBatches))
    for (const h of existsSync(file) ? hostLines(file) : []) if (!out.has(h)) out.set(h, group);
  for (const h of hostLines(legitimateHostsFile)) if (!out.has(h)) out.set(h, 'legitimate-hosts.txt');
  return out;
}
