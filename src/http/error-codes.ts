/**
 * Every stable error code the API can answer, with its HTTP status and meaning. docs/errors.md lists the same
 * codes (a test keeps the two in step). Domain, storage and engine errors carry only the code.
 */
export interface ErrorCodeInfo {
  status: number;
  description: string;
}

export const ERROR_CODES: Record<string, ErrorCodeInfo> = {
  invalid_json: { status: 400, description: 'The request body is not valid JSON.' },
  validation_failed: {
    status: 400,
    description:
      'The body or query does not match the schema (wrong type, missing or unknown field, bad enum value, ' +
      'out-of-range number).',
  },
  invalid_cursor: {
    status: 400,
    description: 'The cursor is malformed, too long, tampered with, or belongs to another scope, owner or resource.',
  },
  invalid_wallets: {
    status: 400,
    description: 'One or more wallet addresses are not valid for the campaign chain; the first ones are named.',
  },
  invalid_csv: { status: 400, description: 'The uploaded CSV cannot be read (no address column, bad row).' },
  missing_file: { status: 400, description: 'A multipart analysis start needs the csvFile part.' },
  too_many_wallets: { status: 413, description: 'The analysis has more wallets than MAX_WALLETS_PER_ANALYSIS.' },
  payload_too_large: { status: 413, description: 'The request body is larger than the documented limit.' },
  unsupported_media_type: {
    status: 415,
    description: 'The Content-Type is not accepted by this operation (JSON, or multipart where documented).',
  },
  missing_credentials: { status: 401, description: 'No `Authorization: Bearer <key>` header.' },
  invalid_api_key: { status: 401, description: 'The API key is unknown, malformed or revoked.' },
  session_required: {
    status: 401,
    description: 'Dashboard: no valid session cookie (never signed in, signed out, or unknown session).',
  },
  session_expired: {
    status: 401,
    description: 'Dashboard: the session has expired; sign in again with a new login link.',
  },
  login_link_invalid: { status: 401, description: 'Dashboard: the login link token is unknown or malformed.' },
  login_link_used: { status: 401, description: 'Dashboard: the login link was already used (each link works once).' },
  login_link_expired: { status: 401, description: 'Dashboard: the login link has expired.' },
  csrf_failed: {
    status: 403,
    description:
      "Dashboard: a state-changing request came from another origin or lacked the session's x-csrf-token header.",
  },
  plan_required: {
    status: 403,
    description: 'The operation needs an active starter or growth plan; the owner has none.',
  },
  plan_expired: { status: 403, description: "The owner's plan has expired." },
  growth_plan_required: { status: 403, description: 'Webhook management needs an active growth plan.' },
  quota_exceeded: {
    status: 429,
    description: "The starter plan's monthly allowance of v1 requests is spent; Retry-After says when it resets.",
  },
  rate_limited: {
    status: 429,
    description: 'Too many requests from this client for this operation; retry after Retry-After seconds.',
  },
  route_not_found: { status: 404, description: 'No such route.' },
  method_not_allowed: { status: 405, description: 'The route exists but not with this method.' },
  campaign_not_found: { status: 404, description: 'No campaign with this id belongs to the caller.' },
  analysis_not_found: { status: 404, description: 'No analysis with this id belongs to the campaign and caller.' },
  cluster_not_found: { status: 404, description: 'No cluster with this label is stored for the analysis.' },
  compare_run_not_found: { status: 404, description: 'compareTo names no run of the same campaign.' },
  webhook_not_found: { status: 404, description: 'No webhook endpoint with this id belongs to the caller.' },
  delivery_not_found: { status: 404, description: 'No delivery with this id belongs to the endpoint.' },
  scan_not_found: { status: 404, description: 'No screening scan with this id.' },
  lifecycle_transition_refused: {
    status: 409,
    description: 'The requested lifecycle move is not allowed from the current state (see docs/campaigns.md).',
  },
  campaign_archived: {
    status: 409,
    description: 'The campaign is archived: its lifecycle and policy can no longer change.',
  },
  campaign_not_accepting_runs: {
    status: 409,
    description: 'The campaign lifecycle forbids new analysis runs (completed or archived).',
  },
  no_completed_run: {
    status: 409,
    description: 'The campaign has no completed analysis run yet, so there is no decision package.',
  },
  run_not_completed: { status: 409, description: 'The analysis run is not completed yet.' },
  endpoint_disabled: {
    status: 409,
    description: 'The webhook endpoint is disabled (after a 410 or by PATCH); re-enable it before retrying.',
  },
  webhook_url_not_allowed: {
    status: 400,
    description: 'The webhook URL is not https, carries credentials, or names a non-public address.',
  },
  delivery_not_failed: { status: 409, description: 'Only a failed delivery can be retried.' },
  diff_too_large: { status: 413, description: 'A run compared by the diff has more than 50000 decisions.' },
  invalid_transaction: {
    status: 400,
    description: 'The screening transaction value is malformed (bad JSON, odd-length or unprefixed hex, wrong shape).',
  },
  invalid_screening_request: { status: 400, description: 'The screening type, chain or value is not valid.' },
  invalid_list: { status: 400, description: 'CLI: the list file does not match its --format.' },
  destination_blocked: {
    status: 502,
    description:
      'Outgoing request (webhook delivery, page fetch): the destination resolves to a non-public address. Recorded ' +
      'on the delivery or scan, not an API status.',
  },
  dns_failed: { status: 502, description: 'Outgoing request: the host name does not resolve.' },
  timeout: { status: 502, description: 'Outgoing request: no complete response in time.' },
  connection_failed: { status: 502, description: 'Outgoing request: the connection failed or was reset.' },
  response_too_large: { status: 502, description: 'Outgoing request: the response exceeded the size cap.' },
  provider_rate_limited: {
    status: 502,
    description:
      'Live chain data: the provider kept answering 429 or a rate-limit message after every retry. Recorded on the ' +
      'wallet fetch (run summary failedWallets), not an API status.',
  },
  provider_unavailable: {
    status: 502,
    description: 'Live chain data: the provider kept answering 5xx after every retry. Recorded on the wallet fetch.',
  },
  provider_error: {
    status: 502,
    description:
      'Live chain data: the provider refused the request (HTTP 4xx, invalid API key, JSON-RPC error). Recorded on ' +
      'the wallet fetch.',
  },
  provider_bad_response: {
    status: 502,
    description: 'Live chain data: the provider answer is not the expected JSON shape. Recorded on the wallet fetch.',
  },
  invalid_url: { status: 400, description: 'Outgoing request: the URL is invalid or carries credentials.' },
  scheme_not_allowed: {
    status: 400,
    description: 'Outgoing request: only https (and http where documented) is allowed.',
  },
  store_unavailable: { status: 503, description: 'The store cannot be reached right now.' },
  shutting_down: { status: 503, description: 'The server is shutting down.' },
  store_locked: {
    status: 503,
    description: 'Another process owns the embedded store (the CLI then routes through the running server).',
  },
  migration_failed: { status: 500, description: 'A storage migration failed at start-up.' },
  key_not_found: { status: 404, description: 'CLI: no API key with this id.' },
  feedback_not_found: { status: 404, description: 'CLI: no open screening feedback with this id.' },
  unknown_command: { status: 400, description: 'CLI/admin: no such admin command.' },
  engine_error: {
    status: 500,
    description: 'Analysis run error code: the engine failed on this input (the run status is failed).',
  },
  too_many_attempts: {
    status: 500,
    description: 'Analysis run error code: the run was claimed 3 times without finishing (its workers died).',
  },
  lease_lost: {
    status: 500,
    description:
      'Analysis run error code (internal): another worker took the run over; this worker discards its results.',
  },
  internal_error: { status: 500, description: 'An unexpected error; the log has details under the request id.' },
};

export function statusForCode(code: string): number {
  return ERROR_CODES[code]?.status ?? 500;
}
