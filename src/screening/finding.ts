/** The finding every screening analyzer returns, and the severity scale shared by the verdict rules. */

export type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical';

export interface FindingSource {
  /** `list`: a loaded list said so (name + version); `heuristic`: a rule of this module (name = rule id). */
  type: 'list' | 'heuristic';
  name: string;
  version?: string;
}

export interface Finding {
  /** Stable dotted id, e.g. `url.blocklisted`, `tx.unlimited_approval` (docs/screening.md lists them). */
  kind: string;
  severity: Severity;
  message: string;
  source: FindingSource;
  data?: Record<string, unknown>;
}

export const heuristic = (name: string): FindingSource => ({ type: 'heuristic', name });
