/** JSON views of runs: the status read (with a bounded clusters preview) and run-list summaries. */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { countClusters, listClusters, type ClusterRow } from '../../storage/repos/results-repo.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { analysisLinks, countsView } from './analysis-events.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const STATUS_CLUSTER_PREVIEW = 20;

export function runSummaryView(r: AnalysisRow): Record<string, unknown> {
  return {
    analysisId: r.id,
    campaignId: r.campaignId,
    status: r.status,
    analysisMode: r.analysisMode,
    riskPolicy: r.riskPolicy,
    policyVersion: r.policyVersion,
    walletCount: r.walletCount,
    inputHash: r.inputHash,
    createdAt: iso(r.createdAt),
    completedAt: iso(r.completedAt),
    error: r.errorCode ? { code: r.errorCode, message: r.errorMessage } : null,
    counts: r.summary ? countsView(r.summary) : null,
    dataSource: r.summary ? dataSourceView(r.summary) : null,
    dataCoverage: (r.summary as { dataCoverage?: unknown } | null)?.dataCoverage ?? null,
  };
}

/**
 * Where the run's transfers came from: the store only, or the store plus a live chain provider
 * (docs/chain-providers.md).
 */
export function dataSourceView(summary: Record<string, unknown>): Record<string, unknown> {
  const s = summary as Record<string, any>;
  const view: Record<string, unknown> = { source: s.dataSource ?? 'stored', provider: s.provider ?? null };
  if (s.note) view.note = s.note;
  if (s.provider)
    Object.assign(view, {
      fetched: s.fetched ?? 0,
      cached: s.cached ?? 0,
      imported: s.imported ?? 0,
      partial: s.partial ?? 0,
      failed: s.failed ?? 0,
      failedWallets: s.failedWallets ?? [],
    });
  return view;
}

export function clusterPreviewRow(campaignId: string, analysisId: string, c: ClusterRow): Record<string, unknown> {
  const base = `/api/v2/campaigns/${campaignId}/analyses/${analysisId}/clusters/${encodeURIComponent(c.label)}`;
  return {
    clusterLabel: c.label,
    size: c.size,
    riskScore: c.riskScore,
    groupingBasis: c.groupingBasis,
    links: { intelligence: base, members: `${base}/members` },
  };
}

export function statusView(r: AnalysisRow, clusters: ClusterRow[], totalClusters: number): Record<string, unknown> {
  return {
    object: 'analysis',
    apiVersion: 'v2',
    ...runSummaryView(r),
    progress: r.progress,
    startedAt: iso(r.startedAt),
    attempts: r.attempts,
    summary: r.summary,
    clusters: clusters.map((c) => clusterPreviewRow(r.campaignId, r.id, c)),
    clustersPreview: { returned: clusters.length, total: totalClusters, bounded: STATUS_CLUSTER_PREVIEW },
    links: analysisLinks(r.campaignId, r.id),
  };
}

/** The status read of a run: progress, and for a completed run its cluster count and a bounded preview. */
export async function runStatus(db: Kysely<Database>, run: AnalysisRow): Promise<Record<string, unknown>> {
  const done = run.status === 'completed';
  const clusters = done ? await listClusters(db, run.id, 0, STATUS_CLUSTER_PREVIEW) : [];
  const total = done ? await countClusters(db, run.id) : 0;
  return statusView(run, clusters, total);
}
