import t from 'tap';
import { readFileSync } from 'node:fs';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { ListFormatError } from '../../src/screening/screening-input-error.ts';

const D = '/work/shared/datasets/screening/';
const read = (p: string): Buffer => readFileSync(D + p);

t.test('metamask config.json: blacklist, whitelist and fuzzylist anchors', async (t) => {
  const l = parseList('metamask', read('metamask-eth-phishing-detect/config.json'));
  t.equal(l.entries.filter((e) => e.disposition === 'block').length, 13752);
  t.equal(l.entries.filter((e) => e.disposition === 'allow' && e.meta?.anchor !== true).length, 1138);
  t.equal(l.entries.filter((e) => e.meta?.anchor === true).length, 15);
  t.match(l.version, /^sha256:[0-9a-f]{16}$/);
  t.equal(
    parseList('metamask', read('metamask-eth-phishing-detect/config.json')).version,
    l.version,
    'same bytes, same version',
  );
  t.notOk(
    l.entries.some((e) => e.value !== e.value.toLowerCase() || e.value.endsWith('.')),
    'hosts are normalised',
  );
});

t.test('phantom yaml files: hosts, block scalars, wildcard parents and mints', async (t) => {
  const eth = parseList('phantom', read('phantom-blocklist/eth-blocklist.yaml'), { fileName: 'eth-blocklist.yaml' });
  t.equal(eth.entries.length, 42626);
  t.ok(
    eth.entries.some(
      (e) =>
        e.value ===
        'verification.coinbase-supportredit-carmail.thuongnhanv.admin.orderonlail.thuongnhanv.admin.orderonline.id',
    ),
    'folded >- entry read',
  );
  t.equal(eth.name, 'phantom-eth-blocklist');
  const wl = parseList('phantom', read('phantom-blocklist/whitelist.yaml'), { fileName: 'whitelist.yaml' });
  t.equal(wl.entries.length, 31);
  t.ok(wl.entries.every((e) => e.disposition === 'allow'));
  const vercel = wl.entries.find((e) => e.value === 'vercel.app');
  t.equal(vercel?.meta?.wildcardParent, true);
  const nft = parseList('phantom', read('phantom-blocklist/nft-blocklist.yaml'), { fileName: 'nft-blocklist.yaml' });
  t.equal(nft.entries.length, 3118);
  t.equal(nft.skipped, 1, 'one mint decodes to 31 bytes and is left out');
  t.ok(nft.entries.every((e) => e.kind === 'token' && e.chain === 'solana' && e.disposition === 'block'));
  t.same(parseList('phantom', read('phantom-blocklist/fuzzylist.yaml'), { fileName: 'fuzzylist.yaml' }).entries, []);
  t.throws(() => parseList('phantom', 'foo: [1, 2]\n', { fileName: 'x.yaml' }), ListFormatError);
});

t.test('scamsniffer: address.json, combined.json and first_seen.tsv.gz', async (t) => {
  const a = parseList('scamsniffer', read('scamsniffer/address.json'));
  t.equal(a.entries.length, 2530);
  t.ok(a.entries.every((e) => e.kind === 'address' && e.chain === 'evm' && /^0x[0-9a-f]{40}$/.test(e.value)));
  const c = parseList('scamsniffer', read('scamsniffer/combined.json'));
  const hosts = c.entries.filter((e) => e.kind === 'domain');
  t.equal(hosts.length + (c.skipped ?? 0), 2577);
  t.ok(c.entries.some((e) => e.kind === 'address' && e.meta?.seenOn === 'degenalgo.art'));
  const fs = parseList('scamsniffer', read('scamsniffer/first_seen.tsv.gz'));
  t.equal(fs.entries.filter((e) => e.kind === 'domain').length + (fs.skipped ?? 0), 352600);
  t.equal(fs.entries.filter((e) => e.kind === 'address').length, 808);
  t.equal(fs.listDate, '2026-08-15');
  t.ok(fs.entries.every((e) => typeof e.meta?.firstSeen === 'string'));
});

t.test('uniswap token list: allow entries with symbol and chain', async (t) => {
  const l = parseList('tokenlist', read('uniswap-default-token-list/uniswap-default.tokenlist.json'));
  t.equal(l.entries.length, 1723);
  t.equal(l.version, '22.21.0');
  t.equal(l.listDate, '2026-09-23');
  t.equal(l.entries.filter((e) => e.chain === 'solana').length, 185);
  const uni = l.entries.find((e) => e.meta?.symbol === 'UNI' && e.meta?.chainId === 1);
  t.equal(uni?.value, '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984');
});

t.test('csv lists: columns, normalisation and refusals', async (t) => {
  const csv =
    'kind,value,chain,disposition,note\ndomain,HTTPS://Evil.Example.COM/path,,block,x\naddress,' +
    '0xAbC0000000000000000000000000000000000001,evm,block,\n';
  const l = parseList('csv', csv, { fileName: 'ops/extra.csv' });
  t.equal(l.name, 'extra');
  t.same(
    l.entries.map((e) => e.value),
    ['evil.example.com', '0xabc0000000000000000000000000000000000001'],
  );
  t.same(l.entries[0].meta, { note: 'x' });
  t.throws(() => parseList('csv', 'kind,value,chain,disposition\ndomain,x.com,,maybe\n'), {
    code: 'invalid_list',
    message: /line 2: disposition/,
  });
  t.throws(() => parseList('csv', 'kind,value\ndomain,x.com\n'), {
    code: 'invalid_list',
    message: /missing column chain/,
  });
  t.throws(() => parseList('csv', 'kind,value,chain,disposition\naddress,0x12,evm,block\n'), { code: 'invalid_list' });
});

t.test('real lists together: MetaMask whitelist wins over a ScamSniffer block (metamasks.com)', async (t) => {
  const { ScreeningKnowledge } = await import('../../src/screening/knowledge.ts');
  const mm = parseList('metamask', read('metamask-eth-phishing-detect/config.json'));
  const ss = parseList('scamsniffer', read('scamsniffer/first_seen.tsv.gz'));
  t.ok(
    ss.entries.some((e) => e.value === 'metamasks.com'),
    'the conflict exists in the data',
  );
  const k = new ScreeningKnowledge([mm, ss]);
  const v = k.lookupHost('metamasks.com');
  t.equal(v.allowed?.refs[0].name, 'metamask-eth-phishing-detect');
  t.equal(v.blocked?.refs[0].name, 'scamsniffer');
  t.equal(k.lookupHost('app.uniswap-airdrop-claim-nonexistent.vercel.app').blocked, null);
});
