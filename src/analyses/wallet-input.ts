/**
 * Wallet input of an analysis start: JSON items (a string or an object) or CSV rows, validated against the
 * campaign's chain, normalised and de-duplicated (first occurrence wins). Invalid addresses are named (first 20).
 */
import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { DomainError } from '../core/domain-error.ts';
import { normaliseAddress } from '../core/address/address.ts';
import type { ChainFamily } from '../core/chains.ts';
import type { EngineWalletInput } from '../../engine/index.ts';

/** A listed wallet after validation: exactly the engine's wallet input. */
export type WalletInput = EngineWalletInput;

type RawItem = string | Record<string, unknown>;

const FIELDS = [
  'policyAction',
  'reputationLabel',
  'policyReason',
  'campaignPoints',
  'campaignEventType',
  'referrerAddress',
  'referralCode',
] as const;
const POLICY_ACTIONS = new Set(['approve', 'manual_review', 'reject']);
export const MAX_NAMED_INVALID = 20;

export interface NormalisedWallets {
  wallets: WalletInput[];
  duplicates: number;
  inputHash: string;
}

export function normaliseWallets(family: ChainFamily, items: RawItem[], maxWallets: number): NormalisedWallets {
  if (items.length === 0) throw new DomainError('validation_failed', 'wallets must hold at least 1 wallet');
  if (items.length > maxWallets)
    throw new DomainError('too_many_wallets', `an analysis takes at most ${maxWallets} wallets, got ${items.length}`, {
      maxWallets,
    });
  const invalid: Array<{ index: number; value: string; reason: string }> = [];
  let invalidCount = 0;
  const seen = new Set<string>();
  const wallets: WalletInput[] = [];
  let duplicates = 0;
  items.forEach((item, index) => {
    let raw: string | undefined;
    const w: Partial<WalletInput> = {};
    if (typeof item === 'string') raw = item;
    else {
      const candidates = [item.wallet, item.walletAddress, item.address].filter(
        (v) => v !== undefined && v !== '',
      ) as string[];
      // compared in the chain's own normal form: EVM ignores case, base58 (Solana) is case-sensitive
      if (
        new Set(
          candidates.map((c) => {
            const n = normaliseAddress(family, String(c));
            return n.ok ? n.address : String(c).trim();
          }),
        ).size > 1
      ) {
        invalidCount++;
        if (invalid.length < MAX_NAMED_INVALID)
          invalid.push({
            index,
            value: candidates.join(' / ').slice(0, 120),
            reason: 'wallet, walletAddress and address name different addresses',
          });
        return;
      }
      raw = candidates[0];
      for (const f of FIELDS) if (item[f] !== undefined && item[f] !== '') Object.assign(w, { [f]: item[f] });
    }
    const res =
      raw === undefined
        ? { ok: false as const, reason: 'no wallet, walletAddress or address' }
        : normaliseAddress(family, raw);
    if (!res.ok) {
      invalidCount++;
      if (invalid.length < MAX_NAMED_INVALID)
        invalid.push({ index, value: String(raw ?? '').slice(0, 120), reason: res.reason });
      return;
    }
    if (w.referrerAddress !== undefined) {
      const ref = normaliseAddress(family, String(w.referrerAddress));
      if (ref.ok) w.referrerAddress = ref.address;
    }
    if (seen.has(res.address)) {
      duplicates++;
      return;
    }
    seen.add(res.address);
    wallets.push({ address: res.address, ...w });
  });
  if (invalidCount > 0) {
    throw new DomainError(
      'invalid_wallets',
      `${invalidCount} wallet address(es) are not valid for this campaign's chain; first: ${invalid
        .slice(0, 3)
        .map((i) => `${JSON.stringify(i.value)} (${i.reason})`)
        .join(', ')}`,
      { invalidCount, invalid },
    );
  }
  const inputHash = 'sha256:' + createHash('sha256').update(JSON.stringify(wallets)).digest('hex');
  return { wallets, duplicates, inputHash };
}

const ADDRESS_COLUMNS = ['wallet', 'walletAddress', 'address'] as const;

/**
 * Header names as exports write them, matched case-insensitively: `Address`, `wallet_address`, `Wallet Address` and
 * `account` are the address columns of explorer and spreadsheet exports; the wallet-input fields keep their names
 * in any case.
 */
const HEADER_NAMES = new Map<string, string>([
  ...ADDRESS_COLUMNS.map((c): [string, string] => [c.toLowerCase(), c]),
  ['wallet_address', 'walletAddress'],
  ['wallet address', 'walletAddress'],
  ['account', 'address'],
  ...FIELDS.map((f): [string, string] => [f.toLowerCase(), f]),
]);

/**
 * Header names, trimmed and put in their canonical case; a name given twice is refused (csv-parse would silently
 * keep only the last column).
 */
function csvHeader(header: string[]): string[] {
  const names = header.map((c) => HEADER_NAMES.get(c.trim().toLowerCase()) ?? c.trim());
  const twice = names.find((c, i) => c !== '' && names.indexOf(c) !== i);
  if (twice !== undefined)
    throw new DomainError(
      'invalid_csv',
      `csvFile header names the column ${JSON.stringify(twice.slice(0, 60))} more than once`,
    );
  return names;
}

/** Reads CSV text with a header row naming the address column (wallet, walletAddress or address). */
export function walletsFromCsv(text: string): RawItem[] {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text, {
      columns: csvHeader,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: false,
      max_record_size: 64 * 1024,
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('invalid_csv', `csvFile is not valid CSV: ${(err as Error).message}`);
  }
  if (rows.length === 0) throw new DomainError('invalid_csv', 'csvFile has no data rows');
  const header = Object.keys(rows[0]);
  const addressColumns = ADDRESS_COLUMNS.filter((c) => header.includes(c));
  if (addressColumns.length === 0)
    throw new DomainError(
      'invalid_csv',
      `csvFile needs a header row with a wallet, walletAddress or address column (any case; wallet_address and ` +
        `account too; found: ` +
        `${header.slice(0, 10).join(', ')})`,
    );
  return rows.map((row, i) => {
    // every address column is kept: a row whose columns name different addresses is refused like a JSON item
    const item: Record<string, unknown> = {};
    for (const c of addressColumns) if (row[c] !== undefined && row[c] !== '') item[c] = row[c];
    for (const f of FIELDS) {
      const v = row[f];
      if (v === undefined || v === '') continue;
      if (f === 'campaignPoints') {
        const n = Number(v);
        if (!Number.isFinite(n)) throw new DomainError('invalid_csv', `row ${i + 2}: campaignPoints must be a number`);
        item[f] = n;
      } else if (f === 'policyAction') {
        if (!POLICY_ACTIONS.has(v))
          throw new DomainError('invalid_csv', `row ${i + 2}: policyAction must be approve, manual_review or reject`);
        item[f] = v;
      } else item[f] = v;
    }
    return item;
  });
}
