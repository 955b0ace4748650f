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
