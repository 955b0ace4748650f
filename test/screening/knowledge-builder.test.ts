import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseList } from '../../src/screening/lists/parse-list.ts';
import { ScreeningKnowledge } from '../../src/screening/knowledge.ts';
import { buildKnowledgeOffThread } from '../../src/screening/service/knowledge-builder.ts';
import { analyzeUrl } from '../../src/screening/url/analyze-url.ts';

const D = path.resolve(import.meta.dirname, '../../../shared/datasets/screening');
const lists = [
  parseList('metamask', fs.readFileSync(path.join(D, 'metamask-eth-phishing-detect/config.json'))),
  ...['blocklist', 'eth-blocklist', 'whitelist'].map((f) =>
    parseList('phantom', fs.readFileSync(path.join(D, `phantom-blocklist/${f}.yaml`)), { fileName: `${f}.yaml` }),
  ),
  parseList('tokenlist', fs.readFileSync(path.join(D, 'uniswap-default-token-list/uniswap-default.tokenlist.json'))),
];

/** Runs `fn` while a 5 ms ticker measures the longest stall of the event loop. */
async function longestStall(fn: () => Promise<unknown> | unknown): Promise<{ ms: number; value: unknown }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    const value = await fn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { ms: Math.max(worst, performance.now() - last), value };
  } finally {
    clearInterval(timer);
  }
}

t.test(
  `knowledge built in a worker thread is the knowledge built inline ` +
    `(${lists.reduce((n, l) => n + l.entries.length, 0)} list entries)`,
  async (t) => {
    const inline = await longestStall(() => new ScreeningKnowledge(lists));
    const off = await longestStall(() => buildKnowledgeOffThread(lists));
    const a = inline.value as ScreeningKnowledge;
    const b = off.value as ScreeningKnowledge;
    t.ok(b instanceof ScreeningKnowledge, 'a real ScreeningKnowledge with its methods');
    const [sa, sb] = [a.snapshot(), b.snapshot()];
    t.same(Object.keys(sb).sort(), Object.keys(sa).sort(), 'the same fields');
    for (const name of Object.keys(sa)) t.ok(isDeepStrictEqual(sa[name], sb[name]), `field ${name} is the same`);
    t.same(b.lists, a.lists);
    for (const url of [
      'https://metamask.io',
      'https://app.uniswap.org',
      'https://metamask-wallet-restore.xyz/connect',
      'https://opensea-claim.vercel.app',
      'https://example.com',
    ]) {
      t.same(analyzeUrl(url, b).findings, analyzeUrl(url, a).findings, url);
    }
    t.ok(
      off.ms < inline.ms / 2,
      `the event loop stalled ${Math.round(off.ms)} ms with the worker, ${Math.round(inline.ms)} ms inline`,
    );
  },
);
