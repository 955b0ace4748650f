/**
 * Policy presets and scores. Support confidence expresses how much risk-bearing evidence backs a stored
 * grouping (coverage of members by each lane), never a probability. A cluster's risk score grows with support
 * and listed share; a cluster held together only by unknown shared counterparties or funders (no direct transfers,
 * funding chains, sweeps or referral links) is capped below every preset's reject threshold: unknown shared
 * funding alone is never conclusive.
 */
import type { RecommendedAction, RiskPreset } from './types.ts';

/**
 * riskScore at or above `review` -> manual_review, at or above `reject` -> reject. Chosen by bench:quality on
 * development data only (Hop's training folds and the simulator's development seeds; docs/engine.md says how):
 * rerun it after any change to the evidence or scores and copy the thresholds it prints.
 */
export const PRESET_THRESHOLDS: Record<RiskPreset, { review: number; reject: number; tradeOff: string }> = {
  conservative: {
    review: 45,
    reject: 65,
    tradeOff: 'fewest wrongly held wallets; small or loosely linked clusters are approved',
  },
  balanced: {
    review: 45,
    reject: 65,
    tradeOff: 'the default: well-supported clusters rejected, plausible ones sent to review',
  },
  strict: {
    review: 29,
    reject: 65,
    tradeOff: 'catches small and weakly linked clusters too; expect more manual review',
  },
};

/**
 * The highest score a wallet without conclusive evidence of its own beyond how it was funded can get: below every
 * preset's reject threshold (a test keeps the presets above it). Shared funding alone is never conclusive; with
 * block times, neither are payments among members without evidence of concerted action (analyze.ts).
 */
export const INCONCLUSIVE_CAP = 64;
/** A wallet grouped with others but named by no membership evidence of its own: never flagged by any preset. */
export const NON_MEMBER_RISK = 10;

export function actionFor(preset: RiskPreset, riskScore: number): RecommendedAction {
  const t = PRESET_THRESHOLDS[preset];
  return riskScore >= t.reject ? 'reject' : riskScore >= t.review ? 'manual_review' : 'approve';
}

/** Support confidence from the share of members each lane's risk-bearing evidence touches. */
export function supportConfidence(fundingCoverage: number, graphCoverage: number, conclusive: boolean): number {
  const c = 1 - (1 - 0.75 * fundingCoverage) * (1 - 0.75 * graphCoverage);
  return round3(conclusive ? c : c * 0.8);
}

export function supportLevel(confidence: number): 'strong' | 'moderate' | 'weak' {
  return confidence >= 0.6 ? 'strong' : confidence >= 0.4 ? 'moderate' : 'weak';
}

/**
 * How much a cluster lends its members (0-1): its support, scaled by the listed share of the grouping (campaign
 * wallets among all its non-hub addresses: a farm is mostly campaign wallets, an organic neighbourhood mostly
 * other addresses; `shareFull` (tuning `listedShareFull`) or more counts fully, 5% or less 0.45). Size plays no
 * part: a small farm with strong evidence is a farm. Without block times, or with them when only payments among
 * its members tie it, analyze() scales a narrow cluster's
 * factor by `narrowFactor` (evidence/breadth.ts: breadth of its ties, not its member count).
 */
export function clusterFactor(confidence: number, listedShare: number, shareFull = 0.25): number {
  const shareFactor = 0.45 + 0.55 * Math.max(0, Math.min(1, (listedShare - 0.05) / (shareFull - 0.05)));
  return Math.min(1, confidence * 1.25) * shareFactor;
}

/** A member's risk 0-100: the cluster's factor times the strength of the member's own evidence, capped. */
export function walletRisk(factor: number, strength: number, capped: boolean): number {
  const r = Math.round(100 * factor * strength);
  return capped ? Math.min(r, INCONCLUSIVE_CAP) : r;
}

export const round3 = (x: number): number => Math.round(x * 1000) / 1000;
