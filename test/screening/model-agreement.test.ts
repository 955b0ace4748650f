import t from 'tap';
import type { Finding } from '../../src/screening/finding.ts';
import { heuristic } from '../../src/screening/finding.ts';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { BRAND_POINTS, HOST_THRESHOLDS, analyzeUrl } from '../../src/screening/url/analyze-url.ts';
import { MODEL_AGREEMENT_FLOOR, restsOnWords, withModelAgreement } from '../../src/screening/url/model-agreement.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { letters, smallKnowledge } from './helpers.ts';

const info = (kind: string, points: number): Finding => ({
  kind,
  severity: 'info',
  message: kind,
  source: heuristic(kind),
  data: { points },
});

t.test('restsOnWords: word signals and weak brand mentions only', async (t) => {
  const words = [info('url.lexical_model', 3), info('url.phishing_vocabulary', 2), info('url.hosting_platform', 0)];
  t.ok(restsOnWords(words, BRAND_POINTS.product), 'lexical model + vocabulary (+ a 0-point explanation)');
  t.ok(restsOnWords([...words, info('url.brand_impersonation', 1)], 4), "a chain's name is a weak mention");
  t.notOk(restsOnWords([...words, info('url.brand_impersonation', 4)], 4), 'a borrowed product brand is not');
  t.notOk(restsOnWords([...words, info('url.brand_typosquat', 5)], 4), 'a typosquat is not');
  t.notOk(restsOnWords([...words, info('url.campaign_pattern', 5)], 4), "the lists' own pattern is not");
  t.notOk(restsOnWords([...words, info('url.blocked_sibling', 2)], 4), 'nor blocked siblings');
  const confusable: Finding = { ...info('url.confusable_brand', 0), severity: 'high' };
  t.notOk(restsOnWords([...words, confusable], 4), 'any finding above info is more than words');
});

t.test('withModelAgreement: word-only warnings the host model finds clearly legitimate stay low', async (t) => {
  const under = MODEL_AGREEMENT_FLOOR - 0.01;
  t.equal(withModelAgreement('medium', true, under), 'low');
  t.equal(withModelAgreement('high', true, under), 'low');
  t.equal(withModelAgreement('medium', true, MODEL_AGREEMENT_FLOOR), 'medium', 'at the floor the warning stands');
  t.equal(withModelAgreement('medium', false, under), 'medium', 'not words alone');
  t.equal(withModelAgreement('medium', true, null), 'medium', 'no host model (untrained lists): the sum decides');
  t.equal(withModelAgreement('critical', true, under), 'critical', 'impersonation is never touched');
  t.equal(withModelAgreement(null, true, under), null);
});

// deterministic synthetic lists, as in host-model.test.ts: 1,500 blocked `<lure>-<name>` domains
const lures = ['claim', 'airdrop', 'rewards'];
const tlds = ['xyz', 'top', 'com'];
const blocked = Array.from({ length: 1500 }, (_, i) => `${lures[i % 3]}-proj${letters(i)}.${tlds[i % 3]}`);
const csv = ['kind,value,chain,disposition', ...blocked.map((h) => `domain,${h},,block`)].join('\n');

t.test('analyzeUrl: lure words under a deep established name add up to warn points but do not warn', async (t) => {
  const k = smallKnowledge([parseList('csv', csv, { name: 'synthetic' })]);
  const a = analyzeUrl('a.b.c.claim-rewards.org', k);
  t.ok(a.points >= HOST_THRESHOLDS.medium, `the word signals sum to ${a.points} points`);
  t.ok((a.hostModel?.logit ?? 0) < MODEL_AGREEMENT_FLOOR, 'the host model finds the name legitimate-looking');
  t.equal(a.findings.find((f) => f.kind === 'url.suspicious_host')?.severity, 'low', 'shown, not raised');
  t.equal(decideVerdict(a.findings).verdict, 'allow');
  const fresh = analyzeUrl('claim-zorblat7.top', k);
  t.not(decideVerdict(fresh.findings).verdict, 'allow', 'the same words on a fresh lure domain still warn');
  const typo = analyzeUrl('a.b.c.metamaskk.org', k);
  t.ok((typo.hostModel?.logit ?? 0) < MODEL_AGREEMENT_FLOOR);
  t.equal(decideVerdict(typo.findings).verdict, 'warn', 'a typosquat warns on its own, whatever the model says');
  t.equal(decideVerdict(analyzeUrl('x.y.z.metamask-claim.org', k).findings).verdict, 'block', 'brand + lure');
});
