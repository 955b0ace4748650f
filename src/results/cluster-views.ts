/** JSON views of stored clusters: catalog rows, intelligence, evidence items and members. */
import type { ClusterRow, DecisionRow, EvidenceRow } from '../../storage/repos/results-repo.ts';
import { chainFamily } from '../core/chains.ts';
import { displayAddress } from '../core/address/address.ts';
import { checksumEvmAddress } from '../core/address/evm-address.ts';
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

/** A `walletAddress` member as the database writes it (page-text-repo.ts): EVM addresses are stored lower-case. */
const WALLET_MEMBER = /"walletAddress":"(0x[0-9a-f]{40})"/g;

/**
 * displayAddress applied to the `walletAddress` members of items written as JSON text by the database. An
 * unescaped `"walletAddress":"` can only be a member name (inside a JSON string its quotes are escaped), and
 * displayAddress leaves any other form as stored, so the text reads as the views above would write it.
 */
export function displayWalletAddresses(chain: string, itemsText: string): string {
  const fam = chainFamily(chain);
  if (fam !== 'evm') return itemsText;
  return itemsText.replace(WALLET_MEMBER, (_m, a: string) => `"walletAddress":"${displayAddress(fam, a)}"`);
}

/** A `walletAddress` member with a stored EVM address, matched without a capture (see below). */
const EVM_WALLET_MEMBER = /"walletAddress":"0x[0-9a-f]{40}"/g;
/** The characters of an EVM address and of the quote after it, at the end of a match. */
const EVM_ADDRESS_LENGTH = 42;
const ADDRESS_TAIL_LENGTH = EVM_ADDRESS_LENGTH + 1;

/**
 * displayWalletAddresses as the `display` of objectWithArrayBytes (http/json-text.ts): `itemsText`, already encoded
 * into `buf[start, end)` as UTF-8, is rewritten there in place: a checksummed address has the stored one's length,
 * so the page's text is encoded once and not copied again. With ASCII text (one byte per character) a match's index
 * is its byte offset; other text is rewritten whole, which gives the same bytes. The matches are the text pass's
 * (an EVM family's displayAddress changes only that shape); each address is read from where the match ends, with no
 * match array or capture per member (a fifth of the pass's CPU on a page of 100 members, issue 17, tenth pass).
 */
export function displayWalletAddressBytes(
  chain: string,
): (itemsText: string, buf: Buffer, start: number, end: number) => void {
  const fam = chainFamily(chain);
  return (itemsText, buf, start, end) => {
    if (fam !== 'evm') return;
    if (end - start !== itemsText.length) {
      buf.write(displayWalletAddresses(chain, itemsText), start);
      return;
    }
    EVM_WALLET_MEMBER.lastIndex = 0;
    while (EVM_WALLET_MEMBER.test(itemsText)) {
      const at = EVM_WALLET_MEMBER.lastIndex - ADDRESS_TAIL_LENGTH;
      buf.write(checksumEvmAddress(itemsText.slice(at, at + EVM_ADDRESS_LENGTH)), start + at, 'latin1');
    }
  };
}

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

/** `teamReview` is the human review that speaks for the wallet (src/reviews/), kept apart from its stored state. */
export function memberItem(
  chain: string,
  d: DecisionRow,
  teamReview: Record<string, unknown> | null = null,
): Record<string, unknown> {
  return {
    walletAddress: displayAddress(chainFamily(chain), d.walletAddress),
    chain,
    riskScore: d.riskScore,
    storedStatus: d.storedStatus,
    storedRecommendedAction: d.recommendedAction,
    operatorPolicyAction: d.policyAction,
    reasons: d.reasons,
    teamReview,
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
  teamReviewOf: (d: DecisionRow) => Record<string, unknown> | null = () => null,
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
    membersPreview: sample.map((d) => memberItem(chain, d, teamReviewOf(d))),
    boundaries: BOUNDARIES,
    links: clusterLinks(campaignId, analysisId, c.label),
  };
}
