/**
 * When word signals alone may warn (issue 14, fifteenth pass). The fixed points add up signals read off the same
 * words of a host: the lexical model's token log-odds, the learned phishing vocabulary, the curated lure and crypto
 * words and the `<lure>-<name>` template often fire on one word (`join-lemmy.org`: `join` is vocabulary and a
 * lexical token). Their sum reaching the warn level is one piece of evidence counted several times. The host model
 * (host-model.ts) weighs the same signals together with the name's shape, fitted on development data; when it finds
 * the host clearly legitimate-looking (logit under MODEL_AGREEMENT_FLOOR), a warning that rests on word signals alone
 * is not raised: the host stays `low`. Brand impersonation, typosquats, confusables, the lists' own patterns (blocked
 * siblings, campaign shapes) and every non-info finding still warn on their own (docs/screening.md, "Host
 * heuristics").
 */
import type { Finding } from '../finding.ts';

/** Point-bearing signals read off the host's words (weak: they fire on ordinary words of legitimate names too). */
export const WORD_SIGNALS: ReadonlySet<string> = new Set([
  'url.lexical_model',
  'url.phishing_vocabulary',
  'url.lure_words',
  'url.lure_template',
  'url.crypto_words',
]);

/**
 * Host-model logit under which word signals alone do not warn. Chosen on development data only (validation phishing,
 * development negatives): the highest floor, in steps of 0.25, that costs at most 0.25 points of validation detection
 * (docs/screening.md, fifteenth pass).
 */
export const MODEL_AGREEMENT_FLOOR = -2.25;

/**
 * True when every point-bearing finding is a word signal or a weak brand mention (a brand of fewer than
 * `impersonationPoints` points: a chain's name, a brand's own label elsewhere, a learned brand) and no finding is
 * above info.
 */
export function restsOnWords(findings: readonly Finding[], impersonationPoints: number): boolean {
  return findings.every((f) => {
    if (f.severity !== 'info') return false;
    const pts = typeof f.data?.points === 'number' ? f.data.points : 0;
    if (pts === 0 || WORD_SIGNALS.has(f.kind)) return true;
    return f.kind === 'url.brand_impersonation' && pts < impersonationPoints;
  });
}

/** The severity a points-based host warning keeps: `low` when it rests on words the host model does not back. */
export function withModelAgreement<S extends string>(
  sev: S | null,
  wordsAlone: boolean,
  logit: number | null,
): S | 'low' | null {
  if (sev !== 'medium' && sev !== 'high') return sev;
  return wordsAlone && logit !== null && logit < MODEL_AGREEMENT_FLOOR ? 'low' : sev;
}
