/**
 * The validation-only search behind the host-heuristic settings (docs/screening.md, "How the thresholds were
 * chosen"): scans the validation split of bench:screening once, then replays the warn decision for a grid of
 * lexical-model bands and word-score minimums from each host's parts (points of the other signals + the model's
 * score). It never reads the test split. Usage: node --import tsx benchmarks/screening-tune.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseList } from '../src/screening/lists/parse-list.ts';
import { ScreeningKnowledge, hostParts } from '../src/screening/knowledge.ts';
import { HOST_THRESHOLDS, analyzeUrl } from '../src/screening/url/analyze-url.ts';
import { scoreHost } from '../src/screening/url/lexical-model.ts';
import { legitimateNegatives, splitOf } from './screening-negatives.ts';

const D = '/work/shared/datasets/screening/';
const FROM = '2025-03-01';
const TO = '2025-06-01';
const firstSeen = parseList('scamsniffer', readFileSync(D + 'scamsniffer/first_seen.tsv.gz'), { name: 'ss' });
const knowledge = new ScreeningKnowledge([
  parseList('metamask', readFileSync(D + 'metamask-eth-phishing-detect/config.json')),
  ...['blocklist', 'eth-blocklist', 'whitelist', 'nft-blocklist'].map((f) =>
    parseList('phantom', readFileSync(`${D}phantom-blocklist/${f}.yaml`), { fileName: `${f}.yaml` }),
  ),
  parseList('tokenlist', readFileSync(D + 'uniswap-default-token-list/uniswap-default.tokenlist.json')),
  { ...firstSeen, entries: firstSeen.entries.filter((e) => String(e.meta?.firstSeen) < FROM) },
]);
const positives = [
  ...new Set(
    firstSeen.entries
      .filter((e) => e.kind === 'domain' && String(e.meta?.firstSeen) >= FROM && String(e.meta?.firstSeen) < TO)
      .map((e) => e.value),
  ),
];
const negatives = [...legitimateNegatives(path.resolve(import.meta.dirname, '..'), D + 'legitimate-hosts.txt').keys()]
  .filter((h) => splitOf(h) === 'validation')
  .filter((h) => knowledge.lookupHost(h).allowed === null);

interface Row {
  template: boolean;
  other: number;
  strong: boolean;
  score: number;
  wordScore: number;
}
function row(host: string): Row {
  const a = analyzeUrl(host, knowledge);
  const lexPoints = (a.findings.find((f) => f.kind === 'url.lexical_model')?.data?.points as number) ?? 0;
  const tplPoints = (a.findings.find((f) => f.kind === 'url.lure_template')?.data?.points as number) ?? 0;
  const strong = a.findings.some(
    (f) =>
      f.kind !== 'url.suspicious_host' &&
      (f.severity === 'critical' || f.severity === 'high' || f.severity === 'medium'),
  );
  const p = hostParts(a.host);
  const lex = scoreHost(knowledge.lexical, a.host, p.publicSuffix, p.isPrivate);
  return {
    template: tplPoints > 0,
    other: a.points - lexPoints - tplPoints,
    strong,
    score: lex.score,
    wordScore: lex.wordScore,
  };
}
const pos = positives.map(row);
const neg = negatives.map(row);
const flagged = (r: Row, bands: number[], minWord: number, tpl: number): boolean => {
  if (r.strong) return true;
  const pts = r.wordScore >= minWord ? ([5, 3, 2].find((_, i) => r.score >= bands[i]) ?? 0) : 0;
  return r.other + pts + (r.template ? tpl : 0) >= HOST_THRESHOLDS.medium;
};
console.log(`validation: ${pos.length} phishing, ${neg.length} legitimate not allow-listed`);
const fpNow = negatives.filter((h, i) => neg[i].strong || neg[i].other >= HOST_THRESHOLDS.medium);
console.log(`flagged without the model or template: ${fpNow.join(' ')}`);
console.log('| bands (5/3/2 points at score) | min word score | template points | detection | FP | FP hosts |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const tpl of [0, 1, 2, 3])
  for (const b5 of [5, 6, 7, 8])
    for (const b3 of [4, 5, 6])
      for (const b2 of [3, 4])
        for (const minWord of [1, 2, 3]) {
          if (!(b5 > b3 && b3 > b2)) continue;
          const bands = [b5, b3, b2];
          const d = pos.filter((r) => flagged(r, bands, minWord, tpl)).length;
          const f = neg.filter((r) => flagged(r, bands, minWord, tpl)).length;
          console.log(
            `| ${bands.join('/')} | ${minWord} | ${tpl} | ${((100 * d) / pos.length).toFixed(2)}% | ` +
              `${((100 * f) / neg.length).toFixed(2)}% | ${f} |`,
          );
        }
