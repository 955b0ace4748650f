/**
 * Lexical host model: token log-odds (a Bernoulli naive-Bayes style score over the features present) learned from
 * the loaded lists only — block-listed hosts are the phishing class, allow-listed hosts the legitimate one — so a
 * model is exactly as fresh as the lists an operator loaded (the benchmark's time split keeps it honest).
 *
 * Features of a host (labels left of the public suffix, `www` dropped):
 *  - `w:<run>`  an alphabetic run of 3+ letters (`claim-hyperliquid.xyz` -> claim, hyperliquid);
 *  - `s:<seg>`  a 4+ letter segment inside a longer run that is itself a frequent whole run of blocked hosts
 *               (`worldlibertysfinancial` -> world, liberty, financial), so glued words are read too;
 *  - `tld:<t>` the last label, or instead `psl:<suffix>` on a hosting platform (PSL private section);
 *  - shape: `hy:1`/`hy:2+` hyphens (none on a code host), `dg` a digit of the registrable label (not of `web3`);
 *  - `dev:deployment` a fixed DEV_DEPLOYMENT_WEIGHT on a hosting-platform host with a developer-project word.
 * Phishing counts are taken once per registrable domain (a campaign rotating subdomains counts once). Weight of a
 * feature: log((p + 1) / (P + 1)) - log((l + 1) / (L + PRIOR)); for words PRIOR = LEGIT_PRIOR pseudo-documents
 * standing for the legitimate web the small allow-list does not cover (so a word never seen in legitimate hosts is
 * only as strong as it is frequent in phishing ones), for shape and suffix features PRIOR = 2 (Laplace). Only features
 * seen in PHISH_MIN_DOMAINS+ blocked domains, or in an allowed host, carry
 * a weight (a feature seen only in allowed hosts is clamped to <= 0); the host score is the sum of the weights of its
 * distinct features (words and segments of one run share
 * their best weight so a glued word is not counted twice). analyze-url uses the model only when it was trained on
 * LEXICAL_MIN_DOCS+ blocked domains and the words alone weigh LEXICAL_MIN_WORD_SCORE+. Deterministic: insertion-ordered
 * maps, no randomness.
 */

import { CODE_HOSTS, DEPLOYMENT_WORDS, INFRA_WORDS, TECH_TOKENS } from './host-words.ts';

export interface LexicalModel {
  weights: Map<string, number>;
  /** Whole runs frequent enough in blocked hosts to be read as segments of longer runs. */
  segments: Set<string>;
  segmentLengths: number[];
  phishDocs: number;
  legitDocs: number;
}

export interface LexicalScore {
  score: number;
  wordScore: number;
  top: Array<{ feature: string; weight: number }>;
}

/** Pseudo-documents of unseen legitimate web added to the allow-list counts. */
export const LEGIT_PRIOR = 2000;
/** A phishing-side feature needs this many blocked registrable domains to carry a weight. */
export const PHISH_MIN_DOMAINS = 5;

/** Score bands -> host-heuristic points (first match wins; docs/screening.md). */
export const LEXICAL_BANDS: ReadonlyArray<{ score: number; points: number }> = [
  { score: 6, points: 5 },
  { score: 5, points: 3 },
  { score: 3, points: 2 },
];
/** Weight of a developer deployment (chosen on development data, docs/screening.md). */
export const DEV_DEPLOYMENT_WEIGHT = -4;
/** Blocked registrable domains a model needs before it replaces the fixed platform / TLD / hyphen points. */
export const LEXICAL_MIN_DOCS = 1000;
/** The model fires only when the host's words (not its TLD or shape alone) weigh at least this much. */
export const LEXICAL_MIN_WORD_SCORE = 1;

const STOP = new Set(['www', 'com', 'net', 'org']);
const NO_WORDS: ReadonlySet<string> = new Set();

/** Splits a host into the labels left of the public suffix (www dropped). */
function leftLabels(host: string, publicSuffix: string | null): string[] {
  const left =
    publicSuffix !== null && host.endsWith('.' + publicSuffix)
      ? host.slice(0, -publicSuffix.length - 1)
      : publicSuffix === host
        ? ''
        : host;
  return left.split('.').filter((l) => l !== '' && l !== 'www');
}

/** Shape and suffix features (no words). */
function shapeFeatures(host: string, labels: string[], publicSuffix: string | null, isPrivate: boolean): string[] {
  const out: string[] = [];
  // on a hosting platform the TLD is the platform's (pages.dev, vercel.app), not a choice of the site's owner: the
  // platform feature stands for it, so phishing on pages.dev does not make every .dev site look like phishing
  if (isPrivate && publicSuffix !== null) out.push('psl:' + publicSuffix);
  else out.push('tld:' + host.slice(host.lastIndexOf('.') + 1));
  const reg = labels[labels.length - 1] ?? '';
  // a digit of the word `web3` is part of a name, not a tag; digits of subdomains (`cc3-testnet`, `s1`) number a
  // service's instances: only the registrable label's other digits count
  if (/\d/.test(reg.replace(/web3/g, ''))) out.push('dg');
  // on a code host the label is an account name, hyphenated by the host's convention (`aptos-labs`, `web-platform-dx`)
  if (isPrivate && publicSuffix !== null && CODE_HOSTS.has(publicSuffix)) return out;
  // a hyphen that joins a name to an infrastructure word (`aca-api`, `base-rpc`, `zora-explorer`) names a service,
  // and one that joins it to a technology token (`xmtp-js`) names a library: neither is the `<lure>-<name>` shape,
  // so only hyphens between the other tokens of the registrable label count
  const hy = Math.max(0, reg.split('-').filter((t) => !INFRA_WORDS.has(t) && !TECH_TOKENS.has(t)).length - 1);
  if (hy === 1) out.push('hy:1');
  if (hy >= 2) out.push('hy:2+');
  return out;
}

/** Alphabetic runs (3+ letters) of the host's own labels. */
export function hostRunsForModel(host: string, publicSuffix: string | null): string[] {
  const out: string[] = [];
  for (const label of leftLabels(host, publicSuffix)) {
    if (label.startsWith('xn--')) continue;
    for (const r of label.split(/[^a-z]+/)) if (r.length >= 3 && !STOP.has(r)) out.push(r);
  }
  return out;
}

interface Counted {
  phish: Map<string, number>;
  legit: Map<string, number>;
  phishDocs: number;
  legitDocs: number;
}

function count(
  blocked: Iterable<{ host: string; domain: string | null; publicSuffix: string | null; isPrivate: boolean }>,
  allowed: Iterable<{ host: string; publicSuffix: string | null; isPrivate: boolean }>,
): Counted {
  const phish = new Map<string, number>();
  const legit = new Map<string, number>();
  const seen = new Set<string>();
  const domains = new Set<string>();
  for (const b of blocked) {
    const dom = b.domain ?? b.host;
    domains.add(dom);
    const labels = leftLabels(b.host, b.publicSuffix);
    for (const f of [
      ...hostRunsForModel(b.host, b.publicSuffix).map((r) => 'w:' + r),
      ...shapeFeatures(b.host, labels, b.publicSuffix, b.isPrivate),
    ]) {
      const key = f + '|' + dom;
      if (seen.has(key)) continue;
      seen.add(key);
      phish.set(f, (phish.get(f) ?? 0) + 1);
    }
  }
  let legitDocs = 0;
  for (const a of allowed) {
    legitDocs++;
    const labels = leftLabels(a.host, a.publicSuffix);
    for (const f of new Set([
      ...hostRunsForModel(a.host, a.publicSuffix).map((r) => 'w:' + r),
      ...shapeFeatures(a.host, labels, a.publicSuffix, a.isPrivate),
    ]))
      legit.set(f, (legit.get(f) ?? 0) + 1);
  }
  return { phish, legit, phishDocs: domains.size, legitDocs };
}

export function trainLexicalModel(
  blocked: Iterable<{ host: string; domain: string | null; publicSuffix: string | null; isPrivate: boolean }>,
  allowed: Iterable<{ host: string; publicSuffix: string | null; isPrivate: boolean }>,
): LexicalModel {
  const c = count(blocked, allowed);
  const weights = new Map<string, number>();
  const segments = new Set<string>();
  // words: the allow-list plus LEGIT_PRIOR pseudo-documents of words it never saw; shape and suffix features: the
  // allow-list alone (Laplace), as every host has a TLD
  const wOf = (f: string, p: number, l: number): number =>
    Math.log((p + 1) / (c.phishDocs + 1)) - Math.log((l + 1) / (c.legitDocs + (f.startsWith('w:') ? LEGIT_PRIOR : 2)));
  for (const [f, p] of c.phish) {
    if (p < PHISH_MIN_DOMAINS && !c.legit.has(f)) continue;
    const infra = f.startsWith('w:') && INFRA_WORDS.has(f.slice(2));
    const w = wOf(f, p, c.legit.get(f) ?? 0);
    // chain-infrastructure words are neutral (host-words.ts): they can lower a score, never raise it
    weights.set(f, infra ? Math.min(0, w) : w);
    if (!infra && f.startsWith('w:') && f.length >= 6 && p >= 2 * PHISH_MIN_DOMAINS) segments.add(f.slice(2));
  }
  // a feature seen only in allowed hosts can only lower a score
  for (const [f, l] of c.legit) if (!weights.has(f)) weights.set(f, Math.min(0, wOf(f, 0, l)));
  const segmentLengths = [...new Set([...segments].map((s) => s.length))].sort((a, b) => b - a);
  return { weights, segments, segmentLengths, phishDocs: c.phishDocs, legitDocs: c.legitDocs };
}

/** Score of a host: the sum of its features' weights; `top` lists the strongest positive contributions. */
export function scoreHost(
  model: LexicalModel,
  host: string,
  publicSuffix: string | null,
  isPrivate: boolean,
  neutral: ReadonlySet<string> = NO_WORDS,
): LexicalScore {
  const labels = leftLabels(host, publicSuffix);
  const contrib = new Map<string, number>();
  for (const run of hostRunsForModel(host, publicSuffix)) {
    if (neutral.has(run)) continue;
    const whole = model.weights.get('w:' + run);
    let best: { feature: string; weight: number } | null =
      whole !== undefined ? { feature: 'w:' + run, weight: whole } : null;
    if (whole === undefined && run.length >= 7) {
      // glued words: the strongest known segment inside the run stands for it
      for (const len of model.segmentLengths) {
        if (len >= run.length) continue;
        for (let i = 0; i + len <= run.length; i++) {
          const seg = run.slice(i, i + len);
          if (!model.segments.has(seg)) continue;
          const w = model.weights.get('w:' + seg) ?? 0;
          if (best === null || w > best.weight) best = { feature: 's:' + seg, weight: w };
        }
      }
    }
    if (best !== null && !contrib.has(best.feature)) contrib.set(best.feature, best.weight);
  }
  for (const f of shapeFeatures(host, labels, publicSuffix, isPrivate)) {
    const w = model.weights.get(f);
    if (w !== undefined) contrib.set(f, w);
  }
  if (isPrivate && hostRunsForModel(host, publicSuffix).some((r) => DEPLOYMENT_WORDS.has(r)))
    contrib.set('dev:deployment', DEV_DEPLOYMENT_WEIGHT);
  let score = 0;
  let wordScore = 0;
  for (const [f, w] of contrib) {
    score += w;
    if (f.startsWith('w:') || f.startsWith('s:')) wordScore += w;
  }
  const top = [...contrib]
    .filter(([, w]) => w > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([feature, weight]) => ({ feature, weight: Math.round(weight * 100) / 100 }));
  return { score: Math.round(score * 100) / 100, wordScore: Math.round(wordScore * 100) / 100, top };
}
