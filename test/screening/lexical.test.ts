import t from 'tap';
import { hostParts } from '../../src/screening/knowledge.ts';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { analyzeUrl } from '../../src/screening/url/analyze-url.ts';
import { LEXICAL_MIN_DOCS, scoreHost, trainLexicalModel } from '../../src/screening/url/lexical-model.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { letters, smallKnowledge } from './helpers.ts';

const names = Array.from({ length: 1500 }, (_, i) => 'proj' + letters(i));
const lures = ['claim', 'airdrop', 'rewards'];
const tlds = ['xyz', 'top', 'com'];
const blockedHosts = names.map((n, i) => `${lures[i % 3]}-${n}.${tlds[i % 3]}`);
const allowedHosts = ['docs.python.org', 'news.ycombinator.com', 'weather.com', 'claimsdesk.com', 'mozilla.org'];
/** The test knowledge plus a list blocking `blocked` and allowing allowedHosts: enough blocked domains to train. */
const syntheticKnowledge = (blocked: string[], name: string) =>
  smallKnowledge([
    parseList(
      'csv',
      [
        'kind,value,chain,disposition',
        ...blocked.map((h) => `domain,${h},,block`),
        ...allowedHosts.map((h) => `domain,${h},,allow`),
      ].join('\n'),
      { name },
    ),
  ]);

t.test('token log-odds: phishing words weigh up, allow-listed words down, glued words are read', async (t) => {
  const m = trainLexicalModel(blockedHosts.map(hostParts), allowedHosts.map(hostParts));
  t.equal(m.phishDocs, 1500, 'counted once per registrable domain');
  t.ok((m.weights.get('w:claim') ?? 0) > 2, 'a run in 500 blocked domains and no allowed host weighs up');
  t.ok((m.weights.get('w:docs') ?? 0) < 0, 'a run only in allowed hosts weighs down');
  t.notOk(m.weights.has('w:projab'), 'a run in fewer than PHISH_MIN_DOMAINS blocked domains carries no weight');
  const p = hostParts('airdropclaimer.net');
  const glued = scoreHost(m, 'airdropclaimer.net', p.publicSuffix, p.isPrivate);
  t.ok(
    glued.top.some((x) => x.feature === 's:airdrop' || x.feature === 's:claim'),
    'segment inside a glued run',
  );
  const q = hostParts('weather.com');
  t.ok(scoreHost(m, 'weather.com', q.publicSuffix, q.isPrivate).score < 1, 'an allow-listed style host scores low');
  const again = trainLexicalModel(blockedHosts.map(hostParts), allowedHosts.map(hostParts));
  t.same([...again.weights], [...m.weights], 'deterministic');
});

t.test('analyzeUrl: a model trained on the loaded lists flags an unseen host and explains it', async (t) => {
  t.ok(blockedHosts.length >= LEXICAL_MIN_DOCS);
  const k = syntheticKnowledge(blockedHosts, 'synthetic');
  const a = analyzeUrl('claim-newthing.xyz', k);
  const lex = a.findings.find((f) => f.kind === 'url.lexical_model');
  t.ok(lex, 'lexical finding present');
  t.ok(
    ((lex?.data?.top ?? []) as Array<{ feature: string }>).some((x) => x.feature === 'w:claim'),
    'names its strongest features',
  );
  t.not(decideVerdict(a.findings).verdict, 'allow');
  const tld = a.findings.find((f) => f.kind === 'url.suspicious_tld');
  t.equal(tld?.data?.points, 0, 'the fixed TLD rule is an explanation only when the model weighs TLDs');
  const b = analyzeUrl('gardening-tips.org', k);
  t.notOk(
    b.findings.some((f) => f.kind === 'url.lexical_model'),
    'unrelated host: no lexical finding',
  );
  t.equal(decideVerdict(b.findings).verdict, 'allow');
  // tiny knowledge (test helpers): the model is untrained, the fixed rules keep their points
  const small = analyzeUrl('something.xyz', smallKnowledge());
  t.equal(small.findings.find((f) => f.kind === 'url.suspicious_tld')?.data?.points, 1);
});

t.test('a hyphen joining a name to an infrastructure word is not the hyphenated phishing shape', async (t) => {
  const m = trainLexicalModel(blockedHosts.map(hostParts), allowedHosts.map(hostParts));
  const feats = (h: string): string[] => {
    const p = hostParts(h);
    return [...scoreHost(m, h, p.publicSuffix, p.isPrivate).top.map((x) => x.feature)];
  };
  t.ok(m.weights.get('hy:1')! > 0, 'one hyphen weighs up in this model (every blocked host has one)');
  t.ok(feats('claim-projx.xyz').includes('hy:1'));
  t.notOk(feats('eth-rpc.acme-api.network').includes('hy:1'), '`acme-api` names a service');
  t.notOk(feats('zora-explorer.com').includes('hy:1'));
});

t.test('a hyphen joining a name to a technology token names a library, not the hyphenated shape', async (t) => {
  const m = trainLexicalModel(blockedHosts.map(hostParts), allowedHosts.map(hostParts));
  const feats = (h: string): string[] => {
    const p = hostParts(h);
    return [...scoreHost(m, h, p.publicSuffix, p.isPrivate).top.map((x) => x.feature)];
  };
  t.ok(feats('claim-projx.pages.dev').includes('hy:1'));
  t.notOk(feats('claim-js.pages.dev').includes('hy:1'), '`<name>-js`');
  t.notOk(feats('claim-sandbox.pages.dev').includes('hy:1'), 'developer-project words are neutral like `api`');
});

t.test(
  'shape features: digits of the registrable label only (not of `web3`), no subdomain-depth feature',
  async (t) => {
    const blocked = Array.from({ length: 60 }, (_, i) => hostParts(`claim-p${i}x.${i % 2 ? 'xyz' : 'top'}`));
    const m = trainLexicalModel(blocked, ['docs.python.org', 'mozilla.org'].map(hostParts));
    const feats = (h: string): string[] => {
      const p = hostParts(h);
      return scoreHost(m, h, p.publicSuffix, p.isPrivate).top.map((x) => x.feature);
    };
    t.ok(feats('claim-p7y.xyz').includes('dg'));
    t.notOk(feats('web3-claimy.xyz').includes('dg'), 'the 3 of web3 is part of a word');
    t.notOk(feats('rpc7.s1.claimy.xyz').includes('dg'), 'digits of subdomains number instances of a service');
    t.notOk(
      [...m.weights.keys()].some((f) => f.startsWith('sub:')),
      'no subdomain-depth feature is learned',
    );
  },
);

t.test('a code-host account label is hyphenated by convention, not the hyphenated shape', async (t) => {
  const m = trainLexicalModel(blockedHosts.map(hostParts), allowedHosts.map(hostParts));
  const feats = (h: string): string[] => {
    const p = hostParts(h);
    return [...scoreHost(m, h, p.publicSuffix, p.isPrivate).top.map((x) => x.feature)];
  };
  t.ok(feats('claim-projx.pages.dev').includes('hy:1'), 'a deploy platform keeps the shape');
  t.notOk(feats('claim-projx.github.io').includes('hy:1'));
  t.notOk(feats('claim-projx.gitlab.io').includes('hy:1'));
});

t.test('`web` weighs only next to a brand: the web version of a wallet, not the web itself', async (t) => {
  const k = syntheticKnowledge(
    names.map((n, i) => `web-${n}.${tlds[i % 3]}`),
    'synthetic-web',
  );
  const top = (host: string): string[] =>
    (
      (analyzeUrl(host, k).findings.find((f) => f.kind === 'url.lexical_model')?.data?.top ?? []) as Array<{
        feature: string;
      }>
    ).map((x) => x.feature);
  t.ok((k.lexical.weights.get('w:web') ?? 0) > 2, 'the lists make `web` a phishing word');
  t.ok(top('metamask-web.org').includes('w:web'), 'next to a brand it weighs as learned');
  t.notOk(top('web-gardening.org').includes('w:web'), 'with no brand it is left out');
  t.notOk(top('community.web3auth.io').includes('w:web'), 'nor as the `web` of `web3`');
  t.equal(decideVerdict(analyzeUrl('web-gardening.org', k).findings).verdict, 'allow');
  const p = hostParts('web-gardening.org');
  const m = k.lexical;
  t.ok(
    scoreHost(m, 'web-gardening.org', p.publicSuffix, p.isPrivate, new Set(['web'])).score <
      scoreHost(m, 'web-gardening.org', p.publicSuffix, p.isPrivate).score,
    'scoreHost leaves the neutral words out',
  );
});
