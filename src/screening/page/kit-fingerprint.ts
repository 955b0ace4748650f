/**
 * The kit fingerprint the kit memory learns and looks up: the page's scam DNA (structure and scripts, which
 * survive redeployment) together with what made the page a kit: the kinds of its lure findings and the text that
 * triggered the page markers (drainer-kit names, recovery-phrase and wallet lures, exfiltration endpoints,
 * clone markers), matched anywhere in the source, HTML comments included. A legitimate page and a copy of it with
 * a recovery-phrase prompt or a `<!-- inferno drainer -->` comment added therefore have different fingerprints,
 * so scanning such copies cannot teach the memory the original page.
 */
import { createHash } from 'node:crypto';
import type { Finding } from '../finding.ts';
import { CLONE_MARKERS, DRAINER_KITS, EXFIL_ENDPOINTS, SEED_TEXT, WALLET_LURES } from './page-markers.ts';

/** Page findings of at least this severity are lures: a page without one is never learned as a kit. */
export const LURE_SEVERITIES: ReadonlySet<string> = new Set(['medium', 'high', 'critical']);
/** At most this many matches per marker are kept (a page repeating a marker does not grow the key). */
const MAX_MATCHES_PER_MARKER = 8;

const MARKERS: RegExp[] = [
  ...DRAINER_KITS.map((k) => k.markers),
  SEED_TEXT,
  WALLET_LURES,
  ...EXFIL_ENDPOINTS.map(([, re]) => re),
  ...CLONE_MARKERS.map(([, re]) => re),
];

/** The page findings that make it a lure page (the kit memory's own finding excluded). */
export function lureFindings(findings: Finding[]): Finding[] {
  return findings.filter(
    (f) => f.kind.startsWith('page.') && f.kind !== 'page.known_kit' && LURE_SEVERITIES.has(f.severity),
  );
}

/** Marker matches in the page source, normalised (case, spacing, digits), sorted and de-duplicated. */
export function markerTexts(html: string): string[] {
  const out = new Set<string>();
  for (const marker of MARKERS) {
    const re = new RegExp(marker.source, marker.flags.includes('g') ? marker.flags : `${marker.flags}g`);
    let n = 0;
    for (const m of html.matchAll(re)) {
      out.add(m[0].toLowerCase().replace(/\s+/g, ' ').replace(/\d+/g, 'N').trim());
      if (++n >= MAX_MATCHES_PER_MARKER) break;
    }
  }
  return [...out].sort();
}

export function kitFingerprintOf(html: string, scamDnaFingerprint: string, findings: Finding[]): string {
  const kinds = [...new Set(lureFindings(findings).map((f) => f.kind))].sort();
  const key = `${scamDnaFingerprint}\n${kinds.join(',')}\n${markerTexts(html).join('\n')}`;
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}
