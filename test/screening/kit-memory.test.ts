import t from 'tap';
import { kitFingerprintToLearn, knownKitFinding } from '../../src/screening/page/kit-memory.ts';
import type { ScreeningResult } from '../../src/screening/scan.ts';
import type { Finding } from '../../src/screening/finding.ts';

const finding = (kind: string, severity: Finding['severity']): Finding => ({
  kind,
  severity,
  message: kind,
  source: { type: 'heuristic', name: kind },
});
const result = (
  verdict: ScreeningResult['verdict'],
  findings: Finding[],
  scripts = ['inline:ab'],
): ScreeningResult => ({
  verdict,
  riskScore: 0,
  findings,
  listsUsed: [],
  metadata: {
    type: 'url',
    chain: 'evm',
    chainFamily: 'evm',
    subject: 'x.example',
    scamDna: { fingerprint: 'f'.repeat(32), scriptHashes: scripts, structureHash: 's', kitFamily: null, signals: [] },
  },
});

t.test('which scans teach the kit memory', async (t) => {
  t.equal(
    kitFingerprintToLearn(
      result('block', [finding('url.blocklisted', 'critical'), finding('page.wallet_connect_lure', 'medium')]),
    ),
    'f'.repeat(32),
    'a blocked page with a wallet lure',
  );
  t.equal(
    kitFingerprintToLearn(result('block', [finding('url.blocklisted', 'critical')])),
    null,
    'a blocklisted host whose page shows no lure (parked, empty) teaches nothing',
  );
  t.equal(
    kitFingerprintToLearn(
      result('block', [finding('url.blocklisted', 'critical'), finding('page.visitor_geolocation', 'low')]),
    ),
    null,
    'a low page signal is not a lure',
  );
  t.equal(
    kitFingerprintToLearn(result('warn', [finding('page.wallet_connect_lure', 'medium')])),
    null,
    'only blocked pages',
  );
  t.equal(
    kitFingerprintToLearn(result('block', [finding('page.seed_phrase_form', 'critical')], [])),
    null,
    'a page without scripts is too generic to be a kit',
  );
  t.equal(
    kitFingerprintToLearn(result('block', [finding('url.blocklisted', 'critical'), finding('page.known_kit', 'high')])),
    null,
    'a match alone does not teach again',
  );
});

t.test('the finding for a known kit', async (t) => {
  t.equal(knownKitFinding('f', { hosts: 0, firstSeen: null }, false), null);
  t.match(knownKitFinding('f', { hosts: 1, firstSeen: new Date('2026-11-01T00:00:00Z') }, false), {
    severity: 'high',
    message: /1 other host since 2026-11-01/,
  });
  t.match(knownKitFinding('f', { hosts: 3, firstSeen: null }, false), {
    severity: 'critical',
    data: { otherHosts: 3 },
  });
  t.equal(knownKitFinding('f', { hosts: 3, firstSeen: null }, true), null, 'never on an allow-listed host');
});
