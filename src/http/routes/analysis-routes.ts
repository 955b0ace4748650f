/** v2 analyses: start (JSON or multipart CSV), paged run list, status with a bounded clusters preview. */
import fs from 'node:fs/promises';
import { listAnalyses } from '../../../storage/repos/analyses-repo.ts';
import { runAcceptedView, startAnalysis } from '../../analyses/analysis-service.ts';
import { analysisRunSchema, analysisStartMultipartSchema, analysisStartSchema } from '../schemas/analysis-schemas.ts';
import { preflightCoverage } from '../../analyses/data-coverage.ts';
import { chainFamily } from '../../core/chains.ts';
import { runStatus, runSummaryView } from '../../analyses/analysis-views.ts';
import { walletsFromCsv } from '../../analyses/wallet-input.ts';
import { resolveCampaign, resolveRun } from '../scope.ts';
import { ApiError } from '../api-error.ts';
import { keysetPage } from '../pagination.ts';
import { principalOf, type AppContext, defineRoute, type RouteDef } from '../route-def.ts';
import { ANALYSIS_MODES } from '../../core/vocabulary.ts';
import { errorSchema, pageQuery, paginationSchema } from '../schemas/common.ts';

const err = (description: string) => ({ description, schema: errorSchema });

async function readCsvUpload(
  ctx: AppContext,
): Promise<{ items: Array<Record<string, unknown>>; analysisMode?: string }> {
  const files = ctx.request.files ?? {};
  const fields = (ctx.request.body ?? {}) as Record<string, string | string[] | undefined>;
  const all = Object.values(files).flat();
  try {
    const file = Array.isArray(files.csvFile) ? files.csvFile[0] : files.csvFile;
    if (!file) throw new ApiError('missing_file', 'multipart analysis start needs a csvFile part');
    const mode = Array.isArray(fields.analysisMode) ? fields.analysisMode[0] : fields.analysisMode;
    if (mode !== undefined && !(ANALYSIS_MODES as readonly string[]).includes(mode))
      throw new ApiError(
        'validation_failed',
        `invalid request body: analysisMode must be one of ${ANALYSIS_MODES.join(', ')}`,
      );
    const text = await fs.readFile(file.filepath, 'utf8');
    if (text.includes('\u0000')) throw new ApiError('invalid_csv', 'csvFile contains NUL characters');
    return { items: walletsFromCsv(text) as Array<Record<string, unknown>>, analysisMode: mode };
  } finally {
    await Promise.all(all.map((f) => fs.rm(f.filepath, { force: true })));
  }
}

export const analysisRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/api/v2/campaigns/{id}/analyses',
    operationId: 'startAnalysis',
    summary: 'Start an analysis run from a wallet list (JSON or multipart CSV)',
    tag: 'Analyses',
    auth: 'key',
    body: { schema: analysisStartSchema, multipart: analysisStartMultipartSchema },
    responses: {
      202: { description: 'CampaignAnalysisRun: accepted and queued', schema: analysisRunSchema },
      404: err('Unknown or not-owned campaign'),
      409: err('campaign_not_accepting_runs: the campaign is completed or archived'),
      413: err('Too many wallets or upload too large'),
    },
    async handler(ctx) {
      let input: { items: Array<string | Record<string, unknown>>; analysisMode?: string };
      if (ctx.is('multipart/form-data')) input = await readCsvUpload(ctx);
      else {
        const body = ctx.state.body;
        input = { items: body.wallets, analysisMode: body.analysisMode };
      }
      const { run, duplicates, wallets } = await startAnalysis(
        ctx.services.store.db,
        principalOf(ctx).ownerId,
        ctx.params.id,
        input,
        ctx.config.maxWalletsPerAnalysis,
      );
      ctx.services.wake();
      ctx.status = 202;
      ctx.set('Location', `/api/v2/campaigns/${run.campaignId}/analyses/${run.id}`);
      const dataCoverage = await preflightCoverage(
        ctx.services.store.db,
        chainFamily(run.chain),
        wallets.map((w) => w.address),
        Boolean(ctx.config.chainProviders[run.chain]),
      );
      ctx.body = { ...runAcceptedView(run, duplicates), dataCoverage };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns/{id}/analyses',
    operationId: 'listAnalyses',
    summary: 'Page of stored run summaries, newest first',
    tag: 'Analyses',
    auth: 'key',
    query: pageQuery(500, 100, 768),
    responses: {
      200: {
        description: 'Run summaries',
        schema: {
          type: 'object',
          required: ['analyses', 'pagination'],
          properties: { analyses: { type: 'array' }, pagination: paginationSchema },
        },
      },
      404: err('Unknown campaign'),
      503: err('Store unavailable'),
    },
    async handler(ctx) {
      const campaign = await resolveCampaign(ctx);
      const q = ctx.state.query;
      const owner = principalOf(ctx).ownerId;
      const page = await keysetPage({
        cursors: ctx.services.cursors,
        scope: { o: owner, c: campaign.id, k: 'runs' },
        cursor: q.cursor,
        maxCursorLength: 768,
        limit: q.limit,
        start: null as string | null,
        fetch: (pos, take) => listAnalyses(ctx.services.store.db, owner, campaign.id, pos, take),
        positionOf: (r) => String(r.seq),
      });
      ctx.body = {
        object: 'analysis_list',
        apiVersion: 'v2',
        campaignId: campaign.id,
        analyses: page.items.map(runSummaryView),
        pagination: page.pagination,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/campaigns/{id}/analyses/{analysisId}',
    operationId: 'getAnalysis',
    summary: 'Run status with progress counts and a bounded clusters preview',
    tag: 'Analyses',
    auth: 'key',
    responses: {
      200: {
        description: 'CampaignAnalysisStatus',
        schema: {
          type: 'object',
          required: ['analysisId', 'status'],
          properties: {
            analysisId: { type: 'string' },
            status: { enum: ['queued', 'running', 'completed', 'failed'] },
            clusters: { type: 'array', items: { type: 'object' } },
          },
        },
      },
      404: err('Unknown campaign or analysis'),
    },
    async handler(ctx) {
      const { run } = await resolveRun(ctx);
      ctx.body = await runStatus(ctx.services.store.db, run);
    },
  }),
];
