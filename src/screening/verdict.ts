/**
 * Verdict rules (docs/screening.md, "Verdict rules"): each finding's severity has a weight; the risk score is the
 * noisy-or of the weights, 0..100. block: any critical finding, or a score of 80+; warn: a score of 30+ (one medium,
 * or four lows); allow otherwise. Info findings never move the score. A batch (findings tagged with the inner call
 * they come from, `data.callIndex`) counts as its riskiest call: its calls are not summed.
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

/** The call a finding comes from at batch level `level` ("2" of "2.0" at level 0), or null outside any call. */
function callAt(f: Finding, level: number): string | null {
  const path = f.data?.callIndex;
  if (typeof path !== 'string') return null;
  const parts = path.split('.');
  return parts.length > level ? parts.slice(0, level + 1).join('.') : null;
}

/**
 * 1 - risk of a set of findings: the noisy-or of the findings outside the batch calls of this level, with the
 * riskiest call counted once. Each of a batch's calls is screened as a transaction of its own, so the batch is as
 * risky as its worst call: five ordinary calls to contracts no list knows are one warning, not a block.
 */
function keepOf(findings: Finding[], level: number): number {
  let keep = 1;
  const calls = new Map<string, Finding[]>();
  for (const f of findings) {
    const call = callAt(f, level);
    if (call === null) keep *= 1 - SEVERITY_WEIGHT[f.severity];
    else {
      const group = calls.get(call);
      if (group === undefined) calls.set(call, [f]);
      else group.push(f);
    }
  }
  let worst = 1;
  for (const group of calls.values()) worst = Math.min(worst, keepOf(group, level + 1));
  return keep * worst;
}

export function decideVerdict(findings: Finding[]): { verdict: Verdict; riskScore: number } {
  const critical = findings.some((f) => f.severity === 'critical');
  const riskScore = Math.round(100 * (1 - keepOf(findings, 0)));
  const verdict: Verdict = critical || riskScore >= BLOCK_SCORE ? 'block' : riskScore >= WARN_SCORE ? 'warn' : 'allow';
  return { verdict, riskScore };
}
