/** Every authenticated route group of the API, in the order the OpenAPI document lists them. */
import type { RouteDef } from '../route-def.ts';
import { campaignRoutes } from './campaign-routes.ts';
import { analysisRoutes } from './analysis-routes.ts';
import { clusterRoutes } from './cluster-routes.ts';
import { decisionRoutes } from './decision-routes.ts';
import { v1AnalysisRoutes } from './v1-analysis-routes.ts';
import { screeningRoutes } from './screening-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

export const allRoutes: RouteDef[] = [
  ...campaignRoutes,
  ...analysisRoutes,
  ...clusterRoutes,
  ...decisionRoutes,
  ...webhookRoutes,
  ...v1AnalysisRoutes,
  ...screeningRoutes,
];
