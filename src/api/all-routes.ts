/** Every authenticated route group of the API, in the order the OpenAPI document lists them. */
import type { RouteDef } from './route-def.ts';
import { campaignRoutes } from './routes/campaign-routes.ts';
import { analysisRoutes } from './routes/analysis-routes.ts';
import { clusterRoutes } from './routes/cluster-routes.ts';
import { decisionRoutes } from './routes/decision-routes.ts';
import { v1AnalysisRoutes } from './routes/v1-analysis-routes.ts';
import { screeningRoutes } from './routes/screening-routes.ts';
import { webhookRoutes } from './routes/webhook-routes.ts';
import { reviewRoutes } from './routes/review-routes.ts';

export const allRoutes: RouteDef[] = [
  ...campaignRoutes,
  ...analysisRoutes,
  ...clusterRoutes,
  ...decisionRoutes,
  ...reviewRoutes,
  ...webhookRoutes,
  ...v1AnalysisRoutes,
  ...screeningRoutes,
];
