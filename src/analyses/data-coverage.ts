/**
 * What a run knew: per wallet, whether any transfer data (stored or fetched) touched it. A wallet without data
 * can only be approved for lack of evidence, so its reasons say so, and the run summary, the 202 answer, the
 * dashboard and the CLI warn when coverage is low.
 *
 * LOW_COVERAGE_SHARE is a product rule, not a tuned figure: when fewer than half of the wallets had any transfer
 * data, most decisions of the run rest on nothing, and the operator must be told before paying out.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { walletsWithStoredTransfers } from '../../storage/repos/coverage-repo.ts';
import type { StoredDecision } from '../../storage/repos/analyses-repo.ts';
import type { EngineTransfers } from '../../engine/index.ts';
import type { ChainFamily } from '../core/chains.ts';

export const LOW_COVERAGE_SHARE = 0.5;
/** The 202 answer checks at most this many wallets against the store (the run itself checks every one). */
export const PREFLIGHT_MAX_WALLETS = 10_000;
export const NO_DATA_REASON =
  'no transfer data was available for this wallet (none stored or fetched): ' +
  'approved for lack of data, not cleared by evidence';
const HINT = 'import transfers or configure a chain provider';

/** The run's wallets that no loaded transfer touches. */
export function walletsWithoutTransfers(
  wallets: string[],
  transfers: Pick<EngineTransfers, 'addresses'> & { from: ArrayLike<number>; to: ArrayLike<number> },
): string[] {
  const touched = new Set<number>();
  for (let i = 0; i < transfers.from.length; i++) {
    touched.add(transfers.from[i]);
    touched.add(transfers.to[i]);
  }
  const seen = new Set<string>();
  for (const i of touched) seen.add(transfers.addresses[i]);
  return wallets.filter((w) => !seen.has(w));
}

/** Adds the no-data reason to every approved wallet that had no transfer data; returns how many. */
export function markApprovedForLackOfData(decisions: StoredDecision[], without: Set<string>): number {
  let n = 0;
  for (const d of decisions) {
    if (d.recommendedAction !== 'approve' || !without.has(d.walletAddress)) continue;
    d.reasons = [...d.reasons, NO_DATA_REASON];
    n++;
  }
  return n;
}

export interface DataCoverage {
  wallets: number;
  withTransferData: number;
  withoutTransferData: number;
  approvedForLackOfData: number;
  low: boolean;
  warning: string | null;
}

export function coverageSummary(wallets: number, without: number, approvedForLackOfData: number): DataCoverage {
  const low = wallets > 0 && (wallets - without) / wallets < LOW_COVERAGE_SHARE;
  const who = approvedForLackOfData === wallets ? 'every wallet' : `${approvedForLackOfData} wallets`;
  return {
    wallets,
    withTransferData: wallets - without,
    withoutTransferData: without,
    approvedForLackOfData,
    low,
    warning: low
      ? `no transfer data for ${without} of ${wallets} wallets: ${who} approved for lack of data; ${HINT}`
      : null,
  };
}

/** The 202 answer's look ahead: stored transfers for (up to PREFLIGHT_MAX_WALLETS of) the wallets, and a provider. */
export async function preflightCoverage(
  db: Kysely<Database>,
  family: ChainFamily,
  wallets: string[],
  chainProviderConfigured: boolean,
): Promise<Record<string, unknown>> {
  const checked = wallets.slice(0, PREFLIGHT_MAX_WALLETS);
  const stored = (await walletsWithStoredTransfers(db, family, checked)).size;
  const low = !chainProviderConfigured && checked.length > 0 && stored / checked.length < LOW_COVERAGE_SHARE;
  return {
    walletsChecked: checked.length,
    withStoredTransfers: stored,
    chainProviderConfigured,
    low,
    warning: low
      ? `no stored transfer data for ${checked.length - stored} of ${checked.length} wallets and no chain provider: ` +
        `those wallets will be approved for lack of data; ${HINT}`
      : null,
  };
}

/** What the loaded transfers say besides who paid whom: shares with a block time, an amount, a transaction hash. */
export interface TransferFields {
  transfers: number;
  withBlockTime: number;
  withAmount: number;
  withTxHash: number;
  warning: string | null;
}

/**
 * The timing evidence (batches, co-timed and uniform funding, funders told from hot wallets) needs block times, and
 * amounts for most of it; without times, transaction hashes still show batches. A product rule like
 * LOW_COVERAGE_SHARE: below half of the transfers timed, the user is told what the engine cannot see.
 */
export function transferFieldsSummary(
  n: number,
  times?: ArrayLike<number>,
  amounts?: ArrayLike<number>,
  txIds?: ArrayLike<number>,
): TransferFields {
  let timed = 0;
  let priced = 0;
  let hashed = 0;
  for (let i = 0; i < n; i++) {
    if (times && !Number.isNaN(times[i])) timed++;
    if (amounts && !Number.isNaN(amounts[i])) priced++;
    if (txIds && txIds[i] !== 0) hashed++;
  }
  const untimed = n > 0 && timed / n < LOW_COVERAGE_SHARE;
  return {
    transfers: n,
    withBlockTime: timed,
    withAmount: priced,
    withTxHash: hashed,
    warning: untimed
      ? `${n - timed} of ${n} transfers have no block time: funding cannot be timed, so farms of fewer than 8 ` +
        'wallets are not flagged and a funder of 1,000+ wallets is taken for infrastructure' +
        (hashed / n < LOW_COVERAGE_SHARE
          ? '; add block_time (or at least tx_hash) columns'
          : '; tx_hash still shows batches')
      : null,
  };
}
