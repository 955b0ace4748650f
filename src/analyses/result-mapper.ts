/**
 * Turns the engine's result into stored rows: clusters ordered by risk (then size, then label) with ordinals,
 * evidence numbered per cluster and lane, and one decision per input wallet in input order (the engine's stored
 * state and recommendation kept apart from the operator's policyAction).
 */
import type { AnalyzeResult } from '../../engine/index.ts';
import type { AnalysisRow, StoredCluster, StoredDecision, StoredEvidence } from '../../storage/repos/analyses-repo.ts';
import type { WalletInput } from './wallet-input.ts';

export function toStoredResults(
  run: AnalysisRow,
  wallets: WalletInput[],
  result: AnalyzeResult,
): {
  clusters: StoredCluster[];
  evidence: StoredEvidence[];
  decisions: StoredDecision[];
  summary: Record<string, unknown>;
} {
  const sorted = [...result.clusters].sort(
    (a, b) =>
      b.riskScore - a.riskScore ||
      b.members.length - a.members.length ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
  const ordinalOf = new Map<string, number>();
  const clusters: StoredCluster[] = [];
  const evidence: StoredEvidence[] = [];
  sorted.forEach((c, i) => {
    const ordinal = i + 1;
    ordinalOf.set(c.label, ordinal);
    const counts: Record<
      string,
      { items: number; riskBearing: number; neutralised: number; kinds: Record<string, number> }
    > = {};
    const lanes: Record<string, number> = { funding: 0, graph: 0 };
    let times: number[] = [];
    for (const e of c.evidence) {
      lanes[e.lane] = (lanes[e.lane] ?? 0) + 1;
      const k = (counts[e.lane] ??= { items: 0, riskBearing: 0, neutralised: 0, kinds: {} });
      k.items++;
      if (e.riskBearing) k.riskBearing++;
      else k.neutralised++;
      k.kinds[e.kind] = (k.kinds[e.kind] ?? 0) + 1;
      evidence.push({
        clusterOrdinal: ordinal,
        lane: e.lane,
        ordinal: lanes[e.lane],
        kind: e.kind,
        confidence: e.confidence,
        riskBearing: e.riskBearing,
        addresses: e.addresses,
        data: e.data,
      });
      const bt = (e.data as { blockTime?: unknown }).blockTime;
      if (typeof bt === 'number' && Number.isFinite(bt)) times.push(bt);
    }
    times = times.sort((a, b) => a - b);
    clusters.push({
      ordinal,
      label: c.label,
      size: c.members.length,
      riskScore: Math.round(c.riskScore),
      groupingBasis: c.groupingBasis,
      support: c.support,
      archetype: c.archetype,
      summary: {
        evidence: counts,
        timeline: times.length
          ? { firstSeen: times[0], lastSeen: times[times.length - 1], points: times.slice(0, 20) }
          : null,
      },
    });
  });
  const byAddress = new Map(result.wallets.map((w) => [w.address, w]));
  const actions: Record<string, number> = { approve: 0, manual_review: 0, reject: 0 };
  let clusteredWallets = 0;
  const decisions: StoredDecision[] = wallets.map((w, i) => {
    const d = byAddress.get(w.address);
    const action = d?.storedRecommendedAction ?? 'approve';
    actions[action] = (actions[action] ?? 0) + 1;
    if (d?.clusterLabel) clusteredWallets++;
    const { address, ...inputFields } = w;
    void address;
    return {
      ordinal: i + 1,
      walletAddress: w.address,
      clusterOrdinal: d?.clusterLabel ? (ordinalOf.get(d.clusterLabel) ?? null) : null,
      clusterLabel: d?.clusterLabel ?? null,
      riskScore: Math.round(d?.riskScore ?? 0),
      storedStatus: d?.storedStatus ?? 'clear',
      recommendedAction: action,
      policyAction: w.policyAction ?? null,
      reasons: d?.reasons ?? [],
      input: inputFields,
    };
  });
  return {
    clusters,
    evidence,
    decisions,
    summary: {
      wallets: run.walletCount,
      clusters: clusters.length,
      clusteredWallets,
      actions,
      evidenceItems: evidence.length,
    },
  };
}
