/**
 * Kit memory: recognising a drainer kit on a new domain by its kit fingerprint (kit-fingerprint.ts: scam DNA plus
 * the lure findings and the marker text that triggered them).
 *
 * What is learned: a scan teaches the memory when its verdict is block, its page itself showed wallet lures (a page
 * finding of medium severity or more) and carried scripts, and its host is neither allow-listed nor well-known
 * (the registrable domain of a curated brand). A blocklisted domain's parked or empty page teaches nothing, so a
 * parking template shared by thousands of domains never becomes a kit. A fetched page on an allow-listed or
 * well-known host is kept as a sighting instead: such a fingerprint never counts across owners.
 *
 * Whose lessons count: what one owner's scans teach raises only that owner's verdicts, unless it is confirmed:
 * an operator accepted scam feedback on the teaching scan, or owners other than the asking one taught it (at least
 * KIT_CONFIRM_OWNERS of them) and it was never seen on an allow-listed or well-known host. A later page with the
 * same fingerprint on another host gets `page.known_kit`: high for one counted earlier host, critical for two or
 * more. Allow-listed and well-known hosts are never flagged by it.
 */
import { parse as parseHost } from 'tldts';
import { heuristic, type Finding } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import type { Verdict } from '../verdict.ts';
import type { ScamDna } from './inspect-page.ts';
import { lureFindings } from './kit-fingerprint.ts';
import type { KitHistoryRow } from '../../../storage/repos/kit-memory-repo.ts';

/** What kit memory reads of a finished scan (a ScreeningResult of scan.ts, which imports this module). */
export interface ScanOutcome {
  verdict: Verdict;
  findings: Finding[];
  metadata: { type: string; scamDna?: ScamDna | null; kitFingerprint?: string | null };
}

/**
 * Distinct other owners that must have taught a fingerprint before it counts for everyone. Chosen as a rule, not
 * fitted to data: one attacker needs this many paid keys, and the reproduced attack used one.
 */
export const KIT_CONFIRM_OWNERS = 3;

/** What storage knows about a fingerprint, seen from the asking owner. */
export type KitHistory = KitHistoryRow;

/** An allow-listed host, or one on the registrable domain of a curated brand (metamask.io, uniswap.org ...). */
export function isWellKnownHost(host: string, knowledge: ScreeningKnowledge): boolean {
  if (knowledge.lookupHost(host).allowed) return true;
  const domain = parseHost(host).domain;
  if (!domain) return false;
  for (const brand of knowledge.brands.tokens.values()) if (brand.domains.has(domain)) return true;
  return false;
}

export type KitRole = 'learned' | 'allow_listed';

/** What a finished url scan leaves in the kit memory: a lesson, a sighting on a well-known host, or nothing. */
export function kitMemoryEntry(result: ScanOutcome, wellKnown: boolean): { fingerprint: string; role: KitRole } | null {
  const fingerprint = result.metadata.kitFingerprint;
  const dna = result.metadata.scamDna;
  if (result.metadata.type !== 'url' || !dna || !fingerprint) return null;
  if (wellKnown) return { fingerprint, role: 'allow_listed' };
  if (result.verdict !== 'block' || dna.scriptHashes.length === 0) return null;
  return lureFindings(result.findings).length > 0 ? { fingerprint, role: 'learned' } : null;
}

/** Hosts that count for the asking owner, and since when. */
export function countedHosts(h: KitHistory): { hosts: number; firstSeen: Date | null; shared: boolean } {
  const everyone = h.allowListedSightings === 0 && h.otherOwners >= KIT_CONFIRM_OWNERS;
  if (everyone) return { hosts: h.allHosts, firstSeen: h.firstSeenAll, shared: true };
  return {
    hosts: h.ownOrConfirmedHosts,
    firstSeen: h.firstSeenOwnOrConfirmed,
    shared: h.ownOrConfirmedHosts > h.ownHosts,
  };
}

/** The finding for a page whose fingerprint was learned on counted other hosts, or null. */
export function knownKitFinding(fingerprint: string, history: KitHistory, wellKnown: boolean): Finding | null {
  const { hosts, firstSeen, shared } = countedHosts(history);
  if (hosts === 0 || wellKnown) return null;
  const since = firstSeen ? ` since ${firstSeen.toISOString().slice(0, 10)}` : '';
  const whose = shared ? 'confirmed' : 'in your own scans';
  return {
    kind: 'page.known_kit',
    severity: hosts >= 2 ? 'critical' : 'high',
    message:
      `the page has the kit fingerprint ${fingerprint} of a kit blocked with wallet lures on ${hosts} other ` +
      `host${hosts > 1 ? 's' : ''}${since} (${whose}): the same kit on a new domain`,
    source: heuristic('page.known_kit'),
    data: { fingerprint, otherHosts: hosts, confirmed: shared },
  };
}
