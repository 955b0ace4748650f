/**
 * Question: how many phishing domains that no list knew yet does URL screening catch by host name alone, at what
 * false-positive rate on legitimate sites, and how fast?
 * Time split on ScamSniffer first_seen.tsv.gz: entries first seen before CUTOFF (default 2025-06-01) plus the
 * MetaMask config and the Phantom lists (snapshot 2025-05-07) are the knowledge; domains first seen on or after
 * CUTOFF are the unseen attacks, scanned by host name without fetching. Negatives: legitimate-hosts.txt.
 * Usage: npm run bench:screening [-- --cutoff 2025-06-01 --limit 0]
 */
import { readFileSync } from 'node:fs';
import { parseList } from '../src/screening/lists/parse-list.ts';
import type { ParsedList } from '../src/screening/lists/list-entry.ts';
import { ScreeningKnowledge } from '../src/screening/knowledge.ts';
import { scanScreening } from '../src/screening/scan.ts';
import { analyzeUrl } from '../src/screening/url/analyze-url.ts';

const D = '/work/shared/datasets/screening/';
const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const CUTOFF = arg('cutoff', '2025-06-01');
const LIMIT = Number(arg('limit', '0'));

const t0 = performance.now();
const firstSeen = parseList('scamsniffer', readFileSync(D + 'scamsniffer/first_seen.tsv.gz'), {
  name: 'scamsniffer-first-seen',
});
const known: ParsedList = {
  ...firstSeen,
  name: `scamsniffer-before-${CUTOFF}`,
  entries: firstSeen.entries.filter((e) => String(e.meta?.firstSeen) < CUTOFF),
};
const lists: ParsedList[] = [
  parseList('metamask', readFileSync(D + 'metamask-eth-phishing-detect/config.json')),
  ...['blocklist', 'eth-blocklist', 'whitelist', 'nft-blocklist'].map((f) =>
    parseList('phantom', readFileSync(`${D}phantom-blocklist/${f}.yaml`), { fileName: `${f}.yaml` }),
  ),
  parseList('tokenlist', readFileSync(D + 'uniswap-default-token-list/uniswap-default.tokenlist.json')),
  known,
];
const tParse = performance.now();
const knowledge = new ScreeningKnowledge(lists);
const tBuild = performance.now();

let unseen = [
  ...new Set(
    firstSeen.entries.filter((e) => e.kind === 'domain' && String(e.meta?.firstSeen) >= CUTOFF).map((e) => e.value),
  ),
];
if (LIMIT > 0) unseen = unseen.filter((_, i) => i % Math.ceil(unseen.length / LIMIT) === 0);
const legit = [
  ...new Set(
    readFileSync(D + 'legitimate-hosts.txt', 'utf8')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

interface Tally {
  n: number;
  warn: number;
  block: number;
  byList: number;
  signals: Map<string, number>;
}
const tally = (): Tally => ({ n: 0, warn: 0, block: 0, byList: 0, signals: new Map() });
const pos = tally();
const neg = tally();
const negNoAllow = tally();
const fpExamples: string[] = [];

async function run(hosts: string[], t: Tally, isNeg: boolean): Promise<void> {
  for (const host of hosts) {
    const r = await scanScreening({ type: 'url', chain: 'evm', value: host }, { knowledge });
    t.n++;
    if (r.verdict === 'warn') t.warn++;
    if (r.verdict === 'block') t.block++;
    if (r.findings.some((f) => f.kind === 'url.blocklisted')) t.byList++;
    if (r.verdict !== 'allow')
      for (const f of r.findings)
        if (f.severity === 'info' || f.kind === 'url.confusable_brand')
          t.signals.set(f.kind, (t.signals.get(f.kind) ?? 0) + 1);
    if (isNeg) {
      const allowed = r.findings.some((f) => f.kind === 'url.allowlisted');
      // the same host judged without any allow-list rescue: what the heuristics alone would do
      if (!allowed) {
        negNoAllow.n++;
        if (r.verdict !== 'allow') {
          negNoAllow.warn++;
          fpExamples.push(
            `${host} [${r.findings
              .filter((f) => f.severity !== 'info')
              .map((f) => f.kind)
              .join(',')}]`,
          );
        }
      }
    }
  }
}

const tScan0 = performance.now();
await run(unseen, pos, false);
const tScan1 = performance.now();
await run(legit, neg, true);
const tScan2 = performance.now();

// heuristics alone on negatives, including allow-listed ones (allow-list switched off by scanning the analyzer
// against a knowledge without allow entries would double the build; instead count heuristic points on a copy)
const noAllow = new ScreeningKnowledge(
  lists.map((l) => ({ ...l, entries: l.entries.filter((e) => e.disposition !== 'allow' || e.kind !== 'domain') })),
);
let heurFp = 0;
const heurFpSignals = new Map<string, number>();
const heurFpExamples: string[] = [];
for (const host of legit) {
  const a = analyzeUrl(host, noAllow);
  const flagged = a.findings.some((f) => f.severity === 'critical' || f.severity === 'high' || f.severity === 'medium');
  if (flagged && !a.blockListed) {
    heurFp++;
    for (const s of a.signals) heurFpSignals.set(s, (heurFpSignals.get(s) ?? 0) + 1);
    if (heurFpExamples.length < 15) heurFpExamples.push(`${host} [${a.signals.join(',')}]`);
  }
}

const pct = (a: number, b: number): string => (b === 0 ? '-' : ((100 * a) / b).toFixed(2) + '%');
const detected = pos.warn + pos.block;
const fp = neg.warn + neg.block;
const scansPerSec = (pos.n + neg.n) / ((tScan2 - tScan0) / 1000);
console.log(`# Screening benchmark: time split at ${CUTOFF}`);
console.log(`lists: ${lists.map((l) => `${l.name}=${l.entries.length}`).join(', ')}`);
console.log(
  `parse ${((tParse - t0) / 1000).toFixed(2)} s, knowledge build ${((tBuild - tParse) / 1000).toFixed(2)} s, ` +
    `${JSON.stringify(knowledge.stats())}`,
);
console.log('');
console.log('| set | hosts | flagged (warn+block) | rate | block | warn | by list entry |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
console.log(
  `| unseen phishing (first seen >= ${CUTOFF}) | ${pos.n} | ${detected} | ${pct(detected, pos.n)} | ${pos.block} | ` +
    `${pos.warn} | ${pos.byList} |`,
);
console.log(
  `| legitimate-hosts.txt | ${neg.n} | ${fp} | ${pct(fp, neg.n)} | ${neg.block} | ${neg.warn} | ${neg.byList} |`,
);
console.log(
  `| legitimate, not on an allow-list | ${negNoAllow.n} | ${negNoAllow.warn} | ${pct(negNoAllow.warn, negNoAllow.n)} ` +
    `| | | |`,
);
console.log(
  `| legitimate, heuristics with allow-lists off | ${legit.length} | ${heurFp} | ${pct(heurFp, legit.length)} | | | |`,
);
console.log('');
console.log('| signal (in flagged scans) | unseen phishing | legitimate | legitimate, allow-lists off |');
console.log('|---|---:|---:|---:|');
const keys = new Set([...pos.signals.keys(), ...neg.signals.keys(), ...heurFpSignals.keys()]);
for (const k of [...keys].sort((a, b) => (pos.signals.get(b) ?? 0) - (pos.signals.get(a) ?? 0))) {
  console.log(
    `| ${k} | ${pos.signals.get(k) ?? 0} (${pct(pos.signals.get(k) ?? 0, pos.n)}) | ${neg.signals.get(k) ?? 0} | ` +
      `${heurFpSignals.get(k) ?? 0} |`,
  );
}
console.log('');
console.log(`false positives (full knowledge): ${fpExamples.slice(0, 20).join('; ') || 'none'}`);
console.log(`false positives with allow-lists off (first 15): ${heurFpExamples.join('; ') || 'none'}`);
console.log(
  `scan speed: ${scansPerSec.toFixed(0)} scans/s (host only, no fetch), unseen set ` +
    `${((tScan1 - tScan0) / 1000).toFixed(1)} s`,
);
console.log(
  JSON.stringify({
    cutoff: CUTOFF,
    unseen: pos.n,
    detected,
    detectionRate: +(detected / pos.n).toFixed(4),
    detectedByList: pos.byList,
    detectedByHeuristics: detected - pos.byList,
    blocked: pos.block,
    legitimate: neg.n,
    falsePositives: fp,
    falsePositiveRate: +(fp / neg.n).toFixed(4),
    legitimateNotAllowListed: negNoAllow.n,
    falsePositivesNotAllowListed: negNoAllow.warn,
    heuristicFalsePositivesAllowListsOff: heurFp,
    heuristicFalsePositiveRateAllowListsOff: +(heurFp / legit.length).toFixed(4),
    scansPerSecond: Math.round(scansPerSec),
    knowledgeBuildSeconds: +((tBuild - tParse) / 1000).toFixed(2),
  }),
);
