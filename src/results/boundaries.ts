/** The decision boundaries stated on every v2 read and export resource (spec section 1). */
export const BOUNDARIES = [
  'Cluster resources are read-only: reading never changes stored membership, risk, decisions, policy, reviewer state ' +
    'or evidence.',
  'Support confidence expresses evidence strength for an already-stored grouping; it is not a Sybil probability.',
  'An archetype is a forensic hypothesis only, not a decision.',
  'Shared infrastructure alone is not Sybil evidence.',
  'Unknown shared funding alone is not conclusive.',
  'Policy changes apply to future runs only and do not recompute prior runs.',
  'Decision package export packages stored decisions and does not recompute them.',
  'Evidence pagination does not re-score evidence: the stored riskBearing state is copied, never promoted.',
];

export const DECISION_BOUNDARY_HEADER = 'X-Service-Decision-Boundary';
export const DECISION_BOUNDARY_VALUE = 'read-only-no-recompute';
