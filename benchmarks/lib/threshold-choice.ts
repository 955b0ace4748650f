/**
 * How the presets' thresholds are chosen (docs/engine.md, "How the thresholds were chosen"): on development data
 * only (Hop's training folds and the simulator's development seeds together), never on the data that reports them.
 * Each development set is a histogram of wallet risk scores (0-100) for Sybil and for other wallets.
 */
import type { RiskPreset } from '../../engine/index.ts';

export interface RiskHistogram {
  name: string;
  /** Wallets with risk exactly r: Sybil (pos) and others (neg), r = 0..100. */
  pos: Float64Array;
  neg: Float64Array;
  /**
   * True when every wallet's truth is known (the simulator). Hop's labels are not complete (it only removed
   * groups of 8 or more wallets, a smaller farm counts as "kept"), so Hop enters the objective but not the
   * constraints on wrongly flagged or rejected wallets.
   */
  complete: boolean;
}

export const emptyHistogram = (name: string, complete: boolean): RiskHistogram => ({
  name,
  pos: new Float64Array(101),
  neg: new Float64Array(101),
  complete,
});

export interface PresetGoal {
  /** F-beta weighs recall beta times as much as precision. */
  beta: number;
  /** On complete sets at the review threshold: precision at least, share of other wallets flagged at most. */
  minPrecision: number;
  maxOthersFlagged: number;
  /** On complete sets at the reject threshold: precision among rejected at least, share of others at most. */
  rejectPrecision: number;
  maxOthersRejected: number;
}

/** The goals behind each preset: set from the targets before any measurement, not fitted. */
export const PRESET_GOALS: Record<RiskPreset, PresetGoal> = {
  conservative: {
    beta: 0.5,
    minPrecision: 0.97,
    maxOthersFlagged: 0.005,
    rejectPrecision: 0.995,
    maxOthersRejected: 0.0005,
  },
  balanced: { beta: 1, minPrecision: 0.9, maxOthersFlagged: 0.01, rejectPrecision: 0.99, maxOthersRejected: 0.001 },
  strict: { beta: 2, minPrecision: 0.8, maxOthersFlagged: 0.02, rejectPrecision: 0.97, maxOthersRejected: 0.002 },
};

/** No preset flags below this: a non-member (risk 10) or a wallet linked to one other listed wallet (15). */
export const MIN_REVIEW = 21;

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  negatives: number;
}

/** Wallets at or above threshold t counted against the labels. */
export function countsAt(h: RiskHistogram, t: number): Counts {
  let tp = 0;
  let fp = 0;
  let pos = 0;
  let negatives = 0;
  for (let r = 0; r <= 100; r++) {
    pos += h.pos[r];
    negatives += h.neg[r];
    if (r >= t) {
      tp += h.pos[r];
      fp += h.neg[r];
    }
  }
  return { tp, fp, fn: pos - tp, negatives };
}

export const precisionOf = (c: Counts): number => (c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1);
export const recallOf = (c: Counts): number => (c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0);
export function fBeta(c: Counts, beta: number): number {
  const p = precisionOf(c);
  const r = recallOf(c);
  const b2 = beta * beta;
  return p + r ? ((1 + b2) * p * r) / (b2 * p + r) : 0;
}

/**
 * Worst F-beta differences smaller than this are no preference: the review threshold is the highest (fewest people
 * held) whose worst F-beta is within it of the best. Hop's five folds differ by 0.13 in F1, so half a point is well
 * inside the noise; the lowest of near-equal thresholds, the rule before, shipped a review threshold 3 points
 * lower for +0.0006 F1 on Hop's training folds and sat each development seed at its limit of flagged legitimate
 * wallets (docs/engine.md, "How the thresholds were chosen").
 */
export const F_TOLERANCE = 0.005;

/**
 * The review threshold maximising the worst F-beta over all development sets (the highest within F_TOLERANCE of
 * the best), among thresholds that keep the complete sets within the goal's precision and share of others flagged
 * (all thresholds when none does); the reject threshold is the lowest from `minReject` (and the review threshold)
 * up that keeps the complete sets within the goal's reject precision and share of others rejected (100 when none
 * does).
 */
export function chooseThresholds(
  sets: RiskHistogram[],
  goal: PresetGoal,
  minReject: number,
): { review: number; reject: number; worstF: number } {
  const candidates: Array<{ review: number; worstF: number; feasible: boolean }> = [];
  for (let t = MIN_REVIEW; t <= 100; t++) {
    const feasible = sets.every((h) => {
      if (!h.complete) return true;
      const c = countsAt(h, t);
      return precisionOf(c) >= goal.minPrecision && c.fp <= goal.maxOthersFlagged * c.negatives;
    });
    candidates.push({ review: t, worstF: Math.min(...sets.map((h) => fBeta(countsAt(h, t), goal.beta))), feasible });
  }
  const pool = candidates.some((c) => c.feasible) ? candidates.filter((c) => c.feasible) : candidates;
  const top = Math.max(...pool.map((c) => c.worstF));
  const best = pool.filter((c) => c.worstF >= top - F_TOLERANCE).at(-1)!;
  let reject = 100;
  for (let t = Math.max(minReject, best.review); t <= 100; t++) {
    const ok = sets.every((h) => {
      if (!h.complete) return true;
      const c = countsAt(h, t);
      return precisionOf(c) >= goal.rejectPrecision && c.fp <= goal.maxOthersRejected * c.negatives;
    });
    if (ok) {
      reject = t;
      break;
    }
  }
  return { review: best.review, reject, worstF: Math.round(best.worstF * 10000) / 10000 };
}
