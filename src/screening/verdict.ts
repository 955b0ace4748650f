/**
 * Verdict rules (docs/screening.md, "Verdict rules"): each finding's severity has a weight; the risk score is the
 * noisy-or of the weights, 0..100. block: any critical finding, or a score of 80+; warn: a score of 30+ (one medium,
 * or four lows); allow otherwise. Info findings never move the score.
 */
import type { Finding, Severity } from './finding.ts';

export type Verdict = 'allow' | 'warn' | 'block';

export const SEVERITY_WEIGHT: Readonly<Record<Severity, number>> = Object.freeze({
  info: 0,
  low: 0.1,
  medium: 0.35,
  high: 0.6,
  critical: 0.95,
});
export const WARN_SCORE = 30;
export const BLOCK_SCORE = 80;

export function decideVerdict(findings: Finding[]): { verdict: Verdict; riskScore: number } {
  let keep = 1;
  let critical = false;
  for (const f of findings) {
    keep *= 1 - SEVERITY_WEIGHT[f.severity];
    if (f.severity === 'critical') critical = true;
  }
  const riskScore = Math.round(100 * (1 - keep));
  const verdict: Verdict = critical || riskScore >= BLOCK_SCORE ? 'block' : riskScore >= WARN_SCORE ? 'warn' : 'allow';
  return { verdict, riskScore };
}
