/**
 * Campaign lifecycle moves (forward-safe). archived is terminal. Requesting the current state is a no-op
 * (200, no event). Documented in docs/campaigns.md.
 */
export const LIFECYCLE_MOVES: Record<string, readonly string[]> = {
  draft: ['active', 'archived'],
  active: ['paused', 'completed', 'archived'],
  paused: ['active', 'completed', 'archived'],
  completed: ['archived'],
  archived: [],
};

/** Lifecycles under which a new analysis run is accepted. */
export const RUNNABLE_LIFECYCLES = ['draft', 'active', 'paused'] as const;

export function canMove(from: string, to: string): boolean {
  return LIFECYCLE_MOVES[from]?.includes(to) ?? false;
}
