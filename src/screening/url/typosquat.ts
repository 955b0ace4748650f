/**
 * Typosquats of brand names: an alphabetic run of the host, or its start or end, within a small edit distance of
 * a brand token (`metamaskk`, `trustwalet`, `pancakrswap`, `unilswap`, `walletconect`, `metamsklogin`).
 * Edits: insertion, deletion, substitution, transposition of neighbours (optimal string alignment). A curated brand
 * of 6+ letters allows one edit, of 10+ letters two (whole runs only; the start or end of a longer run: one, and not
 * a plain or keyboard substitution there; two dropped letters only when both were of a doubled pair).
 * The edit is named: `keyboard` (a QWERTY neighbour), `homoglyph` (i/l/1, o/0, rn/m style), or the edit type.
 * Common-word brands (ledger, phantom, jupiter ...) and dictionary words one edit from a brand (finance/binance,
 * radium/raydium) are not typosquats.
 */
import { type Brand, type BrandAnchors, isCommonWordBrand, ownedBy } from './brand-anchors.ts';

/** Dictionary and proper words one or two edits away from a brand. */
const NOT_TYPOS = new Set([
  'finance',
  'balance',
  'ledgers',
  'phantoms',
  'optimist',
  'scrolls',
  'etherum',
  'radium',
  'tresor',
  'solano',
  'solara',
  'jupyter',
  'lending',
  'pending',
  'reason',
  'season',
]);

const KEYBOARD = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const HOMOGLYPHS = ['il1', 'o0', 'mn', 'uv', 'vw', 'ce', 'gq'];

function neighbours(a: string, b: string): 'keyboard' | 'homoglyph' | null {
  if (HOMOGLYPHS.some((g) => g.includes(a) && g.includes(b))) return 'homoglyph';
  for (let r = 0; r < KEYBOARD.length; r++) {
    const i = KEYBOARD[r].indexOf(a);
    if (i < 0) continue;
    const j = KEYBOARD[r].indexOf(b);
    if (j >= 0 && Math.abs(i - j) === 1) return 'keyboard';
    for (const rr of [r - 1, r + 1]) {
      const k = KEYBOARD[rr]?.indexOf(b) ?? -1;
      if (k >= 0 && Math.abs(k - i) <= 1) return 'keyboard';
    }
  }
  return null;
}

/** Optimal-string-alignment distance, stopping early above `max` (returns max + 1). */
export function osaDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
      d[i][j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
}

/** How a one-edit typo differs from the brand. */
function editKind(typo: string, brand: string): string {
  if (typo.length === brand.length) {
    const diff = [...typo].flatMap((c, i) => (c !== brand[i] ? [i] : []));
    if (diff.length === 2 && typo[diff[0]] === brand[diff[1]]) return 'transposition';
    if (diff.length === 1) return neighbours(typo[diff[0]], brand[diff[0]]) ?? 'substitution';
    return 'edits';
  }
  return typo.length > brand.length ? 'insertion' : 'deletion';
}

/** Whether `typo` is `brand` with two letters dropped, each one of a doubled pair (`ll`, `nn`). */
function onlyDoublesDropped(typo: string, brand: string): boolean {
  const doubled = (i: number): boolean => brand[i] === brand[i - 1] || brand[i] === brand[i + 1];
  for (let i = 0; i < brand.length; i++)
    for (let j = i + 1; j < brand.length; j++)
      if (doubled(i) && doubled(j) && brand.slice(0, i) + brand.slice(i + 1, j) + brand.slice(j + 1) === typo)
        return true;
  return false;
}

export interface Typosquat {
  run: string;
  typo: string;
  brand: string;
  distance: number;
  how: string;
}

/** Edits allowed for a whole run: one from 6 letters, two from 10 (shorter names have too many real neighbours). */
const maxEdits = (brand: string): number => (brand.length >= 10 ? 2 : brand.length >= 6 ? 1 : 0);

/** The first brand typosquatted by a run (whole run, or its start or end), on a domain the brand does not own. */
export function findTyposquat(runs: string[], anchors: BrandAnchors, domain: string | null): Typosquat | null {
  for (const run of runs) {
    if (run.length < 5 || anchors.tokens.has(run)) continue;
    for (const b of anchors.tokens.values()) {
      const max = maxEdits(b.token);
      // curated brands only: learned ones are short labels of allow-listed sites (mycryp, finity) with many neighbours
      if (max === 0 || b.source !== 'curated' || isCommonWordBrand(b.token) || ownedBy(domain, b)) continue;
      const hit = matchRun(run, b, max);
      if (hit !== null) return hit;
    }
  }
  return null;
}

function matchRun(run: string, b: Brand, max: number): Typosquat | null {
  const L = b.token.length;
  const candidates = new Set<string>([run]);
  // windows allow one edit only: two edits inside a longer word match too much (calderachain ~ berachain)
  for (let len = L - 1; len <= L + 1; len++) {
    // a glued typo (`metamsklogin`): the start or the end of the run, leaving a word of 3+ letters
    if (len < 5 || run.length - len < 3) continue;
    candidates.add(run.slice(0, len));
    candidates.add(run.slice(run.length - len));
  }
  for (const typo of candidates) {
    const allowed = typo === run ? max : 1;
    if (Math.abs(typo.length - L) > allowed || typo === b.token || NOT_TYPOS.has(typo) || typo.includes(b.token))
      continue;
    // cheap filter before the distance: a typo keeps the brand's first two or last two letters
    if (typo.slice(0, 2) !== b.token.slice(0, 2) && typo.slice(-2) !== b.token.slice(-2)) continue;
    // a window cut out of a longer word must keep the brand's letter at the cut (calderachain is not derachain)
    if (typo !== run && (run.startsWith(typo) ? typo.at(-1) !== b.token.at(-1) : typo[0] !== b.token[0])) continue;
    const distance = osaDistance(typo, b.token, allowed);
    if (distance > allowed) continue;
    // two letters dropped from a long brand leave another word (polymake, genlayer), unless both were one of a
    // doubled pair, which a reader does not miss (waletconect); issue 14, eleventh pass
    if (distance === 2 && typo.length === L - 2 && !onlyDoublesDropped(typo, b.token)) continue;
    const how = distance === 1 ? editKind(typo, b.token) : 'edits';
    // one letter swapped for another inside a longer word is mostly an accident of the word (`trevor` in trevorbrindle,
    // `opensta` in openstaking, `kazino`): windows keep the typos that keep the brand's letters (a dropped, doubled or
    // swapped-over letter) and look-alike letters; chosen on development data (docs/screening.md)
    if (typo !== run && (how === 'substitution' || how === 'keyboard')) continue;
    // a plain substitution of the first letter makes another word (camino ~ kamino, athereum ~ ethereum): a reader
    // sees a word's first letter first, so typosquats keep it (issue 14, fourteenth pass)
    if (how === 'substitution' && typo[0] !== b.token[0]) continue;
    return { run, typo, brand: b.token, distance, how };
  }
  return null;
}
