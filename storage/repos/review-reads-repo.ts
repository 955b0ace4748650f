/**
 * Reads the review domain needs from stored run results (never writes them): one wallet's decision, the
 * evidence items a reviewer names, the wallets that may need review, and the aggregates the run charts draw.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ClusterTable, Database, DecisionTable } from '../database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredWallet {
  walletAddress: string;
  clusterOrdinal: number | null;
  clusterLabel: string | null;
  riskScore: number;
  storedStatus: string;
  recommendedAction: string;
  policyAction: string | null;
  reasons: string[];
  campaignPoints: number | null;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The decision columns WALLET_COLUMNS selects (JSON columns may arrive as text from raw SQL). */
type WalletRecord = Pick<
  Selectable<DecisionTable>,
  | 'wallet_address'
  | 'cluster_ordinal'
  | 'cluster_label'
  | 'risk_score'
  | 'stored_status'
  | 'recommended_action'
  | 'policy_action'
> & { reasons: unknown; input: unknown };

function toWallet(r: WalletRecord): StoredWallet {
  const input = json<Record<string, unknown> | null>(r.input) ?? {};
  const points = Number(input.campaignPoints);
  return {
    walletAddress: r.wallet_address,
    clusterOrdinal: r.cluster_ordinal,
    clusterLabel: r.cluster_label,
    riskScore: Number(r.risk_score),
    storedStatus: r.stored_status,
    recommendedAction: r.recommended_action,
    policyAction: r.policy_action,
    reasons: json<string[]>(r.reasons) ?? [],
    campaignPoints: Number.isFinite(points) && input.campaignPoints !== undefined ? points : null,
  };
}

const WALLET_COLUMNS = sql`wallet_address, cluster_ordinal, cluster_label, risk_score, stored_status,
  recommended_action, policy_action, reasons, input`;

export async function storedWallet(db: Db, analysisId: string, address: string): Promise<StoredWallet | null> {
  const r = await sql<WalletRecord>`select ${WALLET_COLUMNS} from decisions
    where analysis_id = ${analysisId} and wallet_address = ${address} limit 1`.execute(db);
  return r.rows[0] ? toWallet(r.rows[0]) : null;
}

export async function storedWallets(db: Db, analysisId: string, addresses: string[]): Promise<StoredWallet[]> {
  if (addresses.length === 0) return [];
  const r = await sql<WalletRecord>`select ${WALLET_COLUMNS} from decisions
    where analysis_id = ${analysisId} and wallet_address = any(${addresses}::text[])`.execute(db);
  return r.rows.map(toWallet);
}

/**
 * Wallets that may await review: every stored manual_review or reject recommendation, plus the wallets named,
 * highest risk first, then the most points at stake. Bounded by `limit`.
 */
export async function reviewCandidates(
  db: Db,
  analysisId: string,
  alsoWallets: string[],
  limit: number,
): Promise<StoredWallet[]> {
  const r = await sql<WalletRecord>`select ${WALLET_COLUMNS} from decisions
    where analysis_id = ${analysisId}
      and (recommended_action <> 'approve' or wallet_address = any(${alsoWallets}::text[]))
    order by risk_score desc, ordinal limit ${limit}`.execute(db);
  return r.rows.map(toWallet);
}

/** The stored evidence items named by lane and ordinal within one cluster (the ones that exist). */
export async function evidenceKinds(
  db: Db,
  analysisId: string,
  clusterOrdinal: number,
  refs: Array<{ lane: string; ordinal: number }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (refs.length === 0) return out;
  const lanes = refs.map((e) => e.lane);
  const ordinals = refs.map((e) => e.ordinal);
  const r = await sql<{ lane: string; ordinal: number; kind: string }>`select lane, ordinal, kind from cluster_evidence
    where analysis_id = ${analysisId} and cluster_ordinal = ${clusterOrdinal}
      and lane = any(${lanes}::text[]) and ordinal = any(${ordinals}::int[])`.execute(db);
  for (const row of r.rows) out.set(`${row.lane}/${row.ordinal}`, row.kind);
  return out;
}

export interface RunClusterSummary {
  ordinal: number;
  label: string;
  size: number;
  riskScore: number;
  evidenceKinds: string[];
}

/** Every cluster of a run with the evidence kinds it holds (from the stored summary), highest risk first. */
export async function runClusters(db: Db, analysisId: string, limit: number): Promise<RunClusterSummary[]> {
  const r = await sql<
    Pick<Selectable<ClusterTable>, 'ordinal' | 'label' | 'size' | 'risk_score'> & { summary: unknown }
  >`select ordinal, label, size, risk_score, summary from clusters
    where analysis_id = ${analysisId} order by ordinal limit ${limit}`.execute(db);
  return r.rows.map((c) => {
    const counts = (json<{ evidence?: unknown } | null>(c.summary)?.evidence ?? {}) as Record<
      string,
      { kinds?: object }
    >;
    const kinds = new Set<string>();
    for (const lane of Object.values(counts)) for (const k of Object.keys(lane?.kinds ?? {})) kinds.add(k);
    return { ordinal: c.ordinal, label: c.label, size: c.size, riskScore: c.risk_score, evidenceKinds: [...kinds] };
  });
}

/** Counts for the run charts: risk scores in buckets of 10, cluster sizes, and actions by cluster size. */
export async function runDistributions(db: Db, analysisId: string) {
  const risk = await sql<{ bucket: number; n: string }>`select least(risk_score / 10, 9) as bucket, count(*) as n
    from decisions where analysis_id = ${analysisId} group by 1 order by 1`.execute(db);
  const sizes = await sql<{ size: number; n: string }>`select size, count(*) as n from clusters
    where analysis_id = ${analysisId} group by size order by size`.execute(db);
  const actions = await sql<{ size: number | null; action: string; n: string }>`
    select c.size, d.recommended_action as action, count(*) as n from decisions d
    left join clusters c on c.analysis_id = d.analysis_id and c.ordinal = d.cluster_ordinal
    where d.analysis_id = ${analysisId} group by 1, 2 order by 1 nulls first, 2`.execute(db);
  return {
    riskBuckets: risk.rows.map((r) => ({ bucket: Number(r.bucket), wallets: Number(r.n) })),
    clusterSizes: sizes.rows.map((r) => ({ size: Number(r.size), clusters: Number(r.n) })),
    actionsByClusterSize: actions.rows.map((r) => ({
      size: r.size === null ? 0 : Number(r.size),
      action: r.action,
      wallets: Number(r.n),
    })),
  };
}
