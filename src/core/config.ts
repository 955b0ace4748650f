/**
 * Service configuration: read from the environment once (readEnv), turned into a frozen typed object
 * (toConfig) that fails fast on bad values. Tests build configuration from literals with toConfig().
 * Every setting is documented in docs/configuration.md.
 */
import path from 'node:path';
import { CHAIN_INFO, CHAINS } from './chains.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
  readonly databasePoolSize: number;
  readonly dashboardSessionHours: number;
  readonly readCacheBytes: number;
  /** Longest time a cached API key is used without reading it again: the bound on a missed revocation notice. */
  readonly keyCacheTtlMs: number;
  readonly csvUploadLimitBytes: number;
  readonly maxWalletsPerAnalysis: number;
  readonly exportMaxMembers: number;
  readonly exportMaxEvidence: number;
  readonly workerConcurrency: number;
  readonly engineThreads: number;
  /** A claimed run's lease: another worker takes the run over once it expires (the worker died). */
  readonly leaseSeconds: number;
  /** How often a live worker renews its lease; at most a third of the lease. */
  readonly heartbeatSeconds: number;
  readonly pollIntervalMs: number;
  readonly runWorkerInServer: boolean;
  readonly unsafeAllowPrivateWebhookTargets: boolean;
  /** URL-scan page fetches may reach private and loopback addresses (tests only; webhooks have their own). */
  readonly unsafeAllowPrivateScanTargets: boolean;
  readonly cursorSecret: string | null;
  readonly requestTimeoutMs: number;
  readonly shutdownTimeoutMs: number;
  readonly webhookTimeoutMs: number;
  readonly webhookConcurrency: number;
  readonly webhookRetryScheduleSeconds: readonly number[];
  readonly webhookMaxRetryAfterSeconds: number;
  readonly allowHttpWebhooks: boolean;
  /** Live chain data providers keyed by campaign chain name (docs/chain-providers.md). */
  readonly chainProviders: Readonly<Record<string, ChainProviderConfig>>;
  readonly chainFetch: ChainFetchConfig;
}

export type ChainProviderKind = 'etherscan' | 'blockscout' | 'solana-rpc';

export interface ChainProviderConfig {
  readonly chain: string;
  readonly kind: ChainProviderKind;
  readonly url: string;
  readonly apiKey: string | null;
  /** Etherscan v2 `chainid`; null for Blockscout and Solana. */
  readonly chainId: number | null;
  readonly ratePerSecond: number;
}

export interface ChainFetchConfig {
  /** Uncovered wallets fetched per run at most (input order); the rest wait for later runs. */
  readonly maxWalletsPerRun: number;
  readonly maxAgeHours: number;
  readonly maxPages: number;
  readonly pageSize: number;
  readonly maxSolanaTransactions: number;
  readonly fetchFunders: boolean;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly backoffMs: number;
  readonly maxRetryAfterSeconds: number;
  readonly walletConcurrency: number;
  readonly allowPrivate: boolean;
}

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got ${JSON.stringify(raw)}`);
}

/** Delay before each retry, in seconds; the number of entries is the number of retries after the first attempt. */
function schedule(raw: string | undefined): number[] {
  if (raw === undefined || raw === '') return [30, 120, 600, 1800, 7200, 21600];
  const parts = raw.split(',').map((p) => Number(p.trim()));
  if (parts.length === 0 || parts.length > 20 || parts.some((n) => !Number.isFinite(n) || n < 0 || n > 86_400))
    throw new ConfigError(
      'WEBHOOK_RETRY_SCHEDULE_SECONDS must be a comma-separated list of up to 20 delays from 0 to 86400 seconds',
    );
  return parts;
}

const DEFAULT_PROVIDER_URLS: Record<ChainProviderKind, string | null> = {
  etherscan: 'https://api.etherscan.io/v2/api',
  blockscout: null,
  'solana-rpc': 'https://api.mainnet-beta.solana.com',
};

/** CHAIN_PROVIDER_<CHAIN> (+ _URL, _API_KEY, _CHAIN_ID, _RATE_PER_SECOND) for every campaign chain that sets it. */
function chainProviders(env: Env): Record<string, ChainProviderConfig> {
  const out: Record<string, ChainProviderConfig> = {};
  for (const chain of CHAINS) {
    const defaultChainId = CHAIN_INFO[chain].chainId;
    const prefix = `CHAIN_PROVIDER_${chain.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
    const kind = env[prefix] as ChainProviderKind | undefined;
    if (!kind) continue;
    const solana = chain === 'Solana';
    if (solana ? kind !== 'solana-rpc' : kind !== 'etherscan' && kind !== 'blockscout')
      throw new ConfigError(
        `${prefix} must be ${solana ? 'solana-rpc' : 'etherscan or blockscout'}, got ${JSON.stringify(kind)}`,
      );
    const url = env[`${prefix}_URL`] || DEFAULT_PROVIDER_URLS[kind];
    if (!url) throw new ConfigError(`${prefix}_URL is required for ${kind}`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`${prefix}_URL is not a valid URL`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new ConfigError(`${prefix}_URL must be http(s)`);
    out[chain] = Object.freeze({
      chain,
      kind,
      url,
      apiKey: env[`${prefix}_API_KEY`] || null,
      chainId: kind === 'etherscan' ? int(env, `${prefix}_CHAIN_ID`, defaultChainId ?? 1, 1, 2 ** 31) : null,
      ratePerSecond: int(env, `${prefix}_RATE_PER_SECOND`, kind === 'solana-rpc' ? 10 : 3, 1, 1000),
    });
  }
  return out;
}

function chainFetch(env: Env): ChainFetchConfig {
  return Object.freeze({
    maxAgeHours: int(env, 'CHAIN_FETCH_MAX_AGE_HOURS', 24, 0, 24 * 365),
    maxPages: int(env, 'CHAIN_FETCH_MAX_PAGES', 5, 1, 100),
    pageSize: int(env, 'CHAIN_FETCH_PAGE_SIZE', 1000, 1, 10_000),
    maxSolanaTransactions: int(env, 'CHAIN_FETCH_MAX_SOLANA_TRANSACTIONS', 200, 1, 10_000),
    fetchFunders: bool(env, 'CHAIN_FETCH_FUNDERS', false),
    timeoutMs: int(env, 'CHAIN_FETCH_TIMEOUT_MS', 20_000, 50, 300_000),
    maxRetries: int(env, 'CHAIN_FETCH_MAX_RETRIES', 4, 0, 20),
    backoffMs: int(env, 'CHAIN_FETCH_BACKOFF_MS', 1000, 1, 60_000),
    maxRetryAfterSeconds: int(env, 'CHAIN_FETCH_MAX_RETRY_AFTER_SECONDS', 60, 0, 3600),
    walletConcurrency: int(env, 'CHAIN_FETCH_CONCURRENCY', 4, 1, 64),
    maxWalletsPerRun: int(env, 'CHAIN_FETCH_MAX_WALLETS', 5000, 0, 5_000_000),
    allowPrivate: bool(env, 'CHAIN_PROVIDER_ALLOW_PRIVATE', false),
  });
}

/**
 * Lease and heartbeat of analysis runs: a dead worker's run is taken up within JOB_LEASE_SECONDS (10 s) plus one
 * poll; a live worker renews every JOB_HEARTBEAT_SECONDS (2 s), so it keeps its run through a stall of up to the
 * lease minus one heartbeat (8 s) of its event loop.
 */
function jobLease(env: Env): { leaseSeconds: number; heartbeatSeconds: number } {
  const leaseSeconds = int(env, 'JOB_LEASE_SECONDS', 10, 3, 3600);
  const heartbeatSeconds = int(env, 'JOB_HEARTBEAT_SECONDS', Math.max(1, Math.floor(leaseSeconds / 4)), 1, 1200);
  if (heartbeatSeconds * 3 > leaseSeconds)
    throw new ConfigError('JOB_HEARTBEAT_SECONDS must be at most a third of JOB_LEASE_SECONDS');
  return { leaseSeconds, heartbeatSeconds };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function toConfig(env: Env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const cursorSecret = env.CURSOR_SECRET || null;
  if (cursorSecret && cursorSecret.length < 32) throw new ConfigError('CURSOR_SECRET must be at least 32 characters');
  return Object.freeze({
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    logLevel,
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 16 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    readCacheBytes: int(env, 'READ_CACHE_MB', 64, 0, 16384) * 1024 * 1024,
    keyCacheTtlMs: int(env, 'KEY_CACHE_TTL_MS', 5000, 0, 60_000),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 20, 1, 500),
    dashboardSessionHours: int(env, 'DASHBOARD_SESSION_HOURS', 12, 1, 24 * 30),
    csvUploadLimitBytes: int(env, 'CSV_UPLOAD_LIMIT_BYTES', 32 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxWalletsPerAnalysis: int(env, 'MAX_WALLETS_PER_ANALYSIS', 250_000, 1, 5_000_000),
    exportMaxMembers: int(env, 'EXPORT_MAX_MEMBERS', 50_000, 1, 1_000_000),
    exportMaxEvidence: int(env, 'EXPORT_MAX_EVIDENCE', 5_000, 1, 100_000),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 1, 1, 64),
    engineThreads: int(env, 'ENGINE_THREADS', 2, 1, 256),
    ...jobLease(env),
    pollIntervalMs: int(env, 'JOB_POLL_INTERVAL_MS', 500, 10, 60_000),
    runWorkerInServer: bool(env, 'RUN_WORKER', true),
    unsafeAllowPrivateWebhookTargets: bool(env, 'UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS', false),
    unsafeAllowPrivateScanTargets: bool(env, 'UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS', false),
    cursorSecret,
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 15_000, 100, 600_000),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookConcurrency: int(env, 'WEBHOOK_CONCURRENCY', 8, 1, 100),
    webhookRetryScheduleSeconds: Object.freeze(schedule(env.WEBHOOK_RETRY_SCHEDULE_SECONDS)),
    webhookMaxRetryAfterSeconds: int(env, 'WEBHOOK_MAX_RETRY_AFTER_SECONDS', 3600, 1, 86_400),
    allowHttpWebhooks: bool(env, 'UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS', false),
    chainProviders: Object.freeze(chainProviders(env)),
    chainFetch: chainFetch(env),
  });
}

export function readEnv(): Env {
  return { ...process.env };
}
