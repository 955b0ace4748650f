/**
 * The analysis worker's beforeLoad hook for live chain data (docs/chain-providers.md). For a run whose chain has
 * a configured provider, every wallet the store does not cover yet is fetched (depth 1, bounded by the page cap),
 * written to the transfer store with source `provider:<kind>` and a wallet_fetches row, and reused by later
 * runs. Covered means: a non-failed fetch younger than CHAIN_FETCH_MAX_AGE_HOURS, or imported transfers of the
 * same chain touching the wallet. With CHAIN_FETCH_FUNDERS=1 the first funder of each fetched wallet is fetched
 * too. At most CHAIN_FETCH_MAX_WALLETS wallets are fetched per run (the rest are named as deferred and fetched by
 * later runs). A wallet that cannot be fetched is recorded (status failed, with its error) and named in the run
 * summary;
 * the run goes on with what the store holds.
 */
import PQueue from 'p-queue';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import {
  freshFetches,
  importedAddresses,
  recordFetch,
  PROVIDER_SOURCE_PREFIX,
  type FetchStatus,
} from '../../storage/repos/wallet-fetches-repo.ts';
import type { TransferRecord } from '../../storage/repos/transfers-repo.ts';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { storedChainName, transferDedupKey } from '../imports/transfer-import.ts';
import type { ChainProvider, FetchedTransfer } from './providers/chain-provider.ts';
import { createProviderRegistry, type ProviderRegistry } from './providers/provider-registry.ts';

export const MAX_FAILED_WALLETS_REPORTED = 50;

export type BeforeLoad = (
  run: { id: string; chain: string },
  wallets: Array<{ address: string }>,
  progress: (p: Record<string, unknown>) => void,
) => Promise<Record<string, unknown>>;

export interface ChainFetchDeps {
  db: Kysely<Database>;
  config: Config;
  log: Logger;
  registry?: ProviderRegistry;
}

interface Tally {
  fetched: number;
  partial: number;
  failed: number;
  failedWallets: Array<{ address: string; error: string }>;
  transfersFetched: number;
  transfersStored: number;
}

export function createChainFetchHook(deps: ChainFetchDeps): BeforeLoad {
  const { db, config, log } = deps;
  const registry = deps.registry ?? createProviderRegistry(config.chainProviders, config.chainFetch);

  async function uncovered(
    chain: string,
    addresses: string[],
  ): Promise<{ todo: string[]; cached: number; imported: number }> {
    const freshSince = new Date(Date.now() - config.chainFetch.maxAgeHours * 3_600_000);
    const fresh = await freshFetches(db, chain, addresses, freshSince);
    const rest = addresses.filter((a) => !fresh.has(a));
    const imported = await importedAddresses(db, chain, rest);
    return { todo: rest.filter((a) => !imported.has(a)), cached: fresh.size, imported: imported.size };
  }

  /** Fetches and stores each address; returns the first funder (earliest sender to it) of every fetched one. */
  async function fetchAll(
    provider: ChainProvider,
    chain: string,
    addresses: string[],
    tally: Tally,
    onDone: () => void,
  ): Promise<string[]> {
    const funders: string[] = [];
    const queue = new PQueue({ concurrency: config.chainFetch.walletConcurrency });
    const one = async (address: string): Promise<void> => {
      let status: FetchStatus = 'failed';
      let error: string | null = null;
      let transfers: FetchedTransfer[] = [];
      let pages = 0;
      try {
        const h = await provider.fetchWallet(address);
        transfers = h.transfers;
        pages = h.pages;
        status = h.partial ? 'partial' : 'ok';
      } catch (err) {
        error = `${(err as { code?: string }).code ?? 'provider_error'}: ${(err as Error).message}`;
        log.warn({ chain, address, err: error }, 'chain data fetch failed');
      }
      const rows: TransferRecord[] = transfers.map((t) => ({
        chain,
        ...t,
        source: PROVIDER_SOURCE_PREFIX + provider.name,
        dedupKey: transferDedupKey(chain, t.from, t.to, t.txHash, t.blockTime, t.amount, t.asset),
      }));
      const stored = await recordFetch(db, {
        chain,
        address,
        provider: provider.name,
        status,
        pages,
        error,
        transfers: rows,
      });
      tally.transfersStored += stored; // (not `+= await`: concurrent fetches would lose counts)
      if (status === 'failed') {
        tally.failed++;
        if (tally.failedWallets.length < MAX_FAILED_WALLETS_REPORTED)
          tally.failedWallets.push({ address, error: error! });
      } else {
        tally.fetched++;
        if (status === 'partial') tally.partial++;
        tally.transfersFetched += rows.length;
        const first = transfers
          .filter((t) => t.to === address && t.from !== address)
          .sort((a, b) => (a.blockTime ?? Infinity) - (b.blockTime ?? Infinity))[0];
        if (first) funders.push(first.from);
      }
      onDone();
    };
    await Promise.all(addresses.map((a) => queue.add(() => one(a))));
    return [...new Set(funders)];
  }

  return async (run, wallets, progress) => {
    const provider = registry.forChain(run.chain);
    if (!provider)
      return {
        dataSource: 'stored',
        provider: null,
        note: `no chain provider configured for ${run.chain}: stored transfers only`,
      };
    const chain = storedChainName(run.chain);
    const addresses = [...new Set(wallets.map((w) => w.address))];
    const found = await uncovered(chain, addresses);
    const { cached, imported } = found;
    // a run fetches at most CHAIN_FETCH_MAX_WALLETS wallets (input order): at a few requests per second a large
    // list would hold the run for days; fetched wallets are cached, so the next runs fetch the rest
    const todo = found.todo.slice(0, config.chainFetch.maxWalletsPerRun);
    const deferred = found.todo.length - todo.length;
    const tally: Tally = {
      fetched: 0,
      partial: 0,
      failed: 0,
      failedWallets: [],
      transfersFetched: 0,
      transfersStored: 0,
    };
    const report = (total: number): void =>
      progress({ phase: 'fetching_chain_data', fetched: tally.fetched, total, failed: tally.failed });
    report(todo.length);
    const started = Date.now();
    const funders = await fetchAll(provider, chain, todo, tally, () => report(todo.length));
    const walletTally = { ...tally, failedWallets: [...tally.failedWallets] };
    let funderSummary: Record<string, unknown> | undefined;
    if (config.chainFetch.fetchFunders) {
      const walletSet = new Set(addresses);
      const f = await uncovered(
        chain,
        funders.filter((a) => !walletSet.has(a)),
      );
      const ft: Tally = {
        fetched: 0,
        partial: 0,
        failed: 0,
        failedWallets: [],
        transfersFetched: 0,
        transfersStored: 0,
      };
      progress({ phase: 'fetching_chain_data', funders: f.todo.length });
      await fetchAll(provider, chain, f.todo, ft, () =>
        progress({ fundersFetched: ft.fetched, fundersFailed: ft.failed }),
      );
      funderSummary = {
        total: funders.length,
        cached: f.cached + f.imported,
        fetched: ft.fetched,
        failed: ft.failed,
        transfersStored: ft.transfersStored,
      };
    }
    log.info(
      {
        analysisId: run.id,
        chain,
        provider: provider.name,
        total: todo.length,
        fetched: walletTally.fetched,
        failed: walletTally.failed,
        seconds: (Date.now() - started) / 1000,
      },
      'chain data fetched',
    );
    return {
      dataSource: 'stored+provider',
      provider: provider.name,
      fetched: walletTally.fetched,
      cached,
      imported,
      partial: walletTally.partial,
      failed: walletTally.failed,
      failedWallets: walletTally.failedWallets,
      transfersFetched: walletTally.transfersFetched,
      transfersStored: walletTally.transfersStored,
      maxAgeHours: config.chainFetch.maxAgeHours,
      ...(deferred > 0
        ? {
            deferred,
            note:
              `${deferred} wallets over CHAIN_FETCH_MAX_WALLETS (${config.chainFetch.maxWalletsPerRun}) used ` +
              `stored data only; later runs fetch them`,
          }
        : {}),
      ...(funderSummary ? { funders: funderSummary } : {}),
    };
  };
}
