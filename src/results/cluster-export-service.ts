/** Reads what a cluster export holds (capped members and evidence, the run's policy) and renders one format. */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { type CampaignRow, getPolicyVersion } from '../../storage/repos/campaigns-repo.ts';
import { allEvidence, type ClusterRow, listMembers } from '../../storage/repos/results-repo.ts';
import { DomainError } from '../core/domain-error.ts';
import { exportCsv, exportJson, exportMarkdown, type ExportInput } from './cluster-export.ts';

export const CLUSTER_EXPORT_FORMATS = ['json', 'csv', 'markdown', 'md'] as const;

export interface ClusterExport {
  body: string;
  contentType: string;
  fileName: string;
  /** The parts cut at their cap (empty when the export is complete). */
  truncated: Array<'members' | 'evidence'>;
}

const RENDER: Record<string, { render: (x: ExportInput) => string; contentType: string; ext: string }> = {
  json: { render: exportJson, contentType: 'application/json; charset=utf-8', ext: 'json' },
  csv: { render: exportCsv, contentType: 'text/csv; charset=utf-8', ext: 'csv' },
  markdown: { render: exportMarkdown, contentType: 'text/markdown; charset=utf-8', ext: 'md' },
  md: { render: exportMarkdown, contentType: 'text/markdown; charset=utf-8', ext: 'md' },
};

export async function clusterExport(
  db: Kysely<Database>,
  scope: { campaign: CampaignRow; run: AnalysisRow; cluster: ClusterRow },
  format: string,
  limits: { members: number; evidence: number },
): Promise<ClusterExport> {
  const { campaign, run, cluster } = scope;
  const out = Object.hasOwn(RENDER, format) ? RENDER[format] : undefined;
  if (!out) throw new DomainError('validation_failed', 'format must be json, csv or markdown');
  // one row past each cap tells whether the export is complete
  const members = await listMembers(db, run.id, cluster.ordinal, 0, limits.members + 1, true);
  const evidence = await allEvidence(db, run.id, cluster.ordinal, limits.evidence + 1);
  const truncated = { members: members.length > limits.members, evidence: evidence.length > limits.evidence };
  if (truncated.members) members.length = limits.members;
  if (truncated.evidence) evidence.length = limits.evidence;
  const pv = run.policyVersion === null ? null : await getPolicyVersion(db, campaign.id, run.policyVersion);
  const input: ExportInput = {
    campaign,
    run,
    cluster,
    members,
    evidence,
    truncated,
    policy: { preset: run.riskPolicy, version: run.policyVersion, rationale: pv?.rationale ?? null },
  };
  return {
    body: out.render(input),
    contentType: out.contentType,
    fileName: `cluster-${cluster.label.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80)}.${out.ext}`,
    truncated: [truncated.members ? 'members' : null, truncated.evidence ? 'evidence' : null].filter(
      (p): p is 'members' | 'evidence' => p !== null,
    ),
  };
}
