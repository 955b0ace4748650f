import t from 'tap';
import { hostParts } from '../../src/screening/knowledge.ts';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { analyzeUrl } from '../../src/screening/url/analyze-url.ts';
import { HOST_MODEL, HOST_MODEL_FEATURES, hostModelInput, scoreHostModel } from '../../src/screening/url/host-model.ts';
import { DEV_DEPLOYMENT_WEIGHT, scoreHost, trainLexicalModel } from '../../src/screening/url/lexical-model.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { letters, smallKnowledge } from './helpers.ts';

// deterministic synthetic lists, as in lexical.test.ts: 1,500 blocked `<lure>-<name>` domains, a few allowed hosts
const lures = ['claim', 'airdrop', 'rewards'];
const tlds = ['xyz', 'top', 'com'];
const blockedHosts = Array.from({ length: 1500 }, (_, i) => `${lures[i % 3]}-proj${letters(i)}.${tlds[i % 3]}`);
const allowedHosts = [
  'docs.python.org',
  'news.ycombinator.com',
  'weather.com',
  'mozilla.org',
  'example-app.vercel.app',
];
const csv = [
  'kind,value,chain,disposition',
  ...blockedHosts.map((h) => `domain,${h},,block`),
  ...allowedHosts.map((h) => `domain,${h},,allow`),
].join('\n');

t.test('inputs: registrable label shape, subdomains without www, the platform weight instead of the TLD', async (t) => {
  const m = trainLexicalModel(blockedHosts.map(hostParts), allowedHosts.map(hostParts));
  const a = hostModelInput(hostParts('www.claim-2024-x7.top'), m, 4, 2);
  t.equal(a.hyphens, 2);
  t.equal(a.digits, 4, 'digits of the registrable label, capped at 4');
  t.equal(a.subdomainDepth, 0, 'www is not a subdomain level');
  t.equal(a.rulePoints, 4);
  t.equal(a.lurePoints, 2);
  t.equal(a.tldWeight, Math.max(-4, Math.min(4, m.weights.get('tld:top') ?? 0)), 'the learned weight of .top');
  const b = hostModelInput(hostParts('rpc.mainnet.claimhub.xyz'), m, 0, 0);
  t.equal(b.subdomainDepth, 2);
  const c = hostModelInput(hostParts('claim-thing.vercel.app'), m, 0, 0);
  t.equal(c.hostingPlatform, 1);
  t.equal(c.tldWeight, Math.max(-4, Math.min(4, m.weights.get('psl:vercel.app') ?? 0)), 'platform weight, not .app');
  t.notOk(m.weights.has('tld:app'), 'the lexical model never counts a platform host under its TLD');
  const huge = hostModelInput(hostParts('x.com'), m, 99, 99);
  t.equal(huge.rulePoints, 12, 'clamped');
  t.equal(huge.lurePoints, 4, 'clamped');
});

t.test('score: the logit is the weighted sum; subdomains of a name lower it', async (t) => {
  const zero = Object.fromEntries(HOST_MODEL_FEATURES.map((f) => [f, 0])) as Record<
    (typeof HOST_MODEL_FEATURES)[number],
    number
  >;
  t.equal(scoreHostModel(zero).logit, Math.round(HOST_MODEL.bias * 1000) / 1000);
  const fresh = { ...zero, lurePoints: 2, labelLength: Math.log1p(12) };
  const under = { ...fresh, subdomainDepth: 2 };
  t.ok(scoreHostModel(fresh).logit > scoreHostModel(under).logit, 'the same words under an established name');
  t.ok(scoreHostModel(fresh).top.length > 0, 'explains what pushed it up');
  t.ok(Number.isFinite(HOST_MODEL.warnAt), 'the shipped model has a warn level');
});

t.test('analyzeUrl: the host model warns on a fresh lure domain, not on the words under an allowed name', async (t) => {
  const k = smallKnowledge([parseList('csv', csv, { name: 'synthetic' })]);
  const fresh = analyzeUrl('claim-zorblat7.top', k);
  t.ok(fresh.hostModel, 'model inputs reported');
  const f = fresh.findings.find((x) => x.kind === 'url.host_model');
  t.ok(f, 'host model finding');
  t.equal(f?.data?.points, 0, 'the model adds no points; it raises the host to medium');
  t.not(decideVerdict(fresh.findings).verdict, 'allow');
  const plain = analyzeUrl('gardening.org', k);
  t.notOk(
    plain.findings.some((x) => x.kind === 'url.host_model'),
    'a plain name is not raised',
  );
  t.equal(decideVerdict(plain.findings).verdict, 'allow');
  const allowed = analyzeUrl('claim.docs.python.org', k);
  t.equal(allowed.hostModel, null, 'a list decided: no model');
});

t.test('analyzeUrl: a developer deployment on a hosting platform is a weighted signal, not a switch', async (t) => {
  const k = smallKnowledge([parseList('csv', csv, { name: 'synthetic' })]);
  const lexical = (h: string): number => {
    const p = hostParts(h);
    return scoreHost(k.lexical, h, p.publicSuffix, p.isPrivate).score;
  };
  const drop = lexical('claim-zorblat.vercel.app') - lexical('claim-zorblat-demo.vercel.app');
  t.equal(Math.round(drop * 100) / 100, -DEV_DEPLOYMENT_WEIGHT, 'the developer word lowers the lexical score');
  t.ok(analyzeUrl('claim-zorblat-demo.vercel.app', k).hostModel, 'the host model still runs');
  t.ok(analyzeUrl('claim-zorblat-git-main-team.vercel.app', k).hostModel, 'also on a git-branch preview');
  t.equal(lexical('claim-zorblat-demo.com'), lexical('claim-zorblat.com'), 'off a hosting platform: no discount');
  const lure = analyzeUrl('claim-airdrop-rewards-demo.vercel.app', k);
  t.ok(
    lure.findings.some((f) => f.kind === 'url.lure_words'),
    'adding `-demo` to a lure name does not silence its lure words',
  );
  t.not(decideVerdict(lure.findings).verdict, 'allow', 'nor the verdict');
});

t.test("a library's docs deployment on a hosting platform is a developer deployment too", async (t) => {
  const blocked = Array.from({ length: 60 }, (_, i) => hostParts(`claim-zorb${i}.${i % 2 ? 'xyz' : 'vercel.app'}`));
  const m = trainLexicalModel(blocked, ['mozilla.org', 'weather.com'].map(hostParts));
  const lexical = (h: string): number => {
    const p = hostParts(h);
    return scoreHost(m, h, p.publicSuffix, p.isPrivate).score;
  };
  for (const word of ['docs', 'doc', 'sdk'])
    t.equal(
      Math.round((lexical(`zorblat-js-${word}.vercel.app`) - lexical('zorblat-js.vercel.app')) * 100) / 100,
      DEV_DEPLOYMENT_WEIGHT,
      `\`-${word}\` marks the deployment of a library's reference`,
    );
  t.equal(lexical('zorblat-api.vercel.app'), lexical('zorblat.vercel.app'), '`api` is infrastructure, no deployment');
  t.equal(lexical('zorblat-docs.com'), lexical('zorblat.com'), 'off a hosting platform: no discount');
  const k = smallKnowledge([parseList('csv', csv, { name: 'synthetic' })]);
  const brand = analyzeUrl('metamask-docs.vercel.app', k).findings.find((f) => f.kind === 'url.brand_impersonation');
  t.equal(brand?.data?.points, 5, 'a brand on the platform still warns, docs or not');
});

t.test('analyzeUrl: without a trained lexical model the host model stays off', async (t) => {
  const k = smallKnowledge([
    parseList('csv', 'kind,value,chain,disposition\ndomain,claim-a.xyz,,block', { name: 'tiny' }),
  ]);
  const a = analyzeUrl('claim-zorblat7.top', k);
  t.equal(a.hostModel, null);
  t.notOk(a.findings.some((x) => x.kind === 'url.host_model'));
});

t.test('analyzeUrl: hostile host names do not break the model', async (t) => {
  const k = smallKnowledge([parseList('csv', csv, { name: 'synthetic' })]);
  for (const h of [
    'a'.repeat(63) + '.top',
    `${'x-'.repeat(30)}y.xyz`,
    '1.2.3.4',
    'xn--80ak6aa92e.com',
    '9'.repeat(60) + '.cc',
  ])
    t.doesNotThrow(() => {
      const a = analyzeUrl(h, k);
      if (a.hostModel) t.ok(Number.isFinite(a.hostModel.logit), `${h}: finite logit`);
    }, h);
});
