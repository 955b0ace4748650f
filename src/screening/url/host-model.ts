/**
 * Host model: a logistic combination of the host-name signals. The fixed rules add points one by one and the
 * lexical model scores words, but neither weighs how the traits go together: a fresh phishing name is usually a
 * registrable domain of its own (no subdomain under an established site), often with digits or a hyphen in its
 * label, words that score as phishing in the registrable label itself, on a TLD the lists over-represent. A
 * legitimate host that scores on words is usually a subdomain of an established name (`rpc.mainnet.taiko.xyz`,
 * `core.telegram.org`). The weights below were fitted on the development data of `bench:screening` only (validation
 * phishing, seen legitimate hosts; `node --import tsx benchmarks/screening-tune.ts`, docs/screening.md "Host
 * model"), never on the test split.
 */
import type { HostParts } from './host-shape.ts';
import { type LexicalModel, scoreHost } from './lexical-model.ts';

export const HOST_MODEL_FEATURES = [
  'rulePoints',
  'lurePoints',
  'lexical',
  'lexicalRegistrable',
  'tldWeight',
  'hyphens',
  'digits',
  'subdomainDepth',
  'labelLength',
  'labelEntropy',
  'hostingPlatform',
] as const;
export type HostModelFeature = (typeof HOST_MODEL_FEATURES)[number];
export type HostModelInput = Record<HostModelFeature, number>;

export interface HostModel {
  bias: number;
  weights: HostModelInput;
  /** Logit from which the model alone makes the host suspicious (warn). */
  warnAt: number;
  /** Mean input of the legitimate fitting hosts: explanations rank inputs by how far they move the logit from it. */
  center: HostModelInput;
}

/**
 * Fitted on development data (screening-tune.ts prints this block): L2-regularised logistic regression on
 * standardised features, folded back to raw units; warnAt is the logit chosen on out-of-fold development scores.
 */
export const HOST_MODEL: HostModel = {
  bias: -6.924,
  weights: {
    rulePoints: 0.489,
    lurePoints: 0.621,
    lexical: 0.619,
    lexicalRegistrable: -0.124,
    tldWeight: 0.936,
    hyphens: -0.637,
    digits: 0.107,
    subdomainDepth: -1.844,
    labelLength: 1.692,
    labelEntropy: -0.165,
    hostingPlatform: -2.882,
  },
  warnAt: 0.538,
  center: {
    rulePoints: 0.275,
    lurePoints: 0.007,
    lexical: -0.797,
    lexicalRegistrable: -0.62,
    tldWeight: -0.434,
    hyphens: 0.077,
    digits: 0.049,
    subdomainDepth: 0.573,
    labelLength: 2.1,
    labelEntropy: 2.543,
    hostingPlatform: 0.072,
  },
};

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Shannon entropy (bits per character) of a label: random-looking names score high. */
function entropy(s: string): number {
  if (s === '') return 0;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let e = 0;
  for (const n of counts.values()) e -= (n / s.length) * Math.log2(n / s.length);
  return e;
}

/**
 * The model's inputs for a host. `rulePoints` are the fixed-rule points without the lexical model's (it enters on
 * its own), `lurePoints` those of `url.lure_words`. Values are clamped so one extreme trait cannot dominate.
 */
export function hostModelInput(
  parts: HostParts,
  lexical: LexicalModel,
  rulePoints: number,
  lurePoints: number,
  neutral?: ReadonlySet<string>,
): HostModelInput {
  const { host, domain, publicSuffix, isPrivate } = parts;
  const label = domain !== null && publicSuffix !== null ? domain.slice(0, -publicSuffix.length - 1) : host;
  const sub = parts.subdomain.split('.').filter((l) => l !== '' && l !== 'www');
  const whole = scoreHost(lexical, host, publicSuffix, isPrivate, neutral);
  const registrable = domain !== null ? scoreHost(lexical, domain, publicSuffix, isPrivate, neutral) : whole;
  const tld = host.slice(host.lastIndexOf('.') + 1);
  return {
    rulePoints: clamp(rulePoints, 0, 12),
    lurePoints: clamp(lurePoints, 0, 4),
    lexical: clamp(whole.score, -6, 12),
    lexicalRegistrable: clamp(registrable.score, -6, 12),
    tldWeight: clamp(lexical.weights.get(isPrivate ? `psl:${publicSuffix}` : `tld:${tld}`) ?? 0, -4, 4),
    hyphens: clamp(label.match(/-/g)?.length ?? 0, 0, 3),
    digits: clamp(label.match(/\d/g)?.length ?? 0, 0, 4),
    subdomainDepth: clamp(sub.length, 0, 3),
    labelLength: Math.log1p(label.length),
    labelEntropy: entropy(label),
    hostingPlatform: isPrivate ? 1 : 0,
  };
}

/**
 * The model's logit and the inputs that pushed it up most against a typical legitimate host (`center`), for the
 * finding's explanation: a long label always adds to the logit, but only a longer-than-usual one explains a warning.
 */
export function scoreHostModel(
  input: HostModelInput,
  model: HostModel = HOST_MODEL,
): { logit: number; top: Array<{ feature: HostModelFeature; value: number; contribution: number }> } {
  let logit = model.bias;
  const contrib: Array<{ feature: HostModelFeature; value: number; contribution: number }> = [];
  for (const f of HOST_MODEL_FEATURES) {
    logit += model.weights[f] * input[f];
    const c = model.weights[f] * (input[f] - model.center[f]);
    contrib.push({ feature: f, value: Math.round(input[f] * 100) / 100, contribution: Math.round(c * 100) / 100 });
  }
  const top = contrib
    .filter((c) => c.contribution > 0)
    .sort((a, b) => b.contribution - a.contribution)
    .slice(0, 4);
  return { logit: Math.round(logit * 1000) / 1000, top };
}
