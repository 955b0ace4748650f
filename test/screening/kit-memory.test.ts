import t from 'tap';
import { kitMemoryEntry, knownKitFinding, type KitHistory } from '../../src/screening/page/kit-memory.ts';
import { kitFingerprintOf } from '../../src/screening/page/kit-fingerprint.ts';

const learn = (r: ScreeningResult, wellKnown = false) => kitMemoryEntry(r, wellKnown)?.fingerprint ?? null;
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
    kitFingerprint: 'k'.repeat(32),
    scamDna: { fingerprint: 'f'.repeat(32), scriptHashes: scripts, structureHash: 's', kitFamily: null, signals: [] },
  },
});

t.test('which scans teach the kit memory', async (t) => {
  t.equal(
    learn(result('block', [finding('url.blocklisted', 'critical'), finding('page.wallet_connect_lure', 'medium')])),
    'k'.repeat(32),
    'a blocked page with a wallet lure',
  );
  t.same(
    kitMemoryEntry(result('block', [finding('page.seed_phrase_form', 'critical')]), true),
    { fingerprint: 'k'.repeat(32), role: 'allow_listed' },
    'an allow-listed or well-known host is never taught as a kit, only kept as a sighting',
  );
  t.equal(
    learn(result('block', [finding('url.blocklisted', 'critical')])),
    null,
    'a blocklisted host whose page shows no lure (parked, empty) teaches nothing',
  );
  t.equal(
    learn(result('block', [finding('url.blocklisted', 'critical'), finding('page.visitor_geolocation', 'low')])),
    null,
    'a low page signal is not a lure',
  );
  t.equal(learn(result('warn', [finding('page.wallet_connect_lure', 'medium')])), null, 'only blocked pages');
  t.equal(
    learn(result('block', [finding('page.seed_phrase_form', 'critical')], [])),
    null,
    'a page without scripts is too generic to be a kit',
  );
  t.equal(
    learn(result('block', [finding('url.blocklisted', 'critical'), finding('page.known_kit', 'high')])),
    null,
    'a match alone does not teach again',
  );
});

const history = (h: Partial<KitHistory>): KitHistory => ({
  ownHosts: 0,
  ownOrConfirmedHosts: 0,
  allHosts: 0,
  otherOwners: 0,
  allowListedSightings: 0,
  firstSeenOwnOrConfirmed: null,
  firstSeenAll: null,
  ...h,
});

t.test('the finding for a known kit counts own and confirmed hosts only', async (t) => {
  t.equal(knownKitFinding('f', history({}), false), null);
  t.match(
    knownKitFinding(
      'f',
      history({ ownHosts: 1, ownOrConfirmedHosts: 1, allHosts: 1, firstSeenOwnOrConfirmed: new Date('2026-11-01') }),
      false,
    ),
    { severity: 'high', message: /1 other host since 2026-11-01/ },
  );
  t.equal(
    knownKitFinding('f', history({ allHosts: 2, otherOwners: 1 }), false),
    null,
    "another owner's unconfirmed lessons do not count",
  );
  t.equal(
    knownKitFinding('f', history({ allHosts: 4, otherOwners: 2 }), false),
    null,
    'two other owners are not enough',
  );
  t.match(
    knownKitFinding('f', history({ allHosts: 3, otherOwners: 3 }), false),
    { severity: 'critical', data: { otherHosts: 3, confirmed: true } },
    'three unrelated owners confirm a kit',
  );
  t.equal(
    knownKitFinding('f', history({ allHosts: 3, otherOwners: 3, allowListedSightings: 1 }), false),
    null,
    'never when the fingerprint was seen on an allow-listed host',
  );
  t.match(
    knownKitFinding('f', history({ allHosts: 1, otherOwners: 1, ownOrConfirmedHosts: 1 }), false),
    { severity: 'high', data: { confirmed: true } },
    'an operator-confirmed lesson counts for everyone',
  );
  t.equal(
    knownKitFinding('f', history({ ownHosts: 3, ownOrConfirmedHosts: 3 }), true),
    null,
    'never on a well-known host',
  );
});

t.test('the kit fingerprint covers lures and the marker text, not only structure and scripts', async (t) => {
  const page = '<html><head><script>init()</script></head><body><h1>Swap</h1><p>Fast swaps</p></body></html>';
  const poisoned = page.replace('<p>Fast swaps</p>', '<p>Enter your recovery phrase</p><!-- inferno drainer -->');
  const lure = finding('page.seed_phrase_text', 'medium');
  const dna = 'd'.repeat(32);
  t.not(kitFingerprintOf(poisoned, dna, [lure]), kitFingerprintOf(page, dna, []), 'the copy with lures is another key');
  t.not(kitFingerprintOf(poisoned, dna, [lure]), kitFingerprintOf(poisoned, dna, []), 'lure kinds count');
  const other = page.replace('<p>Fast swaps</p>', '<p>Enter your seed phrase</p><!-- angel drainer -->');
  t.not(kitFingerprintOf(poisoned, dna, [lure]), kitFingerprintOf(other, dna, [lure]), 'the triggering text counts');
  const redeployed = poisoned.replace('Swap', 'Trade now 2027');
  t.equal(
    kitFingerprintOf(redeployed, dna, [lure]),
    kitFingerprintOf(poisoned, dna, [lure]),
    'text outside the markers does not (the same kit on a new domain keeps its key)',
  );
});
