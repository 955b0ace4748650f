import t from 'tap';
import { BLOCKED_SIBLING_MIN, analyzeUrl, endpointName } from '../../src/screening/url/analyze-url.ts';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { hostParts } from '../../src/screening/knowledge.ts';
import { skeleton, isMixedScript } from '../../src/screening/url/confusables.ts';
import { hostShape } from '../../src/screening/url/host-shape.ts';
import { decideVerdict } from '../../src/screening/verdict.ts';
import { letters, smallKnowledge } from './helpers.ts';

const k = smallKnowledge();
const verdictOf = (v: string): string => decideVerdict(analyzeUrl(v, k).findings).verdict;
/** Points of the brand finding (impersonation or typosquat) of a host, undefined when none. */
const brandPoints = (v: string): number | undefined =>
  analyzeUrl(v, k).findings.find((f) => f.kind.startsWith('url.brand_'))?.data?.points as number | undefined;

t.test('block-list matches the host and its subdomains, allow-list wins', async (t) => {
  t.equal(verdictOf('https://phish.example/login'), 'block');
  t.equal(verdictOf('a.b.phish.example'), 'block', 'subdomain of a blocked host');
  const allowed = analyzeUrl('good.phish.example', k);
  t.equal(allowed.allowListed, true);
  t.equal(decideVerdict(allowed.findings).verdict, 'allow');
  t.ok(
    allowed.findings.some((f) => f.kind === 'url.block_overridden' && f.source.name === 'test-list'),
    'the overridden block is reported',
  );
  const hit = analyzeUrl('phish.example', k).findings.find((f) => f.kind === 'url.blocklisted');
  t.same(
    hit?.source,
    { type: 'list', name: 'test-list', version: k.lists[0].version },
    'finding names list and version',
  );
});

t.test('PSL private section: blocking one vercel.app site never blocks another', async (t) => {
  t.equal(verdictOf('evil.vercel.app'), 'block');
  t.equal(verdictOf('x.evil.vercel.app'), 'block');
  t.equal(verdictOf('my-portfolio.vercel.app'), 'allow');
  t.equal(verdictOf('vercel.app'), 'allow');
});

t.test('IDN and confusables: metamаsk.io with a Cyrillic а is blocked', async (t) => {
  t.equal(skeleton('metamаsk'), 'metamask');
  t.ok(isMixedScript('metamаsk'));
  t.notOk(isMixedScript('metamask'));
  const a = analyzeUrl('https://metamаsk.io/', k);
  t.equal(a.host, 'xn--metamsk-6fg.io');
  t.equal(a.unicodeHost, 'metamаsk.io');
  t.ok(a.findings.some((f) => f.kind === 'url.confusable_brand' && f.severity === 'critical'));
  t.ok(a.signals.includes('url.mixed_script'));
  t.equal(decideVerdict(a.findings).verdict, 'block');
  t.equal(verdictOf('metamask.io'), 'allow', 'the real one is allowed');
  t.ok(
    analyzeUrl('rnetamask.io', k).findings.some((f) => f.kind === 'url.confusable_brand' && f.severity === 'high'),
    'ASCII rn/m look-alike',
  );
});

t.test('brand impersonation with a second signal blocks; the brand name alone stays below warn', async (t) => {
  t.equal(verdictOf('uniswap-airdrop-claim.xyz'), 'block', 'brand + lure words');
  t.equal(verdictOf('metamask-claim.pages.dev'), 'block', 'brand on a hosting platform + lure word');
  t.equal(verdictOf('app.uniswap.org'), 'allow', 'brand subdomain');
  t.equal(verdictOf('wikipedia.org'), 'allow');
  t.equal(verdictOf('metamask.zendesk.com'), 'allow', 'brand name alone stays below warn');
});

t.test('bad url values throw invalid_screening_request', async (t) => {
  t.throws(() => analyzeUrl('javascript:alert(1)', k), { code: 'invalid_screening_request' });
  t.throws(() => analyzeUrl('ftp://x.com/', k), { code: 'invalid_screening_request' });
  t.throws(() => analyzeUrl('   ', k), { code: 'invalid_screening_request' });
  t.throws(() => analyzeUrl('localhost', k), { code: 'invalid_screening_request' });
});

t.test('credentials before the host: reported, never fetched with the URL', async (t) => {
  const lure = analyzeUrl('https://metamask.io@wallet-check.example/connect', k);
  t.equal(lure.host, 'wallet-check.example');
  t.equal(lure.url, 'https://wallet-check.example/connect', 'user:pass@ is stripped from the URL that gets fetched');
  t.match(
    lure.findings.find((f) => f.kind === 'url.credentials'),
    { severity: 'high', data: { userinfo: 'metamask.io', disguised: true } },
  );
  t.equal(decideVerdict(lure.findings).verdict, 'warn');
  t.equal(
    analyzeUrl('https://bob:secret@plain.example/', k).findings.find((f) => f.kind === 'url.credentials')?.severity,
    'medium',
  );
  t.equal(
    verdictOf('https://user:pass@metamask.io/'),
    'allow',
    'credentials on an allow-listed host do not disguise it',
  );
  t.equal(verdictOf('https://%E0%A4%A@x.example/'), 'warn', 'malformed percent-encoding is reported, not a crash');
  t.throws(() => analyzeUrl('mailto:support@metamask.io', k), {
    code: 'invalid_screening_request',
    message: /scheme mailto/,
  });
  t.equal(analyzeUrl('metamask.io:443/download', k).host, 'metamask.io', 'host:port is not a scheme');
});

t.test("a hosting-platform site named exactly after a brand is impersonation, not the brand's own label", async (t) => {
  const points = (v: string): number =>
    analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_impersonation')?.data?.points as number;
  t.equal(points('https://metamask.web.app'), 5, 'anyone can take metamask.web.app: warns on its own');
  t.equal(points('https://metamask.co'), 1, "the brand's label on another TLD stays weak (often the brand's own)");
  t.equal(points('https://metamask-claim.vercel.app'), 5);
});

t.test(
  "a code-hosting account site named exactly after a brand is the brand's own; any other label is not",
  async (t) => {
    t.equal(brandPoints('https://uniswap.github.io'), undefined, 'the GitHub account uniswap is held by one owner');
    t.equal(brandPoints('https://uniswap.gitlab.io'), undefined);
    t.equal(brandPoints('https://uniswap-claim.github.io'), 5, 'brand plus a lure on the platform still warns');
    t.equal(brandPoints('https://uniswap.netlify.app'), 5, 'deploy platforms name projects first come, first served');
    t.equal(
      brandPoints('https://uniswap-foundation.github.io'),
      undefined,
      'an organisation account: `<brand>-foundation`',
    );
    t.equal(brandPoints('https://uniswap-labs.gitlab.io'), undefined);
    for (const word of ['docs', 'exchange', 'dev', 'sdk', 'network', 'developers'])
      t.equal(brandPoints(`https://binance-${word}.github.io`), undefined, `a company's \`<brand>-${word}\` account`);
    t.equal(brandPoints('https://binance-airdrop.github.io'), 5, 'a lure is no organisation word');
    t.equal(brandPoints('https://binance-exnge.github.io'), 5, 'nor a misspelt one');
    t.equal(verdictOf('binance-exchange-claim.github.io'), 'block', 'a third word is not an organisation account');
    t.equal(
      brandPoints('https://uniswap-foundation-claim.github.io'),
      5,
      'a third word is not an organisation account',
    );
    t.equal(brandPoints('https://uniswap-foundation.vercel.app'), 5, 'deploy platforms get no such pass');
  },
);

t.test("a docs-platform space named exactly after a brand is the brand's docs; decorated names are not", async (t) => {
  t.equal(brandPoints('https://uniswap.gitbook.io/docs'), undefined, 'a project publishes its docs under its own name');
  t.equal(brandPoints('https://uniswap.readthedocs.io'), undefined);
  t.equal(brandPoints('https://uniswap-login.gitbook.io'), 5, 'brand plus a word on the platform still warns');
  t.equal(verdictOf('metamask-support.gitbook.io'), 'warn', 'brand + software lure: the usual gitbook phishing');
  t.equal(verdictOf('claim-metamask.gitbook.io'), 'block', 'brand + lure word');
  t.equal(
    brandPoints('https://uniswap-foundation.gitbook.io'),
    5,
    'organisation words are a code-host convention only',
  );
});

t.test("the brand's label on another TLD is weak under any subdomain without a lure word", async (t) => {
  const points = (v: string): number =>
    analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_impersonation')?.data?.points as number;
  t.equal(points('data-seed-prebsc-1-s1.uniswap.co'), 1, "a chain's seed node under its own label");
  t.equal(points('rpc.uniswap.co'), 1);
  t.equal(points('claim.uniswap.co'), 4, 'a lure subdomain: impersonation');
  t.equal(points('wallet.uniswap.co'), 4, 'a crypto word too');
  t.equal(verdictOf('claim.uniswap.co'), 'block', 'with the lure as second signal');
});

t.test('a blocked sibling counts from three blocked hosts under the registrable domain', async (t) => {
  const csv = [
    'kind,value,chain,disposition',
    'domain,one.tenant-host.com,,block',
    'domain,a.campaign-host.com,,block',
    'domain,b.campaign-host.com,,block',
    'domain,c.campaign-host.com,,block',
  ].join('\n');
  const kk = smallKnowledge([parseList('csv', csv, { name: 'siblings' })]);
  const sibling = (h: string) => analyzeUrl(h, kk).findings.find((f) => f.kind === 'url.blocked_sibling');
  t.notOk(sibling('other.tenant-host.com'), 'one blocked tenant of a multi-tenant site says nothing of another');
  t.match(sibling('d.campaign-host.com')?.data, { points: 2, count: 3 });
  t.equal(BLOCKED_SIBLING_MIN, 3);
  // the lists blocked three hosts under it but not the domain itself (issue 14, tenth pass: coin98.com)
  t.notOk(sibling('campaign-host.com'), 'not for the registrable domain itself');
  t.notOk(sibling('www.campaign-host.com'), 'nor its www.');
});

t.test('typosquats warn on their own, crypto words no longer exempt them', async (t) => {
  for (const host of [
    'metamaskk.io',
    'trustwalet.com',
    'pancakrswap.financial',
    'unilswap.org',
    'walletconect.com',
    'myetgerwallet.com',
    'metamsklogin.com',
  ])
    t.equal(verdictOf(host), 'warn', host);
  t.equal(verdictOf('ledger-desktop.com'), 'warn', 'brand + wallet-software lure');
  t.equal(verdictOf('claim-unilswap.xyz'), 'block', 'typosquat + lure word');
  const typo = analyzeUrl('pancakrswap.financial', k).findings.find((f) => f.kind === 'url.brand_typosquat');
  t.match(typo?.data, { brand: 'pancakeswap', typo: 'pancakrswap', distance: 1, how: 'keyboard' });
  t.equal(verdictOf('radium.io'), 'allow', 'a dictionary word one edit from a brand (raydium) is not a typosquat');
});

t.test(
  'inside a longer word, a swapped letter is an accident; dropped, doubled or swapped-over ones are typos',
  async (t) => {
    const typo = (h: string): unknown => analyzeUrl(h, k).findings.find((f) => f.kind === 'url.brand_typosquat')?.data;
    t.equal(typo('trevorbrindle.com'), undefined, '`trevor` (trezor with v for z) starts a surname');
    t.equal(typo('kandi.openweaver.com'), undefined, '`openwea` (opensea, w beside s) starts another word');
    t.match(typo('trevor.com'), { brand: 'trezor', how: 'substitution' }, 'a whole run keeps substitutions too');
    t.match(typo('metamsklogin.com'), { brand: 'metamask', how: 'deletion' }, 'a dropped letter in a window');
    t.match(typo('appunisawp.com'), { brand: 'uniswap', how: 'transposition' }, 'swapped-over letters in a window');
    t.match(typo('metanasklogin.com'), { brand: 'metamask', how: 'homoglyph' }, 'look-alike letters in a window');
  },
);

t.test('chain infrastructure words and chain names are neutral', async (t) => {
  for (const host of [
    'arbitrum.llamarpc.com',
    'optimism-mainnet.public.blastapi.io',
    'faucet.testnet.example-chain.org',
    'explorer.mainnet.example-l2.xyz',
    'rpc.gateway.example.network',
    'docs.example-bridge.io',
  ])
    t.equal(verdictOf(host), 'allow', host);
});

t.test(
  'app-link services: the brand name or its app name as the link name is the brand own; others are not',
  async (t) => {
    t.equal(brandPoints('https://metamask.app.link/dapp/x'), undefined, "Branch's app name is registered by its owner");
    t.equal(brandPoints('https://uniswap.page.link/'), undefined, 'Firebase dynamic link domain');
    t.equal(brandPoints('https://metamask-connect.app.link/'), 4, 'a longer name carrying the brand is not the brand');
    t.equal(brandPoints('https://metamask.link/'), 1, 'the brand label on another domain stays as before');
    t.equal(brandPoints('https://uniswap-wallet.onelink.me/'), undefined, "an app's name: `<brand>-wallet`");
    t.equal(brandPoints('https://uniswap-app.app.link/'), undefined);
    t.equal(brandPoints('https://uniswap-claim.onelink.me/'), 4, 'a lure is no app name');
    t.equal(brandPoints('https://uniswap-wallet-app.onelink.me/'), 4, 'nor three words');
    t.equal(brandPoints('https://uniswap-wallet.vercel.app/'), 5, 'deploy platforms get no such pass');
  },
);

t.test('app-link services are multi-tenant: blocked link names say nothing of another', async (t) => {
  const csv = ['kind,value,chain,disposition', 'domain,a.onelink.me,,block', 'domain,b.onelink.me,,block'];
  csv.push('domain,c.onelink.me,,block', 'domain,a.linkish.me,,block', 'domain,b.linkish.me,,block');
  csv.push('domain,c.linkish.me,,block');
  const kk = smallKnowledge([parseList('csv', csv.join('\n'), { name: 'siblings' })]);
  const sibling = (h: string) => analyzeUrl(h, kk).findings.find((f) => f.kind === 'url.blocked_sibling');
  t.notOk(sibling('zorblat.onelink.me'), 'three blocked customers of the link service');
  t.ok(sibling('zorblat.linkish.me'), 'the same three under any other registrable domain count');
});

t.test("lure words inside a brand's name do not count on the brand's own sites", async (t) => {
  const lure = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.lure_words')?.data;
  t.equal(lure('walletconnect.com'), undefined, "WalletConnect's official domain: its name is not a lure");
  t.equal(lure('explorer.walletconnect.co'), undefined, "the brand's label under an infrastructure subdomain");
  t.equal(verdictOf('rpc.walletconnect.co'), 'allow');
  t.equal(lure('walletconnect.org'), undefined, "the brand's bare label on another TLD: its name, not a lure");
  t.equal(lure('www.walletconnect.org'), undefined);
  t.equal(verdictOf('walletconnect.org'), 'allow', 'only the weak same-label point is left');
  t.match(lure('walletconnect.rest'), { words: ['walletconnect', 'connect'] }, 'not on a TLD phishing favours');
  t.match(lure('login.walletconnect.org'), { points: 4 }, 'nor under a lure subdomain');
  t.equal(lure('registry.walletconnect.org'), undefined, 'under any other subdomain on an ordinary TLD: its name');
  t.equal(verdictOf('registry.walletconnect.org'), 'allow', 'the brand is scored once, as the weak same-label point');
  t.equal(verdictOf('walletconect.org'), 'warn', 'a typosquat under another TLD still warns');
  t.not(verdictOf('walletconnect-claim.org'), 'allow', 'the brand with a lure under another TLD still warns');
  t.match(lure('app.walletconnect.co'), { points: 4 }, 'a lure-template subdomain (app.) is not the brand service');
  t.match(lure('okx-walletconnect.com'), { points: 4 }, 'borrowed next to another brand');
  t.equal(verdictOf('walletconnect-claim.xyz'), 'block', 'impersonation plus a lure still blocks');
});

t.test('campaign shapes: two-letter technology words are part of a name, not a random tag', async (t) => {
  const shape = (h: string): string | null => hostShape(h, hostParts(h));
  t.equal(shape('immutable-x7.com'), 'immutable-*.com', 'a short tag with a digit is masked');
  t.equal(shape('moonshot-voting-ab.netlify.app'), 'moonshot-voting-*.netlify.app', 'two random letters too');
  t.equal(shape('immutable-js.com'), null, '`-js` names the project: nothing masked, no shape');
  t.equal(shape('solana-py.readthedocs.io'), null, 'nor `-py`');
});

t.test(
  'a near-brand name serving its own docs./api. hosts is weak; the bare or lure-subdomain typo still warns',
  async (t) => {
    const typo = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_typosquat')?.data;
    t.match(typo('docs.meteor.com'), { brand: 'meteora', points: 1 }, 'an established project of its own');
    t.equal(verdictOf('docs.meteor.com'), 'allow');
    t.equal(verdictOf('metamsk.com'), 'warn', 'the bare name is still a typosquat');
    t.equal(verdictOf('www.trustwalet.com'), 'warn', 'www is no infrastructure service');
    t.equal(verdictOf('claim.unilswap.xyz'), 'block', 'a lure subdomain is no service: impersonation + lure');
    t.equal(verdictOf('docs.trustwalet.web.app'), 'warn', 'not on a hosting platform, where anyone takes any name');
  },
);

t.test('the brand with its last letters cut off, as the whole label, is the older name it came from', async (t) => {
  const typo = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_typosquat')?.data;
  t.match(typo('www.meteor.com'), { brand: 'meteora', points: 1 }, 'meteor.com is not a typo of meteora');
  t.equal(verdictOf('www.meteor.com'), 'allow');
  t.equal(verdictOf('meteor.com'), 'allow');
  t.match(typo('meteor-claim.com'), { points: 5 }, 'with other words it is the typosquat');
  t.match(typo('meteor.web.app'), { points: 5 }, 'not on a hosting platform');
  t.match(typo('meteor.top'), { points: 5 }, 'not on a TLD phishing favours');
  t.match(typo('metora.com'), { points: 5 }, 'a letter dropped inside the name is a typo');
});

t.test('`<name>-assets` is a CDN host name; `assets-<name>` stays the lure template', async (t) => {
  const template = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.lure_template');
  t.equal(template('www.acme-assets.com'), undefined);
  t.ok(template('assets-frax.com'));
  t.ok(template('acme-claim.com'), 'other lure words keep both orders');
});

t.test('a subdomain spelling out a brand domain is a second signal: the brand plus it blocks', async (t) => {
  const embedded = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.embedded_domain');
  t.match(embedded('metamask.com.yokkoy.com'), { data: { embedded: 'metamask.com', points: 2 } });
  t.equal(verdictOf('metamask.com.yokkoy.com'), 'block', 'the brand alone would stay below warn');
  t.equal(verdictOf('www.uniswap.com.yobugo.com'), 'block');
  t.equal(embedded('metamask-news.yokkoy.com'), undefined, 'the brand in a label, no domain name spelled out');
  t.equal(embedded('app.metamask.io'), undefined, "the brand's own domain");
  t.equal(embedded('docs.com.example.org'), undefined, 'a domain name spelled out without a brand');
  t.equal(verdictOf('docs.com.example.org'), 'allow');
  // `.docs` is a top-level domain, but as a subdomain label it names the host's service (issue 14, tenth pass)
  t.equal(embedded('kucoinapidocs.docs.apiary.io'), undefined, 'an infrastructure word is no spelled-out suffix');
  t.not(verdictOf('kucoinapidocs.docs.apiary.io'), 'block', "KuCoin's API docs on apiary.io: the brand alone");
  t.ok(embedded('kucoin.com.apiary-docs.io'), 'a real spelled-out domain still counts');
});

t.test("`my` + a brand as the whole registrable label is the brand's own app name, not a typo", async (t) => {
  const brand = (v: string): unknown =>
    analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_typosquat' || f.kind === 'url.brand_impersonation')
      ?.data;
  t.match(brand('mytrezor.com'), { brands: ['trezor'], points: 1 }, "Trezor's own web-wallet domain: the weak point");
  t.equal(verdictOf('wallet.mytrezor.com'), 'allow', 'with a crypto-word subdomain of its own');
  t.equal(verdictOf('mytrezor.xyz'), 'warn', 'not on a TLD phishing favours');
  t.equal(verdictOf('mytrezor.web.app'), 'warn', 'nor on a hosting platform, where anyone takes any name');
  t.equal(verdictOf('mytrezor-claim.com'), 'block', 'another label (`my` + brand + lure) is weighed as before');
  t.not(verdictOf('claim.mytrezor.com'), 'allow', 'a lure subdomain still flags');
  t.equal(verdictOf('trezorr.com'), 'warn', 'a padded typo of the brand still warns');
});

t.test('a crypto word only in the subdomain of a plain project domain names its own service', async (t) => {
  const crypto = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.crypto_words')?.data;
  t.equal(crypto('869-wallet-extension.dev.pixelplexlabs.com'), undefined, "a project's own wallet host");
  t.equal(crypto('wallet.fuel.io'), undefined);
  t.match(crypto('wallet.claimfuel.com'), { words: ['wallet'] }, 'not when the registrable label holds a lure');
  t.match(crypto('wallet.fuel.xyz'), { words: ['wallet'] }, 'not on a TLD phishing favours');
  t.match(crypto('wallet.fuel.web.app'), { words: ['wallet'] }, 'not on a hosting platform');
  t.match(crypto('wallet.metamask-x.com'), { words: ['wallet'] }, 'not next to a brand');
  t.match(crypto('fuelwallet.io'), { words: ['wallet'] }, 'in the registrable label it still counts');
});

t.test("the learned vocabulary of a subdomain does not count on a brand's label on another TLD", async (t) => {
  const rows = ['kind,value,chain,disposition'];
  for (let i = 0; i < 30; i++) rows.push(`domain,join-${letters(i)}gift.com,,block`);
  const kk = smallKnowledge([parseList('csv', rows.join('\n'), { name: 'vocabulary' })]);
  const vocab = (h: string): unknown =>
    analyzeUrl(h, kk).findings.find((f) => f.kind === 'url.phishing_vocabulary')?.data;
  t.ok(kk.vocabulary.has('join'), '`join` is phishing vocabulary here');
  t.equal(vocab('join.zksync.dev'), undefined, "zkSync's own join page on zksync.dev (issue 14, tenth pass)");
  t.match(vocab('join-zksync.dev'), { words: ['join'] }, 'in the registrable label it still counts');
  t.match(vocab('join.zksync.top'), { words: ['join'] }, 'not on a TLD phishing favours');
  t.match(vocab('join.acme-labs.dev'), { words: ['join'] }, 'not without the brand label');
});

t.test('a common-word brand as the second word of a code-host account names a project, not the brand', async (t) => {
  const brand = (v: string): unknown =>
    analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_impersonation')?.data;
  t.match(brand('hiero-ledger.github.io'), { brands: ['ledger'], points: 1 }, "Hiero's ledger (issue 14, tenth pass)");
  t.equal(verdictOf('hiero-ledger.github.io'), 'allow');
  t.match(brand('wallet-phantom.github.io'), { points: 5 }, 'not after a crypto or lure word');
  t.match(brand('hiero-ledger.vercel.app'), { points: 5 }, 'only on a code host');
  t.match(brand('hiero-uniswap.github.io'), { points: 5 }, 'only a common-word brand');
  t.match(brand('ledger-hiero.github.io'), { points: 5 }, 'the brand first is the brand');
});

t.test('two letters dropped from a long brand make another word, unless both were of doubled pairs', async (t) => {
  const typo = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.brand_typosquat')?.data;
  t.equal(typo('www.polymake.org'), undefined, 'polymake (polymarket less r and t) is its own name (eleventh pass)');
  t.equal(verdictOf('www.polymake.org'), 'allow');
  t.equal(typo('genlayer.com'), undefined, 'genlayer: eigenlayer less i and e');
  t.match(typo('waletconect.com'), { brand: 'walletconnect', distance: 2 }, 'a dropped l of ll and n of nn');
  t.equal(verdictOf('waletconect.com'), 'warn');
  t.match(typo('polymaket.org'), { brand: 'polymarket', distance: 1 }, 'one dropped letter stays a typo');
  t.match(typo('hyperlliquild.com'), { brand: 'hyperliquid', distance: 2 }, 'two added letters stay a typo');
  t.match(typo('hypcriiquid.com'), { brand: 'hyperliquid', distance: 2 }, 'two swapped letters stay a typo');
});

t.test('a special-use name (RFC 2606 / 6761) is not scored: no public site has it', async (t) => {
  const special = (v: string): boolean => analyzeUrl(v, k).findings.some((f) => f.kind === 'url.special_use_name');
  for (const host of ['claim-airdrop-wallet.test', 'my-app.test', 'metamask-claim.example.com', 'uniswap.localhost']) {
    t.ok(special(host), host);
    t.equal(verdictOf(host), 'allow', host);
  }
  t.ok(special('claim-wallet.local') && special('claim-wallet.internal') && special('claim.home.arpa'));
  t.equal(verdictOf('claim-airdrop-wallet.testnet.xyz'), 'warn', 'a registered TLD is scored');
  t.equal(verdictOf('claim-airdrop-wallet.tests'), 'warn', 'the TLD must be the reserved name itself');
  t.notOk(special('claim-airdrop-wallet.onion'), '.onion is reachable over Tor');
  t.notOk(special('myexample.com') || special('example.co'), 'only the reserved second-level names');
  t.equal(verdictOf('phish.example'), 'block', 'lists come first');
});

t.test("a node endpoint's host (infrastructure words and one name) is infrastructure (twelfth pass)", async (t) => {
  const ep = (h: string): string | null => endpointName(hostParts(h));
  t.equal(ep('saga-grpc.stakeandrelax.net'), 'saga', 'gRPC, REST, LCD and JSON-RPC are node services');
  t.equal(ep('dydx-mainnet-lcd.autostake.com'), 'dydx');
  t.equal(ep('c4e-api.stake-town.com'), 'c4e', 'a chain name with a digit is one word');
  t.equal(ep('01-gravelines-003-01.rpc.tatum.io'), 'gravelines', 'instance numbers are no names');
  t.equal(ep('rpc.lorenzo-protocol.xyz'), '', 'infrastructure words only');
  t.equal(ep('app-dydx.autostake.com'), null, '`app` is no infrastructure word');
  t.equal(ep('dydx-claim-rpc.autostake.com'), null, 'a lure word is no endpoint');
  t.equal(ep('rpc-stake.example.org'), null, 'nor a crypto word');
  t.equal(ep('rpc.stake-town.vercel.app'), null, 'not on a hosting platform');
  t.equal(ep('stake-town.com'), null, 'no subdomain, no endpoint');
  // thirteenth pass
  t.equal(ep('evmrpc.kava.nodestake.org'), 'kava', 'two infrastructure words glued are one (`evmrpc`)');
  t.equal(ep('hyperliquid-json-rpc.stakely.io'), 'hyperliquid', 'JSON-RPC spelled with a hyphen');
  t.equal(ep('api-t.sge.nodestake.top'), 'sge', 'a single letter tags an instance (`-t`: testnet)');
  t.equal(ep('claimrpc.kava.nodestake.org'), null, 'a lure glued to an infrastructure word is no infrastructure word');

  const find = (h: string, kind: string): unknown => analyzeUrl(h, k).findings.find((f) => f.kind === kind)?.data;
  t.match(find('dydx-mainnet-lcd.autostake.com', 'url.brand_impersonation'), { points: 1 }, 'the chain it serves');
  t.match(find('dydx-wallet.autostake.com', 'url.brand_impersonation'), { points: 4 }, 'a borrowed brand elsewhere');
  t.match(find('rpc.dydx-node.com', 'url.brand_impersonation'), { points: 4 }, 'the brand in the registrable label');
  // (athena, the first example here, is no typosquat of ethena since the fourteenth pass: its first letter differs)
  t.match(find('rpc-kamimo.ardescan.com', 'url.brand_typosquat'), { points: 1 }, 'kamimo: the chain it serves');
  t.match(find('kamimo-app.ardescan.com', 'url.brand_typosquat'), { points: 5 }, 'no endpoint: a typosquat');
  t.match(find('rest.mucoin.org', 'url.brand_typosquat'), { points: 1 }, '`rest.` is an infrastructure service');

  const rows = ['kind,value,chain,disposition'];
  for (let i = 0; i < 30; i++)
    rows.push(`domain,kava-${letters(i)}gift.com,,block`, `domain,town-${letters(i)}.com,,block`);
  const kk = smallKnowledge([parseList('csv', rows.join('\n'), { name: 'vocabulary' })]);
  const vocab = (h: string): unknown =>
    analyzeUrl(h, kk).findings.find((f) => f.kind === 'url.phishing_vocabulary')?.data;
  t.ok(kk.vocabulary.has('kava') && kk.vocabulary.has('town'), '`kava` and `town` are phishing vocabulary here');
  t.equal(vocab('kava-mainnet-rpc.autostake.com'), undefined, 'the chain an endpoint serves is no vocabulary');
  t.match(vocab('kava-portal.autostake.com'), { words: ['kava'] }, 'in another subdomain it counts');
  const verdict = (h: string): string => decideVerdict(analyzeUrl(h, kk).findings).verdict;
  t.equal(verdict('stake-town.com'), 'warn', "the operator's name alone warns (vocabulary, template, crypto word)");
  t.equal(verdict('aura-rpc.stake-town.com'), 'allow', 'its node endpoints stay below warn');
  const score = analyzeUrl('aura-rpc.stake-town.com', kk).findings.find((f) => f.kind === 'url.suspicious_host');
  t.match(score, { severity: 'low' }, 'shown, at low');
  t.equal(verdict('rpc.claim-town.com'), 'warn', 'a lure word still warns on an endpoint');
  t.equal(verdict('rpc.dydx-town.com'), 'block', 'and so does a borrowed brand');
});

t.test('`validator` in a name is the infrastructure word, not the lure `validat`', async (t) => {
  const lure = (h: string): unknown => analyzeUrl(h, k).findings.find((f) => f.kind === 'url.lure_words')?.data;
  t.equal(lure('xrpl-rpc.embervalidator.top'), undefined, 'a validator named ember');
  t.equal(lure('rest.cosmoshub-main.ccvalidators.com'), undefined);
  t.match(lure('validate-wallet.com'), { words: ['validat'] }, 'validate your wallet stays a lure');
  t.match(lure('walletvalidation.xyz'), { words: ['validat'] });
  t.match(lure('revokexplorer.xyz'), { words: ['revoke'] }, 'other infrastructure words cut nothing');
});

t.test("a project's exact name as the registrable label is no vocabulary under its own subdomains", async (t) => {
  const rows = ['kind,value,chain,disposition'];
  for (let i = 0; i < 30; i++) rows.push(`domain,kava-${letters(i)}gift.com,,block`);
  const kk = smallKnowledge([parseList('csv', rows.join('\n'), { name: 'vocabulary' })]);
  const vocab = (h: string): unknown =>
    analyzeUrl(h, kk).findings.find((f) => f.kind === 'url.phishing_vocabulary')?.data;
  t.equal(vocab('portal.kava.xyz'), undefined, "the chain's own portal (thirteenth pass: portal.dymension.xyz)");
  t.equal(vocab('wallet.kava.network'), undefined);
  t.match(vocab('claim.kava.xyz'), { words: ['kava'] }, 'not under a lure subdomain');
  t.match(vocab('kava.xyz'), { words: ['kava'] }, 'nor on the bare name, which phishing registers on other TLDs');
  t.match(vocab('portal.kava-claim.xyz'), { words: ['kava'] }, 'nor when the label holds more than the name');
  t.match(vocab('metamask.kava.xyz'), { words: ['kava'] }, 'nor next to a borrowed brand');
});

t.test('a spelled-out domain ends in a suffix the PSL lists: a word no registry serves is a label', async (t) => {
  const embedded = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.embedded_domain');
  // `superchain` is no top-level domain: kraken-sepolia.superchain is two labels, not a domain name (fourteenth pass)
  t.equal(embedded('kraken-sepolia.superchain.safe.protofire.io'), undefined);
  t.not(verdictOf('kraken-sepolia.superchain.safe.protofire.io'), 'block', 'the brand alone: no second signal');
  t.match(embedded('kraken.com.protofire.io'), { data: { embedded: 'kraken.com' } }, 'a listed suffix still counts');
  t.equal(verdictOf('kraken.com.protofire.io'), 'block');
});

t.test("a host under a curated brand's own domain is the brand's: its name is not scored", async (t) => {
  // Safe's transaction service for the Zora chain, run by Optimism (issue 14, fourteenth pass)
  const a = analyzeUrl('transaction-zora.safe.optimism.io', k);
  t.match(
    a.findings.find((f) => f.kind === 'url.brand_domain'),
    { data: { brand: 'optimism', domain: 'optimism.io' } },
  );
  t.equal(decideVerdict(a.findings).verdict, 'allow');
  t.equal(verdictOf('transaction-zora.safe.example-ops.io'), 'block', 'the same name under another domain');
  t.equal(verdictOf('transaction-zora.safe.optimlsm.io'), 'block', 'and under a look-alike of the domain');
});

t.test("a chain's name spelled as a domain is the chain a service serves: no embedded-domain signal", async (t) => {
  const embedded = (v: string): unknown => analyzeUrl(v, k).findings.find((f) => f.kind === 'url.embedded_domain');
  // Safe's transaction service for Ronin, `.safe` being a top-level domain (fourteenth pass)
  t.equal(embedded('safe-transaction-ronin.safe.onchainden.com'), undefined);
  t.equal(verdictOf('safe-transaction-ronin.safe.onchainden.com'), 'allow');
  t.ok(embedded('metamask.com.yokkoy.com'), 'a product brand keeps it');
});

t.test('a plain substitution of the first letter makes another word, not a typosquat', async (t) => {
  // camino (a Spanish word, Camino Network) is not kamino, athereum not ethereum (issue 14, fourteenth pass)
  t.equal(brandPoints('camino.network'), undefined);
  t.equal(verdictOf('suite.camino.network'), 'allow');
  t.equal(brandPoints('athereum.ava.network'), undefined);
  t.equal(brandPoints('kamimo.network'), 5, 'a substitution inside the word stays a typosquat');
  t.equal(brandPoints('iayerzero.com'), 5, 'so does a look-alike first letter (i for l)');
  t.equal(brandPoints('rthena.com'), 5, 'and a keyboard neighbour (r for e)');
});
