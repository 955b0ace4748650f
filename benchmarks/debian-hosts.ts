/**
 * Writes batch 10 of the legitimate negatives (issue 14, eleventh pass): the Homepage hosts of Debian's packages,
 * chosen by a rule written down before any of them was scanned or read. npm download ranking, the rule of batches
 * 5-9, was nearly used up (batch 9 had to drop its floor to 500 downloads a month), and the registry's search is not
 * reachable from this machine; Debian's package index is (`apt-get update`, then `apt-cache dumpavail`), and it names
 * a different population: projects a distribution packages, not what npm users download.
 *
 * The rule, per source package (binary packages grouped by their Source field; Homepage is the only URL field of
 * the binary index):
 * - keyword group (negatives/debian-hosts-10-keyword.txt): every source package one of whose binary packages'
 *   descriptions holds, as a whole word, a word of KEYWORDS: the crypto words of the issue (bitcoin, ethereum,
 *   blockchain, wallet ...), cryptography (crypto, cryptographic ...) and the node / RPC infrastructure words
 *   (node.js, rpc, grpc ...). Legitimate hosts whose names may carry the words the screening weighs;
 * - sample group (negatives/debian-hosts-10-sample.txt): of the other source packages, those whose SHA-256 of
 *   `issue-14 batch 10:<source>` starts with a byte below 64, a quarter drawn at random (the other three quarters are
 *   left for later fresh batches).
 * A host that an earlier negative group holds (chain infrastructure, package docs, crypto-package batches 1-9,
 * legitimate-hosts.txt) stays in that group; a host of both groups here stays in the keyword group. Both groups are
 * dealt into a development half and a test half by family (screening-negatives.ts splitOf, familyKey).
 *
 * Batch 14 (issue 14, fifteenth pass; negatives/debian-hosts-14.txt): the Homepage hosts of every other source
 * package, those batch 10 left out (neither in its keyword group nor in its sampled quarter), so thousands of hosts
 * of many families, written down before any of them was scanned or read. A host that an earlier group holds
 * (batches 1-13 included) stays in that group.
 *
 * Usage: node --import tsx benchmarks/debian-hosts.ts [--batch 10|14] [--from FILE] (FILE: saved `apt-cache
 * dumpavail` output; without it the script runs `apt-cache dumpavail`, so run `apt-get update` first). --help: this
 * usage.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostOfUrl, legitimateNegatives } from './screening-negatives.ts';

/** Whole words of a description that put its source package in the keyword group (case-insensitive). */
const KEYWORDS = [
  'bitcoin',
  'ethereum',
  'blockchain',
  'blockchains',
  'cryptocurrency',
  'cryptocurrencies',
  'wallet',
  'wallets',
  'monero',
  'litecoin',
  'web3',
  'solidity',
  'electrum',
  'smart contract',
  'smart contracts',
  'crypto',
  'cryptographic',
  'cryptography',
  'node.js',
  'nodejs',
  'rpc',
  'json-rpc',
  'xml-rpc',
  'grpc',
];

/** A quarter of the other source packages: the first byte of the hash below SAMPLE_BYTE_BELOW. */
const SAMPLE_BYTE_BELOW = 64;

const KEYWORD_RE = new RegExp(`(?<![\\w.-])(${KEYWORDS.map((w) => w.replace(/\./g, '\\.')).join('|')})(?![\\w-])`, 'i');

interface SourcePackage {
  descriptions: string[];
  homepages: Set<string>;
}

/** Source packages of an `apt-cache dumpavail` text: descriptions and Homepage URLs of their binary packages. */
function sourcePackages(dump: string): Map<string, SourcePackage> {
  const out = new Map<string, SourcePackage>();
  for (const stanza of dump.split(/\n\n+/)) {
    const field = (name: string): string | undefined => new RegExp(`^${name}: ?(.*)$`, 'm').exec(stanza)?.[1]?.trim();
    const pkg = field('Package');
    if (pkg === undefined) continue;
    const source = (field('Source') ?? pkg).split(' ')[0];
    const entry = out.get(source) ?? { descriptions: [], homepages: new Set<string>() };
    const desc = /^Description(?:-[\w]+)?: ?(.*(?:\n[ \t].*)*)/m.exec(stanza)?.[1];
    if (desc !== undefined) entry.descriptions.push(desc);
    const home = field('Homepage');
    if (home !== undefined && home !== '') entry.homepages.add(home);
    out.set(source, entry);
  }
  return out;
}

/** Which batch 10 group a source package belongs to, or null when it is not in batch 10. */
function batchGroupOf(source: string, pkg: SourcePackage): 'keyword' | 'sample' | null {
  if (pkg.descriptions.some((d) => KEYWORD_RE.test(d))) return 'keyword';
  return createHash('sha256').update(`issue-14 batch 10:${source}`).digest()[0] < SAMPLE_BYTE_BELOW ? 'sample' : null;
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('usage: node --import tsx benchmarks/debian-hosts.ts [--batch 10|14] [--from FILE]');
  console.log('  writes benchmarks/negatives/debian-hosts-10-keyword.txt and -sample.txt (batch 10, the default) or');
  console.log('  debian-hosts-14.txt (batch 14) from Debian package metadata (`apt-cache dumpavail`, or FILE holding');
  console.log('  its output; run `apt-get update` first)');
  process.exit(0);
}
const batchAt = process.argv.indexOf('--batch');
const batchNo = batchAt > 0 ? Number(process.argv[batchAt + 1]) : 10;
if (batchNo !== 10 && batchNo !== 14) throw new Error('--batch must be 10 or 14');
const fromAt = process.argv.indexOf('--from');
const dump =
  fromAt > 0
    ? readFileSync(process.argv[fromAt + 1], 'utf8')
    : execFileSync('apt-cache', ['dumpavail'], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
const root = path.resolve(import.meta.dirname, '..');
const sources = sourcePackages(dump);
const legitimateHosts = path.resolve(root, '../shared/datasets/screening/legitimate-hosts.txt');

/** Batch 10: the keyword group and the sampled quarter, each its own file. */
function writeBatch10(): void {
  // Hosts the other negative groups already hold stay theirs (one host, one group).
  const others = legitimateNegatives(root, legitimateHosts, { cryptoBatches: 9 });
  const groups = { keyword: new Set<string>(), sample: new Set<string>() };
  const counts = { keyword: 0, sample: 0 };
  for (const [source, pkg] of sources) {
    const g = batchGroupOf(source, pkg);
    if (g === null) continue;
    counts[g]++;
    for (const h of hostsOf(pkg)) if (!others.has(h)) groups[g].add(h);
  }
  for (const h of groups.keyword) groups.sample.delete(h);
  for (const g of ['keyword', 'sample'] as const)
    writeHosts(`debian-hosts-10-${g}.txt`, groups[g], `${counts[g]} Debian source packages of batch 10's ${g} group`);
}

/** Batch 14: every source package batch 10 left out; batches 1-13 (the 14 groups before it) keep their hosts. */
function writeBatch14(): void {
  const others = legitimateNegatives(root, legitimateHosts, { cryptoBatches: 14 });
  const hosts = new Set<string>();
  let count = 0;
  for (const [source, pkg] of sources) {
    if (batchGroupOf(source, pkg) !== null) continue;
    count++;
    for (const h of hostsOf(pkg)) if (!others.has(h)) hosts.add(h);
  }
  writeHosts('debian-hosts-14.txt', hosts, `${count} Debian source packages batch 10 left out (batch 14)`);
}

function hostsOf(pkg: SourcePackage): string[] {
  return [...pkg.homepages].map(hostOfUrl).filter((h): h is string => h !== null);
}

function writeHosts(file: string, hosts: Set<string>, what: string): void {
  const out = path.join(root, 'benchmarks/negatives', file);
  const header =
    `# Homepage hosts of the ${what} (of ${sources.size} in the index)\n` +
    `# rebuilt by: node --import tsx benchmarks/debian-hosts.ts --batch ${batchNo}\n`;
  writeFileSync(out, header + [...hosts].sort().join('\n') + '\n');
  console.log(`${hosts.size} hosts of the ${what} written to ${path.relative(root, out)}`);
}

if (batchNo === 10) writeBatch10();
else writeBatch14();
