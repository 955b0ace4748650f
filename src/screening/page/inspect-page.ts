/**
 * Passive page inspection: reads fetched HTML as text (never runs scripts, never loads sub-resources) and reports
 * wallet-drainer signs: wallet-connect lures, seed-phrase / private-key forms, approval and signing calls in inline
 * scripts, obfuscation, exfiltration endpoints, cloned-page markers and known drainer-kit markers, plus a Scam DNA
 * fingerprint (scam-dna.ts) that stays the same when one kit is deployed on another domain.
 */
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import {
  APPROVAL_CALLS,
  CLONE_MARKERS,
  DRAINER_KITS,
  DRAINER_WORD,
  EXFIL_ENDPOINTS,
  SEED_TEXT,
  WALLET_APIS,
  WALLET_LURES,
} from './page-markers.ts';
import { scamDnaOf } from './scam-dna.ts';
import { findBlocks, matchTags, replaceBlocks, replaceTags } from './html-scan.ts';

export interface PageMeta {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  redirectLocation?: string;
  bytes: number;
  truncated: boolean;
}

export interface Sandbox {
  fetched: boolean;
  reason?: string;
  status: number | null;
  bytes: number;
  truncated: boolean;
  redirect: string | null;
  contentType: string | null;
  title: string | null;
  scripts: { inline: number; external: number; externalHosts: string[] };
  forms: number;
  inputs: number;
  passwordInputs: number;
  iframes: number;
  metaRefresh: string | null;
}

export interface ScamDna {
  fingerprint: string;
  scriptHashes: string[];
  structureHash: string;
  kitFamily: string | null;
  signals: string[];
}

export interface PageInspection {
  sandbox: Sandbox;
  scamDna: ScamDna;
  findings: Finding[];
}

/** Sandbox record for a page that was not fetched (no fetcher injected, or the fetch failed). */
export function notFetched(reason: string): Sandbox {
  return {
    fetched: false,
    reason,
    status: null,
    bytes: 0,
    truncated: false,
    redirect: null,
    contentType: null,
    title: null,
    scripts: { inline: 0, external: 0, externalHosts: [] },
    forms: 0,
    inputs: 0,
    passwordInputs: 0,
    iframes: 0,
    metaRefresh: null,
  };
}

const header = (h: PageMeta['headers'], name: string): string | null => {
  for (const [k, v] of Object.entries(h))
    if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(', ') : (v ?? null);
  return null;
};

export function inspectPage(html: string, meta: PageMeta): PageInspection {
  const inline: string[] = [];
  const external: string[] = [];
  // linear-time scans (html-scan.ts): the page is the attacker's, and backtracking regexes would stall the server
  for (const b of findBlocks(html, /<script\b([^>]*)>/gi, /<\/script\s*>/gi)) {
    const attrs = b.open[1];
    const body = html.slice(b.openEnd, b.bodyEnd);
    const src = /\bsrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    if (src) external.push(src[2] ?? src[3] ?? src[4] ?? '');
    else if (body.trim() !== '' && !/type\s*=\s*["']?(?:application\/ld\+json|text\/template)/i.test(attrs))
      inline.push(body);
  }
  const count = (re: RegExp): number => html.match(re)?.length ?? 0;
  const inputs = matchTags(html, /<input\b[^>]*>/gi).map((x) => x[0]);
  const textInputs = inputs.filter((i) => !/type\s*=\s*["']?(?:hidden|submit|button|checkbox|radio|image)/i.test(i));
  const externalHosts = [
    ...new Set(
      external
        .map((s) => /^(?:https?:)?\/\/([^/:]+)/i.exec(s)?.[1]?.toLowerCase())
        .filter((x): x is string => x !== undefined),
    ),
  ];
  let refresh: string | null = null;
  for (const [tag] of matchTags(html, /<meta\b[^>]*>/gi)) {
    const content = /http-equiv\s*=\s*["']?refresh/i.test(tag) ? /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag) : null;
    if (content) {
      refresh = content[1];
      break;
    }
  }
  const titleBlock = findBlocks(html, /<title[^>]*>/gi, /<\/title>/gi)[0];
  const title = titleBlock ? html.slice(titleBlock.openEnd, titleBlock.bodyEnd) : null;
  const sandbox: Sandbox = {
    fetched: true,
    status: meta.status,
    bytes: meta.bytes,
    truncated: meta.truncated,
    redirect: meta.redirectLocation ?? null,
    contentType: header(meta.headers, 'content-type'),
    title: title !== null ? title.trim().slice(0, 200) : null,
    scripts: { inline: inline.length, external: external.length, externalHosts },
    forms: count(/<form\b/gi),
    inputs: inputs.length,
    passwordInputs: inputs.filter((i) => /type\s*=\s*["']?password/i.test(i)).length,
    iframes: count(/<iframe\b/gi),
    metaRefresh: refresh,
  };

  const findings: Finding[] = [];
  const signals: string[] = [];
  const add = (kind: string, severity: Severity, message: string, data?: Record<string, unknown>): void => {
    signals.push(kind);
    findings.push({ kind, severity, message, source: heuristic(kind), ...(data ? { data } : {}) });
  };
  const scriptText = inline.join('\n');
  const visible = replaceTags(
    replaceBlocks(replaceBlocks(html, /<script\b/gi, /<\/script\s*>/gi, ' '), /<style\b/gi, /<\/style\s*>/gi, ' '),
    /<[^>]+>/g,
    ' ',
  );
  const allText = html;

  // a kit marker counts where it runs or sends: scripts, script and iframe sources, form actions; the same name in
  // the page's prose (an article about Inferno Drainer) is a mention, not a kit
  const code = [scriptText, ...external, ...attributeValues(html, /<(?:form|iframe)\b[^>]*>/gi, /(?:action|src)/)].join(
    '\n',
  );
  let kitFamily: string | null = null;
  for (const kit of DRAINER_KITS) {
    if (kit.markers.test(code)) {
      kitFamily = kit.family;
      break;
    }
  }
  if (kitFamily !== null)
    add(
      'page.drainer_kit',
      kitFamily === 'generic-drainer' ? 'high' : 'critical',
      `page code carries markers of the ${kitFamily} drainer kit`,
      { kitFamily },
    );
  else if (DRAINER_WORD.test(code))
    add('page.drainer_word', 'medium', 'page code names a "drainer"', { where: 'code' });
  else {
    const mention =
      DRAINER_KITS.find((k) => k.markers.test(visible)) ?? (DRAINER_WORD.test(visible) ? null : undefined);
    if (mention !== undefined)
      add('page.drainer_mention', 'info', 'page text mentions a drainer (prose, not code: not counted as a kit)', {
        family: mention?.family ?? null,
      });
  }

  const seedText =
    SEED_TEXT.test(visible) || inputs.some((i) => /(?:seed|mnemonic|phrase|private.?key|word-?\d)/i.test(i));
  if (seedText && (textInputs.length >= 12 || /<textarea\b/i.test(html) || sandbox.passwordInputs > 0)) {
    add(
      'page.seed_phrase_form',
      'critical',
      `page asks for a recovery phrase or private key (${textInputs.length} text inputs)`,
      { textInputs: textInputs.length },
    );
  } else if (seedText) add('page.seed_phrase_text', 'medium', 'page talks about recovery phrases or private keys');

  const calls = APPROVAL_CALLS.filter(([, re]) => re.test(scriptText)).map(([name]) => name);
  const dangerous = calls.filter((c) => c !== 'sendTransaction' && c !== 'transferFrom');
  if (dangerous.length > 0)
    add(
      'page.approval_calls',
      dangerous.some((c) => c === 'setApprovalForAll' || c === 'permit2' || c === 'seaport' || c === 'eth_sign')
        ? 'high'
        : 'medium',
      `inline scripts call ${calls.join(', ')}`,
      { calls },
    );
  else if (calls.length > 0)
    add('page.transaction_calls', 'low', `inline scripts send transactions (${calls.join(', ')})`, { calls });

  const lure = WALLET_LURES.exec(visible);
  const walletApi = WALLET_APIS.test(scriptText);
  if (lure)
    add('page.wallet_lure', walletApi ? 'medium' : 'low', `page text lures to connect a wallet: "${lure[0]}"`, {
      walletApi,
    });

  const exfil = EXFIL_ENDPOINTS.filter(([, re]) => re.test(allText)).map(([name]) => name);
  const strongExfil = exfil.filter((e) => e !== 'ip-geolocation');
  if (strongExfil.length > 0)
    add('page.exfiltration_endpoint', 'high', `page sends data to ${strongExfil.join(', ')}`, { endpoints: exfil });
  else if (exfil.length > 0)
    add('page.visitor_geolocation', 'low', `page looks up the visitor's IP location (${exfil.join(', ')})`, {
      endpoints: exfil,
    });

  const obf: string[] = [];
  if (/\beval\s*\(|new\s+Function\s*\(|\bFunction\s*\(\s*["']/.test(scriptText)) obf.push('eval');
  if (/\batob\s*\(|unescape\s*\(|String\.fromCharCode\s*\(/.test(scriptText)) obf.push('decode');
  if (/_0x[0-9a-f]{4,}/i.test(scriptText)) obf.push('obfuscator-identifiers');
  if ((scriptText.match(/\\x[0-9a-f]{2}/gi)?.length ?? 0) > 50) obf.push('hex-escapes');
  if (inline.some((s) => s.split('\n').some((line) => line.length > 5000))) obf.push('very-long-line');
  if (obf.length >= 2 || obf.includes('obfuscator-identifiers'))
    add('page.obfuscated_script', 'medium', `inline scripts look obfuscated (${obf.join(', ')})`, { techniques: obf });
  else if (obf.length === 1) add('page.script_packing', 'info', `inline scripts use ${obf[0]}`, { techniques: obf });

  const clones = CLONE_MARKERS.filter(([, re]) => re.test(allText)).map(([name]) => name);
  if (clones.length > 0)
    add('page.cloned_page', 'medium', `page is a saved copy of another site (${clones.join(', ')})`, {
      markers: clones,
    });
  if (sandbox.metaRefresh !== null)
    add('page.meta_refresh', 'info', `page redirects with meta refresh: ${sandbox.metaRefresh}`);
  if (meta.redirectLocation) add('page.redirect', 'info', `server redirects to ${meta.redirectLocation}`);

  const dna = scamDnaOf(html, inline, external);
  return { sandbox, scamDna: { ...dna, kitFamily, signals }, findings };
}

/** Values of the named attributes of the matched tags (form action, iframe src). */
function attributeValues(html: string, tags: RegExp, names: RegExp): string[] {
  const out: string[] = [];
  const attr = new RegExp(`\\b${names.source}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'gi');
  for (const [tag] of matchTags(html, tags)) for (const m of tag.matchAll(attr)) out.push(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}
