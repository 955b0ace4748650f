/** What a dashboard page is: it renders into main for the signed-in session and may return a clean-up. */
export interface Session {
  ownerId: string;
  expiresAt: string;
  csrfToken: string;
  plan: any;
  enums: {
    lifecycles: string[];
    riskPolicies: string[];
    chains: string[];
    analysisModes: string[];
    lifecycleMoves: Record<string, string[]>;
  };
}
export type Page = (main: HTMLElement, session: Session, params: string[]) => Promise<void | (() => void)>;
