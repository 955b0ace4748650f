/**
 * List cleaning at import (docs/screening.md, "List cleaning"): public block-lists are noisy (ScamSniffer's address
 * list has carried USDC, WETH and the ENS registrar). A block entry is dropped, with the reason reported, when it
 * names something the product knows to be legitimate or something no one controls:
 * - `well_known_contract`: an EVM address of the protocol registry (registry/protocol-contracts.ts);
 * - `well_known_token`: an address or mint of a token list loaded next to it (cross-list, knowledge.ts);
 * - `official_domain`: a host on a curated brand's own registrable domain (metamask.io, uniswap.org ...);
 * - `null_address`: the zero address (no one holds its key: a block of it would block every mint and burn);
 * - `allowed_in_same_list`: the same value is also an allow entry of the same list (allow wins, as in lookups);
 * - `duplicate`: the same kind, value, chain and disposition again.
 * Dropped block entries whose value is well known stay visible: scans of it get a `*.list_conflict` info finding.
 */
import { parse as parseHost } from 'tldts';
import { protocolContract } from '../registry/protocol-contracts.ts';
import { CURATED } from '../url/brand-anchors.ts';
import type { ListEntry, ParsedList } from './list-entry.ts';

export type DropReason =
  | 'well_known_contract'
  | 'well_known_token'
  | 'official_domain'
  | 'null_address'
  | 'allowed_in_same_list'
  | 'duplicate';

export interface DroppedEntry {
  list: string;
  kind: ListEntry['kind'];
  value: string;
  reason: DropReason;
  /** What made it legitimate (registry label, token symbol, brand). */
  detail?: string;
}

const OFFICIAL = new Map<string, string>();
for (const [brand, domains] of Object.entries(CURATED)) for (const d of domains) OFFICIAL.set(d, brand);

const NULL_ADDRESSES = new Set(['0x0000000000000000000000000000000000000000']);

/** Why a block entry must not block, judged from the entry alone (built-in registry, brands, null addresses). */
function dropReason(e: ListEntry): { reason: DropReason; detail?: string } | null {
  if (e.disposition !== 'block') return null;
  if (e.kind === 'domain') {
    const domain = parseHost(e.value, { allowPrivateDomains: true }).domain;
    const brand = domain !== null ? OFFICIAL.get(domain) : undefined;
    return brand !== undefined ? { reason: 'official_domain', detail: brand } : null;
  }
  if (e.chain === 'solana') return null;
  if (NULL_ADDRESSES.has(e.value)) return { reason: 'null_address' };
  const c = protocolContract(e.value);
  return c !== null ? { reason: 'well_known_contract', detail: c.label } : null;
}

/** The list without the entries that must not block; `dropped` says which and why. */
export function cleanList(list: ParsedList): { list: ParsedList; dropped: DroppedEntry[] } {
  const dropped: DroppedEntry[] = [];
  const seen = new Set<string>();
  const allowed = new Set(
    list.entries.filter((e) => e.disposition === 'allow').map((e) => `${e.kind}|${e.chain}|${e.value}`),
  );
  const entries: ListEntry[] = [];
  for (const e of list.entries) {
    const key = `${e.kind}|${e.chain}|${e.value}`;
    const drop = (reason: DropReason, detail?: string): void => {
      dropped.push({ list: list.name, kind: e.kind, value: e.value, reason, ...(detail ? { detail } : {}) });
    };
    if (seen.has(`${key}|${e.disposition}`)) {
      drop('duplicate');
      continue;
    }
    seen.add(`${key}|${e.disposition}`);
    if (e.disposition === 'block' && allowed.has(key)) {
      drop('allowed_in_same_list');
      continue;
    }
    const why = dropReason(e);
    if (why !== null) {
      drop(why.reason, why.detail);
      continue;
    }
    entries.push(e);
  }
  return { list: { ...list, entries }, dropped };
}

/** Counts of dropped entries by reason (CLI output, logs). */
export function droppedSummary(dropped: DroppedEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of dropped) out[d.reason] = (out[d.reason] ?? 0) + 1;
  return out;
}
