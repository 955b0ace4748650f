/**
 * Policy presets and scores. Support confidence expresses how much risk-bearing evidence backs a stored
 * grouping (coverage of members by each lane), never a probability. A cluster's risk score grows with support
 * and size; a cluster held together only by unknown shared counterparties or funders (no direct transfers,
 * funding chains, sweeps or referral links) is capped below every preset's reject threshold: unknown shared
 * funding alone is never conclusive.
 */
import type { RecommendedAction, RiskPreset } from './types.ts';

/** riskScore at or above `review` -> manual_review, at or above `reject` -> reject. */
export const PRESET_THRESHOLDS: Record<RiskPreset, { review: number; reject: number; tradeOff: string }> = {
  conservative: {
    review: 60,
    reject: 90,
    tradeOff: 'fewest wrongly held wallets; small or loosely linked clusters are approved',
  },
  balanced: {
    review: 45,
    reject: 75,
    tradeOff: 'the default: well-supported clusters rejected, plausible ones sent to review',
  },
  strict: {
    review: 30,
    reject: 65,
    tradeOff: 'catches small and weakly linked clusters too; expect more manual review',
  },
};

/** The highest score a cluster without conclusive evidence can get: below every preset's reject threshold. */
export const INCONCLUSIVE_CAP = Math.min(...Object.values(PRESET_THRESHOLDS).map((p) => p.reject)) - 1;

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
 * Cluster risk 0-100: support, scaled by size (3 wallets count 0.15, 8 about half, 15 or more fully) and by the listed share of
 * the grouping (campaign wallets among all its non-hub addresses: a farm is mostly campaign wallets, an organic
 * neighbourhood mostly other addresses; 25% or more counts fully, 5% or less 0.45).
 */
export function clusterRisk(confidence: number, size: number, listedShare: number, conclusive: boolean): number {
  const sizeFactor = Math.min(1, 0.15 + (0.85 * Math.max(0, size - 3)) / 12);
  const shareFactor = 0.45 + 0.55 * Math.max(0, Math.min(1, (listedShare - 0.05) / 0.2));
  const r = Math.round(100 * Math.min(1, confidence * 1.25) * sizeFactor * shareFactor);
  return conclusive ? r : Math.min(r, INCONCLUSIVE_CAP);
}

export const round3 = (x: number): number => Math.round(x * 1000) / 1000;
