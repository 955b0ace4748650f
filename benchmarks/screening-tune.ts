/**
 * The validation-only fit behind the host model (src/screening/url/host-model.ts, docs/screening.md "Host model"):
 * builds the validation knowledge of bench:screening (lists before 2025-03-01), computes the model inputs of the
 * validation positives (domains first seen 2025-03-01 .. 2025-05-31) and of the development negatives (every
 * legitimate host but the unseen test half of the fresh batch (batch 10's, Debian homepages, since the eleventh
 * pass), screening-negatives.ts roleOf; both without list-covered or contested hosts, as in the benchmark's
 * headline), then
 * - fits an L2-regularised logistic regression in 5 folds by registrable domain and scores each fold out of fold;
 * - picks, for each negative class weight, the lowest warn logit whose out-of-fold false positives (rules or model)
 *   stay within FP_BUDGET, and reports detection there;
 * - refits on all of validation with the chosen class weight and prints the HOST_MODEL block to paste.
 * It never reads the test split (test positives, the fresh batch).
 * Usage: node --import tsx benchmarks/screening-tune.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseList } from '../src/screening/lists/parse-list.ts';
import { ScreeningKnowledge, hostParts } from '../src/screening/knowledge.ts';
import { HOST_THRESHOLDS, analyzeUrl } from '../src/screening/url/analyze-url.ts';
import { HOST_MODEL_FEATURES, type HostModelInput } from '../src/screening/url/host-model.ts';
import { decideVerdict } from '../src/screening/verdict.ts';
import { legitimateNegatives, roleOf } from './screening-negatives.ts';

const D = '/work/shared/datasets/screening/';
const FROM = '2025-03-01';
const TO = '2025-06-01';
/**
 * Out-of-fold false-positive rate (rules and model together) the warn level may reach: the issue's 0.3% goal. It was
 * half the goal while the development negatives were validation halves only; since issue 14's fifth pass they hold
 * the old test halves too, whose hard families the rules alone put at 0.25%, which left the model no room at half
 * the goal (detection 38.4%, under the 40% goal).
 */
const FP_BUDGET = 0.003;
/** The detection goal: the warn level never leaves out-of-fold detection under it (see choose). */
const DETECTION_GOAL = 0.4;
const FOLDS = 5;
const L2 = 1;
const NEG_WEIGHTS = [1, 3, 10, 30];

const firstSeen = parseList('scamsniffer', readFileSync(D + 'scamsniffer/first_seen.tsv.gz'), { name: 'ss' });
const knowledge = new ScreeningKnowledge([
  parseList('metamask', readFileSync(D + 'metamask-eth-phishing-detect/config.json')),
  ...['blocklist', 'eth-blocklist', 'whitelist', 'nft-blocklist'].map((f) =>
    parseList('phantom', readFileSync(`${D}phantom-blocklist/${f}.yaml`), { fileName: `${f}.yaml` }),
  ),
  parseList('tokenlist', readFileSync(D + 'uniswap-default-token-list/uniswap-default.tokenlist.json')),
  { ...firstSeen, entries: firstSeen.entries.filter((e) => String(e.meta?.firstSeen) < FROM) },
]);
const positives = new Set(
  firstSeen.entries
    .filter((e) => e.kind === 'domain' && String(e.meta?.firstSeen) >= FROM && String(e.meta?.firstSeen) < TO)
    .map((e) => e.value),
);
const legit = legitimateNegatives(path.resolve(import.meta.dirname, '..'), D + 'legitimate-hosts.txt');
const uncovered = (h: string): boolean => {
  const v = knowledge.lookupHost(h);
  return v.allowed === null && v.blocked === null;
};
const pos = [...positives].filter((h) => uncovered(h) && !legit.has(h));
const neg = [...legit]
  .filter(([h, g]) => roleOf(h, g) === 'development' && uncovered(h) && !positives.has(h))
  .map(([h]) => h);

interface Row {
  host: string;
  y: number;
  fold: number;
  ruleFlag: boolean;
  x: number[] | null;
}
function row(host: string, y: number): Row {
  const a = analyzeUrl(host, knowledge);
  const rules = decideVerdict(a.findings.filter((f) => f.kind !== 'url.suspicious_host')).verdict !== 'allow';
  const p = hostParts(a.host);
  const fold =
    createHash('sha256')
      .update(`fold:${p.domain ?? a.host}`)
      .digest()[0] % FOLDS;
  const input: HostModelInput | undefined = a.hostModel?.input;
  return {
    host,
    y,
    fold,
    ruleFlag: rules || a.points >= HOST_THRESHOLDS.medium,
    x: input ? HOST_MODEL_FEATURES.map((f) => input[f]) : null,
  };
}
const rows = [...pos.map((h) => row(h, 1)), ...neg.map((h) => row(h, 0))];
const nf = HOST_MODEL_FEATURES.length;

interface Fit {
  w: number[];
  b: number;
}
/** Logistic regression on standardised features (full-batch gradient descent, deterministic), in raw units. */
function fit(train: Row[], negWeight: number): Fit {
  const xs = train.filter((r) => r.x !== null);
  const mu = new Array(nf).fill(0);
  const sd = new Array(nf).fill(0);
  for (const r of xs) for (let j = 0; j < nf; j++) mu[j] += r.x![j] / xs.length;
  for (const r of xs) for (let j = 0; j < nf; j++) sd[j] += (r.x![j] - mu[j]) ** 2 / xs.length;
  for (let j = 0; j < nf; j++) sd[j] = Math.sqrt(sd[j]) || 1;
  const z = xs.map((r) => r.x!.map((v, j) => (v - mu[j]) / sd[j]));
  const nPos = xs.filter((r) => r.y === 1).length;
  const nNeg = xs.length - nPos;
  const sw = xs.map((r) => (r.y === 1 ? 1 : (negWeight * nPos) / nNeg));
  const w = new Array(nf).fill(0);
  let b = 0;
  for (let it = 0; it < 1500; it++) {
    const g = new Array(nf).fill(0);
    let gb = 0;
    for (let i = 0; i < xs.length; i++) {
      let s = b;
      for (let j = 0; j < nf; j++) s += w[j] * z[i][j];
      const e = (1 / (1 + Math.exp(-s)) - xs[i].y) * sw[i];
      for (let j = 0; j < nf; j++) g[j] += e * z[i][j];
      gb += e;
    }
    for (let j = 0; j < nf; j++) w[j] -= 0.5 * ((g[j] + L2 * w[j]) / xs.length);
    b -= (0.5 * gb) / xs.length;
  }
  const raw = w.map((v, j) => v / sd[j]);
  return { w: raw, b: b - raw.reduce((s, v, j) => s + v * mu[j], 0) };
}
const logit = (f: Fit, x: number[] | null): number =>
  x === null ? Number.NEGATIVE_INFINITY : x.reduce((s, v, j) => s + v * f.w[j], f.b);

/**
 * Lowest threshold whose false positives (rules or model) stay within the budget; when detection there is under the
 * issue's 40% goal, the fewest extra model false positives that reach it (both goals cannot always be met at once:
 * the detection goal is kept, and the false positives it costs are reported). Detection there.
 */
function choose(scores: number[]): { t: number; det: number; fp: number } {
  const negs = rows.map((r, i) => ({ r, s: scores[i] })).filter((o) => o.r.y === 0);
  const allowed = Math.floor(FP_BUDGET * negs.length);
  const ruleFp = negs.filter((o) => o.r.ruleFlag).length;
  const cand = negs
    .filter((o) => !o.r.ruleFlag)
    .map((o) => o.s)
    .sort((a, b) => b - a);
  // a threshold just above the (room+1)-th highest model score of a negative not already flagged by the rules
  const at = (room: number) => {
    const t = cand.length > room ? Math.round((cand[room] + 0.001) * 1000) / 1000 : Number.NEGATIVE_INFINITY;
    const flagged = rows.map((r, i) => r.ruleFlag || scores[i] >= t);
    const det = flagged.filter((f, i) => f && rows[i].y === 1).length / pos.length;
    const fp = flagged.filter((f, i) => f && rows[i].y === 0).length;
    return { t, det, fp };
  };
  let room = Math.max(0, allowed - ruleFp);
  let c = at(room);
  while (c.det < DETECTION_GOAL && room < cand.length) c = at(++room);
  return c;
}

console.log(`validation: ${pos.length} phishing, ${neg.length} legitimate (uncovered by lists, uncontested)`);
const ruleDet = rows.filter((r) => r.y === 1 && r.ruleFlag).length / pos.length;
const ruleFp = rows.filter((r) => r.y === 0 && r.ruleFlag);
console.log(`rules alone: detection ${(100 * ruleDet).toFixed(2)}%, FP ${ruleFp.length}: ${ruleFp.map((r) => r.host)}`);
console.log('| negative weight | warn logit (out of fold) | OOF detection | OOF FP |');
console.log('|---:|---:|---:|---:|');
let best: { nw: number; det: number; t: number; fp: number } | null = null;
for (const nw of NEG_WEIGHTS) {
  const oof = new Array(rows.length).fill(0);
  for (let k = 0; k < FOLDS; k++) {
    const f = fit(
      rows.filter((r) => r.fold !== k),
      nw,
    );
    rows.forEach((r, i) => {
      if (r.fold === k) oof[i] = logit(f, r.x);
    });
  }
  const c = choose(oof);
  console.log(
    `| ${nw} | ${c.t} | ${(100 * c.det).toFixed(2)}% | ${c.fp} (${((100 * c.fp) / neg.length).toFixed(2)}%) |`,
  );
  // fewest false positives first (the budget may have been exceeded to reach the detection goal), then detection
  if (best === null || c.fp < best.fp || (c.fp === best.fp && c.det > best.det))
    best = { nw, det: c.det, t: c.t, fp: c.fp };
}
{
  // how detection trades against false positives around the budget (out of fold, chosen negative weight)
  const oof = new Array(rows.length).fill(0);
  for (let k = 0; k < FOLDS; k++) {
    const f = fit(
      rows.filter((r) => r.fold !== k),
      best!.nw,
    );
    rows.forEach((r, i) => {
      if (r.fold === k) oof[i] = logit(f, r.x);
    });
  }
  const negScores = rows
    .map((r, i) => ({ r, s: oof[i] }))
    .filter((o) => o.r.y === 0 && !o.r.ruleFlag)
    .sort((a, b) => b.s - a.s);
  for (let extra = 0; extra < 4; extra++) {
    const t = negScores[extra].s + 0.001;
    const det = rows.filter((r, i) => r.y === 1 && (r.ruleFlag || oof[i] >= t)).length / pos.length;
    console.log(
      `  ${extra} model FP above the rules' (${negScores.slice(0, extra).map((o) => o.r.host)}): warn logit ` +
        `${t.toFixed(3)}, detection ${(100 * det).toFixed(2)}%`,
    );
  }
}
// the warn level is the out-of-fold one (in-sample scores of the refit flatter the negatives it was fitted on)
const final = fit(rows, best!.nw);
const warnAt = best!.t;
const inSample = rows.filter((r) => r.ruleFlag || logit(final, r.x) >= warnAt);
const fpHosts = inSample.filter((r) => r.y === 0).map((r) => r.host);
console.log(
  `chosen negative weight ${best!.nw}, warn logit ${warnAt}; refit on all validation (in sample): detection ` +
    `${((100 * inSample.filter((r) => r.y === 1).length) / pos.length).toFixed(2)}%, FP ${fpHosts.length}: ` +
    fpHosts.join(' '),
);
const r3 = (v: number): number => Math.round(v * 1000) / 1000;
console.log('\nexport const HOST_MODEL: HostModel = {');
console.log(`  bias: ${r3(final.b)},`);
console.log('  weights: {');
HOST_MODEL_FEATURES.forEach((f, j) => console.log(`    ${f}: ${r3(final.w[j])},`));
console.log('  },');
console.log(`  warnAt: ${warnAt},`);
// the mean input of the legitimate validation hosts: explanations rank inputs by how far they push the logit from it
const xs = rows.filter((r) => r.x !== null && r.y === 0);
console.log('  center: {');
HOST_MODEL_FEATURES.forEach((f, j) => console.log(`    ${f}: ${r3(xs.reduce((a, r) => a + r.x![j], 0) / xs.length)},`));
console.log('  },');
console.log('};');
