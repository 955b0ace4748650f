/** JSON views of stored clusters: catalog rows, intelligence, evidence items and members. */
import type { ClusterRow, DecisionRow, EvidenceRow } from '../../storage/repos/results-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { BOUNDARIES } from './boundaries.ts';

export function clusterLinks(campaignId: string, analysisId: string, label: string): Record<string, string> {
  const base = `/api/v2/campaigns/${campaignId}/analyses/${analysisId}/clusters/${encodeURIComponent(label)}`;
  return {
    intelligence: base,
    members: `${base}/members`,
    fundingEvidence: `${base}/evidence?lane=funding`,
    graphEvidence: `${base}/evidence?lane=graph`,
    export: `${base}/export?format=json`,
  };
}

/**
 * Catalog rows: label, size, risk and the links to intelligence and members (the intelligence read carries the
 * rest). Support confidence and archetype are deliberately absent.
 */
export const catalogRow = (
  campaignId: string,
  analysisId: string,
  c: Pick<ClusterRow, 'label' | 'size' | 'riskScore' | 'groupingBasis'>,
): Record<string, unknown> => {
  const { intelligence, members } = clusterLinks(campaignId, analysisId, c.label);
  return {
    clusterLabel: c.label,
    size: c.size,
    riskScore: c.riskScore,
    groupingBasis: c.groupingBasis,
    links: { intelligence, members },
  };
};

export function evidenceItem(chain: string, e: EvidenceRow): Record<string, unknown> {
  const fam = chainFamily(chain);
  return {
    lane: e.lane,
    kind: e.kind,
    confidence: e.confidence,
    riskBearing: e.riskBearing,
    neutralised: !e.riskBearing,
    addresses: e.addresses.map((a) => displayAddress(fam, a)),
    data: e.data,
  };
}

export function memberItem(chain: string, d: DecisionRow): Record<string, unknown> {
  return {
    walletAddress: displayAddress(chainFamily(chain), d.walletAddress),
    chain,
    riskScore: d.riskScore,
    storedStatus: d.storedStatus,
    storedRecommendedAction: d.recommendedAction,
    operatorPolicyAction: d.policyAction,
    reasons: d.reasons,
    teamReview: null,
  };
}

export const INTELLIGENCE_PREVIEW = 10;

export function intelligenceView(
  campaignId: string,
  analysisId: string,
  chain: string,
  c: ClusterRow,
  preview: EvidenceRow[],
  sample: DecisionRow[],
): Record<string, unknown> {
  return {
    object: 'cluster_intelligence',
    apiVersion: 'v2',
    campaignId,
    analysisId,
    clusterLabel: c.label,
    size: c.size,
    riskScore: c.riskScore,
    groupingBasis: c.groupingBasis,
    support: c.support,
    archetype: { ...c.archetype, isDecision: false },
    provenance: {
      evidenceCounts: c.summary?.evidence ?? {},
      preview: preview.slice(0, INTELLIGENCE_PREVIEW).map((e) => evidenceItem(chain, e)),
      previewBounded: INTELLIGENCE_PREVIEW,
    },
    timeline: c.summary?.timeline ?? null,
    membersPreview: sample.map((d) => memberItem(chain, d)),
    boundaries: BOUNDARIES,
    links: clusterLinks(campaignId, analysisId, c.label),
  };
}
