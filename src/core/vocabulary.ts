/** The shared words of the interface (spec section 2): risk policies, lifecycles, analysis modes, actions, events. */
export const RISK_POLICIES = ['conservative', 'balanced', 'strict'] as const;
export const LIFECYCLES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export const ANALYSIS_MODES = ['onchain', 'hybrid'] as const;
export const POLICY_ACTIONS = ['approve', 'manual_review', 'reject'] as const;
export const WEBHOOK_EVENTS = [
  'analysis.completed',
  'analysis.review_required',
  'decision_package.ready',
  'campaign.policy_changed',
  'campaign.lifecycle_changed',
  'policy.blocked',
  'policy.review',
] as const;

export type RiskPolicy = (typeof RISK_POLICIES)[number];
export type Lifecycle = (typeof LIFECYCLES)[number];
export type AnalysisMode = (typeof ANALYSIS_MODES)[number];
export type PolicyAction = (typeof POLICY_ACTIONS)[number];
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
