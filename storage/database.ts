/**
 * Table types of the one schema both adapters share (see storage/migrations/).
 * Column names are snake_case in SQL; Kysely types mirror them exactly.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;
type BigSerial = ColumnType<string, never, never>;

export interface ApiKeyTable {
  id: string;
  owner_id: string;
  prefix: string;
  secret_hash: string;
  label: string | null;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}
export interface OwnerPlanTable {
  owner_id: string;
  plan: string;
  activated_at: Timestamp;
  expires_at: Timestamp;
  updated_at: Timestamp;
}
export interface UsageCounterTable {
  owner_id: string;
  period_start: Timestamp;
  requests: number;
}
export interface CampaignTable {
  id: string;
  seq: BigSerial;
  owner_id: string;
  name: string;
  campaign_type: string;
  chain: string;
  lifecycle: string;
  risk_policy: string;
  policy_version: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  reward_pool_usd: number | null;
  campaign_contracts: Json<string[]>;
  metadata: Json<Record<string, unknown>>;
  notes: string | null;
  source: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PolicyVersionTable {
  campaign_id: string;
  version: number;
  preset: string;
  rationale: string;
  activated_at: Timestamp;
  activated_by: string | null;
}
export interface OutboxEventTable {
  id: Generated<string>;
  owner_id: string;
  campaign_id: string | null;
  analysis_id: string | null;
  type: string;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
  dispatched_at: Timestamp | null;
}
export interface ServerSettingTable {
  key: string;
  value: string;
}

export interface AnalysisTable {
  id: string;
  seq: BigSerial;
  campaign_id: string;
  owner_id: string;
  status: string;
  analysis_mode: string;
  risk_policy: string;
  policy_version: number | null;
  chain: string;
  wallet_count: number;
  input_hash: string;
  error_code: string | null;
  error_message: string | null;
  progress: Json<Record<string, unknown>>;
  summary: Json<Record<string, unknown>> | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  source: string;
}
export interface AnalysisInputTable {
  analysis_id: string;
  wallets: Json<unknown[]>;
}
export interface ClusterTable {
  analysis_id: string;
  ordinal: number;
  label: string;
  size: number;
  risk_score: number;
  grouping_basis: string;
  support: Json<Record<string, unknown>>;
  archetype: Json<Record<string, unknown>>;
  summary: Json<Record<string, unknown>>;
  /** The row's item of the run's catalog page as JSON text, written with the row (page-text-repo.ts). */
  catalog_item: string;
}
export interface ClusterEvidenceTable {
  analysis_id: string;
  cluster_ordinal: number;
  lane: string;
  ordinal: number;
  kind: string;
  confidence: number;
  risk_bearing: boolean;
  addresses: Json<string[]>;
  data: Json<Record<string, unknown>>;
}
export interface DecisionTable {
  analysis_id: string;
  ordinal: number;
  wallet_address: string;
  cluster_ordinal: number | null;
  cluster_label: string | null;
  risk_score: number;
  stored_status: string;
  recommended_action: string;
  policy_action: string | null;
  reasons: Json<string[]>;
  input: Json<Record<string, unknown>>;
  /** The row's item of the run decisions page as JSON text, written with the row (page-text-repo.ts). */
  decision_item: string;
  /** The row's item of its cluster's members page as JSON text, written with the row (page-text-repo.ts). */
  member_item: string;
}
export interface TransferTable {
  id: Generated<string>;
  chain: string;
  from_address: string;
  to_address: string;
  tx_hash: string | null;
  block_time: string | null;
  amount: string | null;
  asset: string | null;
  source: string;
  dedup_key: string;
  imported_at: Timestamp;
}
export interface AddressLabelTable {
  chain: string;
  address: string;
  list: string;
  kind: string;
  source: string;
  imported_at: Timestamp;
}
export interface WalletFetchTable {
  chain: string;
  address: string;
  provider: string;
  fetched_at: Timestamp;
  complete: boolean;
  transfers: number;
  error: string | null;
  status: string;
  pages: number;
}

export interface WebhookEndpointTable {
  id: string;
  seq: BigSerial;
  owner_id: string;
  url: string;
  event_types: Json<string[]>;
  description: string | null;
  is_active: boolean;
  secret: string;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}
export interface WebhookDeliveryTable {
  id: string;
  seq: BigSerial;
  endpoint_id: string;
  owner_id: string;
  event_id: string;
  event_type: string;
  idempotency_key: string | null;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  delivered_at: Timestamp | null;
}

export interface ScreeningListTable {
  id: Generated<string>;
  name: string;
  version: string;
  format: string;
  list_date: string | null;
  entry_count: number;
  imported_at: Timestamp;
  active: boolean;
}
export interface ScreeningListEntryTable {
  list_id: string;
  kind: string;
  value: string;
  chain: string | null;
  disposition: string;
  meta: Json<Record<string, unknown>> | null;
}
export interface ScreeningScanTable {
  id: string;
  owner_id: string;
  type: string;
  chain: string;
  value: string;
  verdict: string;
  risk_score: number;
  result: Json<Record<string, unknown>>;
  created_at: Timestamp;
  kit_fingerprint: string | null;
  subject_host: string | null;
  kit_allow_listed: Generated<boolean>;
}
export interface ScreeningFeedbackTable {
  id: string;
  scan_id: string;
  verdict: string;
  reason: string;
  status: string;
  client_ip: string | null;
  created_at: Timestamp;
}

export interface DashboardLoginLinkTable {
  token_hash: string;
  owner_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface DashboardSessionTable {
  id: string;
  token_hash: string;
  owner_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface KeyUsageTable {
  key_id: string;
  month: string;
  requests: ColumnType<string, number, number>;
}

/** A stored evidence item a reviewer relied on: its lane and ordinal in the cluster, and its kind. */
export interface EvidenceRef {
  lane: string;
  ordinal: number;
  kind: string;
}
/** Human review (src/reviews/): kept apart from run results, never referenced by them. */
export interface ReviewTable {
  id: string;
  seq: BigSerial;
  owner_id: string;
  campaign_id: string;
  analysis_id: string;
  subject: string;
  cluster_label: string | null;
  wallet_address: string | null;
  verdict: string;
  reviewer: string;
  note: string;
  evidence: Json<EvidenceRef[]>;
  appeal_id: string | null;
  created_at: Timestamp;
}
export interface AppealTable {
  id: string;
  seq: BigSerial;
  owner_id: string;
  campaign_id: string;
  analysis_id: string;
  wallet_address: string;
  message: string;
  contact: string;
  source: string;
  status: string;
  resolution_review_id: string | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}
export interface RunWalletWithoutDataTable {
  analysis_id: string;
  wallet_address: string;
}

export interface Database {
  api_keys: ApiKeyTable;
  owner_plans: OwnerPlanTable;
  usage_counters: UsageCounterTable;
  campaigns: CampaignTable;
  policy_versions: PolicyVersionTable;
  outbox_events: OutboxEventTable;
  server_settings: ServerSettingTable;
  analyses: AnalysisTable;
  analysis_inputs: AnalysisInputTable;
  clusters: ClusterTable;
  cluster_evidence: ClusterEvidenceTable;
  decisions: DecisionTable;
  transfers: TransferTable;
  address_labels: AddressLabelTable;
  wallet_fetches: WalletFetchTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  screening_lists: ScreeningListTable;
  screening_list_entries: ScreeningListEntryTable;
  screening_scans: ScreeningScanTable;
  screening_feedback: ScreeningFeedbackTable;
  dashboard_login_links: DashboardLoginLinkTable;
  dashboard_sessions: DashboardSessionTable;
  key_usage: KeyUsageTable;
  reviews: ReviewTable;
  appeals: AppealTable;
  run_wallets_without_data: RunWalletWithoutDataTable;
}
