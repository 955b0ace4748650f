/**
 * Cluster exports (read-only, never recomputed): a deterministic JSON investigation package, a wallet-level CSV
 * matrix, and a Markdown case brief. Same stored rows in, same bytes out.
 */
import type { AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import type { CampaignRow } from '../../storage/repos/campaigns-repo.ts';
import type { ClusterRow, DecisionRow, EvidenceRow } from '../../storage/repos/results-repo.ts';
import { toCsv } from '../core/csv.ts';
import { BOUNDARIES } from './boundaries.ts';
import { evidenceItem, memberItem } from './cluster-views.ts';

export interface ExportInput {
  campaign: CampaignRow;
  run: AnalysisRow;
  cluster: ClusterRow;
  members: DecisionRow[];
  evidence: EvidenceRow[];
  policy: { preset: string; version: number | null; rationale: string | null };
  /** Set when the cluster holds more members or evidence than one export carries (the rest are paged reads). */
  truncated?: { members: boolean; evidence: boolean };
}

/** What an export leaves out: members and evidence past the export caps, which the paged reads still serve. */
export function completeness(x: ExportInput): {
  membersIncluded: number;
  evidenceIncluded: number;
  membersTruncated: boolean;
  evidenceTruncated: boolean;
} {
  return {
    membersIncluded: x.members.length,
    evidenceIncluded: x.evidence.length,
    membersTruncated: x.truncated?.members ?? false,
    evidenceTruncated: x.truncated?.evidence ?? false,
  };
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function exportJson(x: ExportInput): string {
  return JSON.stringify(
    {
      object: 'cluster_investigation_package',
      apiVersion: 'v2',
      campaignId: x.campaign.id,
      analysisId: x.run.id,
      clusterLabel: x.cluster.label,
      analysisCompletedAt: iso(x.run.completedAt),
      inputHash: x.run.inputHash,
      clusterState: {
        size: x.cluster.size,
        riskScore: x.cluster.riskScore,
        groupingBasis: x.cluster.groupingBasis,
        support: x.cluster.support,
        archetype: x.cluster.archetype,
      },
      policyContext: {
        riskPolicy: x.run.riskPolicy,
        policyVersion: x.run.policyVersion,
        rationale: x.policy.rationale,
      },
      provenance: {
        evidenceCounts: x.cluster.summary?.evidence ?? {},
        evidence: x.evidence.map((e) => evidenceItem(x.run.chain, e)),
      },
      timeline: x.cluster.summary?.timeline ?? null,
      members: x.members.map((m) => memberItem(x.run.chain, m)),
      latestClusterReview: null,
      completeness: completeness(x),
      boundaries: BOUNDARIES,
    },
    null,
    2,
  );
}

export function exportCsv(x: ExportInput): string {
  const header = [
    'walletAddress',
    'chain',
    'clusterLabel',
    'riskScore',
    'storedStatus',
    'storedRecommendedAction',
    'operatorPolicyAction',
    'reasons',
    'reputationLabel',
    'policyReason',
    'campaignEventType',
    'referralCode',
  ];
  const rows = x.members.map((m) => {
    const v = memberItem(x.run.chain, m);
    return [
      v.walletAddress,
      v.chain,
      x.cluster.label,
      v.riskScore,
      v.storedStatus,
      v.storedRecommendedAction,
      v.operatorPolicyAction ?? '',
      (m.reasons ?? []).join('; '),
      m.input?.reputationLabel ?? '',
      m.input?.policyReason ?? '',
      m.input?.campaignEventType ?? '',
      m.input?.referralCode ?? '',
    ];
  });
  return toCsv(header, rows);
}

const md = (s: unknown): string =>
  String(s ?? '')
    .replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`)
    .replace(/\r\n|[\r\n]/g, ' ');

export function exportMarkdown(x: ExportInput): string {
  const c = x.cluster;
  const actions: Record<string, number> = {};
  for (const m of x.members) actions[m.recommendedAction] = (actions[m.recommendedAction] ?? 0) + 1;
  const kinds = new Map<string, { n: number; rb: number }>();
  for (const e of x.evidence) {
    const k = kinds.get(`${e.lane}/${e.kind}`) ?? { n: 0, rb: 0 };
    k.n++;
    if (e.riskBearing) k.rb++;
    kinds.set(`${e.lane}/${e.kind}`, k);
  }
  const lines = [
    `# Case brief: cluster ${md(c.label)}`,
    '',
    `Campaign ${md(x.campaign.name)} (${md(x.campaign.id)}), analysis ${md(x.run.id)} completed ` +
      `${iso(x.run.completedAt)}.`,
    '',
    '## Cluster state',
    '',
    `- Members: ${c.size}`,
    `- Risk score: ${c.riskScore}`,
    `- Grouping basis: ${md(c.groupingBasis)}`,
    `- Support confidence (evidence strength, not a probability): ${md(c.support?.confidence)} ` +
      `(${md(c.support?.level)})`,
    `- Archetype hypothesis (not a decision): ${md(c.archetype?.name)} — ${md(c.archetype?.rationale)}`,
    `- Stored recommendations: ${
      Object.entries(actions)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
    '',
    '## Latest human cluster review',
    '',
    'No human review is recorded for this cluster.',
    '',
    '## Policy context',
    '',
    `- Preset: ${md(x.run.riskPolicy)}, version ${x.run.policyVersion ?? 'none (campaign default)'}`,
    `- Rationale: ${md(x.policy.rationale ?? 'not recorded')}`,
    '',
    '## Evidence summary',
    '',
    '| lane/kind | items | risk-bearing |',
    '|---|---|---|',
    ...[...kinds.entries()].sort().map(([k, v]) => `| ${md(k)} | ${v.n} | ${v.rb} |`),
    '',
    '## Next actions',
    '',
    '1. Review the funding evidence first, then graph evidence (members, export CSV for the wallet matrix).',
    '2. Confirm or reject the grouping with a human reviewer before acting on reject recommendations.',
    '3. Check neutralised (non-risk-bearing) links: shared infrastructure is not Sybil evidence.',
    '',
    '## Limitations',
    '',
    ...(x.truncated?.members
      ? [`- This brief counts the first ${x.members.length} members only: read the members resource for all of them.`]
      : []),
    ...(x.truncated?.evidence
      ? [
          `- This brief summarises the first ${x.evidence.length} evidence items only: read the evidence resource ` +
            `for the rest.`,
        ]
      : []),
    ...BOUNDARIES.map((b) => `- ${md(b)}`),
    '',
  ];
  return lines.join('\n');
}
