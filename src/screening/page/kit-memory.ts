/**
 * Kit memory: recognising a drainer kit on a new domain by its scam-DNA fingerprint (scam-dna.ts).
 * A scan teaches the memory when its verdict is block and its page itself showed wallet lures (a page finding of
 * medium severity or more) and carried scripts: a blocklisted domain's parked or empty page teaches nothing, so a
 * parking template shared by thousands of domains never becomes a kit. A later page with the same fingerprint on
 * another host gets `page.known_kit`: high for one earlier host, critical once the kit was blocked on two or more
 * hosts. Allow-listed hosts are never flagged by it (a phisher's exact clone of a real dapp would share its DNA).
 */
import { heuristic, type Finding } from '../finding.ts';
import type { Verdict } from '../verdict.ts';
import type { ScamDna } from './inspect-page.ts';

/** What kit memory reads of a finished scan (a ScreeningResult of scan.ts, which imports this module). */
export interface ScanOutcome {
  verdict: Verdict;
  findings: Finding[];
  metadata: { type: string; scamDna?: ScamDna | null };
}

const LURE_SEVERITIES = new Set(['medium', 'high', 'critical']);

/** The fingerprint a finished url scan teaches the kit memory, or null when it teaches nothing. */
export function kitFingerprintToLearn(result: ScanOutcome): string | null {
  const dna = result.metadata.scamDna;
  if (result.metadata.type !== 'url' || !dna || result.verdict !== 'block' || dna.scriptHashes.length === 0)
    return null;
  const lured = result.findings.some(
    (f) => f.kind.startsWith('page.') && f.kind !== 'page.known_kit' && LURE_SEVERITIES.has(f.severity),
  );
  return lured ? dna.fingerprint : null;
}

/** The finding for a page whose fingerprint was learned on `hosts` other hosts, or null. */
export function knownKitFinding(
  fingerprint: string,
  history: { hosts: number; firstSeen: Date | null },
  allowListed: boolean,
): Finding | null {
  if (history.hosts === 0 || allowListed) return null;
  const since = history.firstSeen ? ` since ${history.firstSeen.toISOString().slice(0, 10)}` : '';
  return {
    kind: 'page.known_kit',
    severity: history.hosts >= 2 ? 'critical' : 'high',
    message:
      `the page has the scam-DNA fingerprint ${fingerprint} of a kit blocked with wallet lures on ` +
      `${history.hosts} other host${history.hosts > 1 ? 's' : ''}${since}: the same kit on a new domain`,
    source: heuristic('page.known_kit'),
    data: { fingerprint, otherHosts: history.hosts },
  };
}
