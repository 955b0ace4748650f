/**
 * URL / host screening: list lookups (host and parents, PSL private section aware, allow wins) and host-name
 * heuristics for hosts no list knows yet. Each heuristic adds points; the sum decides the severity of one
 * `url.suspicious_host` finding (docs/screening.md, "Host heuristics"), while the component signals are reported as
 * info findings so that every verdict can be explained and the benchmark can break detections down by signal.
 */
import { domainToUnicode } from 'node:url';
import { parse as parseHost } from 'tldts';
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { hostParts, type ListRef, type ScreeningKnowledge } from '../knowledge.ts';
import { normaliseHost } from '../lists/host-name.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import {
  type Brand,
  accountLabel,
  brandsIn,
  isAppLink,
  isCommonWordBrand,
  ownAccount,
  ownedBy,
} from './brand-anchors.ts';
import { isMixedScript, skeleton } from './confusables.ts';
import { hostShape } from './host-shape.ts';
import { LEXICAL_BANDS, LEXICAL_MIN_DOCS, LEXICAL_MIN_WORD_SCORE, scoreHost } from './lexical-model.ts';
import {
  BRAND_CONTEXT_WORDS,
  CODE_HOSTS,
  INFRA_WORDS,
  SOFTWARE_LURES,
  STRONG_LURES,
  SUSPICIOUS_TLDS,
  TEMPLATE_WORDS,
  WEAK_LURES,
  hostRuns,
  wordsIn,
} from './host-words.ts';
import { restsOnWords, withModelAgreement } from './model-agreement.ts';
import { findTyposquat } from './typosquat.ts';
import { HOST_MODEL, type HostModelInput, hostModelInput, scoreHostModel } from './host-model.ts';

export interface UrlAnalysis {
  url: string;
  host: string;
  /** The Unicode form of the host (differs from host for IDN). */
  unicodeHost: string;
  allowListed: boolean;
  blockListed: boolean;
  /** Sum of heuristic points (0 when a list decided). */
  points: number;
  /** Ids of the heuristics that fired (for breakdowns). */
  signals: string[];
  findings: Finding[];
  /** The host model's inputs and logit (host-model.ts); null when a list decided or no trained lexical model. */
  hostModel: { input: HostModelInput; logit: number } | null;
}

/** Points from which `url.suspicious_host` is low / medium / high. */
export const HOST_THRESHOLDS = { low: 3, medium: 5, high: 8 };
/** Brand impersonation plus another signal of at least this many points is critical (block). */
export const SECOND_SIGNAL_POINTS = 2;
const IMPERSONATION_SIGNALS = new Set(['url.brand_impersonation', 'url.brand_typosquat', 'url.brand_software_lure']);

const listSource = (r: ListRef) => ({ type: 'list' as const, name: r.name, version: r.version });

/** Parses the url value (http/https URL or bare host); throws ScreeningInputError for anything else. */
export function parseScreeningUrl(value: string): { url: string; host: string; userinfo?: string } {
  const text = value.trim();
  if (text === '' || text.length > 4096)
    throw new ScreeningInputError(
      'invalid_screening_request',
      'url value must be a non-empty http(s) URL or host name of at most 4096 characters',
    );
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  if (scheme && !/^https?$/i.test(scheme[1]) && text.includes('://')) {
    throw new ScreeningInputError(
      'invalid_screening_request',
      `url scheme ${scheme[1]}: is not screened (only http and https)`,
    );
  }
  // `name:` not followed by a port (mailto:a@b.com, tel:, javascript:...) is another scheme, not host:port
  if (
    scheme &&
    !/^https?$/i.test(scheme[1]) &&
    (/^(javascript|data|blob|file|vbscript)$/i.test(scheme[1]) || !/^(\d|$)/.test(text.slice(scheme[0].length)))
  ) {
    throw new ScreeningInputError(
      'invalid_screening_request',
      `url scheme ${scheme[1]}: is not screened (only http and https)`,
    );
  }
  const host = normaliseHost(text);
  if (host === null || (!host.includes('.') && !host.startsWith('[')))
    throw new ScreeningInputError(
      'invalid_screening_request',
      `url value ${JSON.stringify(text.slice(0, 100))} holds no usable host name`,
    );
  const url = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ScreeningInputError(
      'invalid_screening_request',
      `url value ${JSON.stringify(text.slice(0, 100))} is not a valid URL`,
    );
  }
  if (parsed.username === '' && parsed.password === '') return { url, host };
  // user:pass@ is never sent (the page is fetched without it); what stood before the @ is reported
  const decode = (x: string): string => {
    try {
      return decodeURIComponent(x);
    } catch {
      return x;
    }
  };
  const userinfo = decode(parsed.username) + (parsed.password !== '' ? ':' + decode(parsed.password) : '');
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.href, host, userinfo };
}

const strongOrWeak = (run: string): boolean =>
  wordsIn([run], STRONG_LURES).length > 0 || wordsIn([run], WEAK_LURES).length > 0;

/** Points of the `<lure>-<name>` registrable-label template (chosen on the validation split, docs/screening.md). */
export const LURE_TEMPLATE_POINTS = 2;

/** The two parts of a registrable label `<lure>-<name>` or `<name>-<lure>`, or null. */
function lureTemplate(domain: string | null, publicSuffix: string | null): string[] | null {
  if (domain === null || publicSuffix === null) return null;
  const label = domain.slice(0, -publicSuffix.length - 1);
  const parts = label.split('-');
  if (parts.length !== 2 || parts.some((p) => !/^[a-z][a-z0-9]{2,}$/.test(p))) return null;
  const lure = parts.findIndex((p) => TEMPLATE_WORDS.some((w) => p === w || p === `${w}s`));
  if (lure < 0) return null;
  // `<name>-assets` is how a service names its CDN host (the `assets.` subdomain's twin); `assets-<name>` stays a lure
  if (lure === 1 && /^assets?$/.test(parts[1])) return null;
  const other = parts[1 - lure];
  return INFRA_WORDS.has(other) || TEMPLATE_WORDS.includes(other) ? null : parts;
}

/**
 * Words that make `<word>.<name>.<tld>` the template (app., portal., stake., and assets. — the usual CDN host — are
 * everyday subdomains: not here).
 */
const SUBDOMAIN_LURES = [...STRONG_LURES, 'register', 'proposal', 'vote', 'votes'];

/** `claim.bedrockdao.pro`: a single subdomain label that is a lure, on a registrable name that is not a platform. */
function lureSubdomain(subdomain: string, domain: string | null): string[] | null {
  if (domain === null || subdomain === '' || subdomain.includes('.')) return null;
  const word = subdomain.replace(/s$/, '');
  return SUBDOMAIN_LURES.some((w) => word === w || subdomain === w) ? [subdomain, domain] : null;
}

/** True when a subdomain is empty or made of chain-infrastructure words only (`rpc`, `api.mainnet`, `docs`, `www`). */
function infraSubdomain(subdomain: string): boolean {
  const runs = subdomain.split(/[^a-z]+/).filter((r) => r !== '');
  return runs.every((r) => r === 'www' || INFRA_WORDS.has(r));
}

/** An infrastructure word, or two glued together (`evmrpc`, `rpcnode`, `wssrpc`: thirteenth pass). */
function infraWord(w: string): boolean {
  if (INFRA_WORDS.has(w)) return true;
  for (let i = 2; i <= w.length - 2; i++)
    if (INFRA_WORDS.has(w.slice(0, i)) && INFRA_WORDS.has(w.slice(i))) return true;
  return false;
}

/**
 * `dydx-mainnet-lcd.autostake.com`, `rpc-athena.ardescan.com`, `api.humans-mainnet.stake-take.com`: a subdomain that
 * names a node endpoint, infrastructure words with at most one other word (the chain or network it serves), no lure,
 * crypto, template or software word, off hosting platforms. Validators and node operators serve many chains so;
 * phishing pages are pages for people and do not need the shape (issue 14, twelfth pass: 37 of 14,327 validation
 * phishing hosts have it, 1 of them flagged). Returns the served name ('' when there is none), or null.
 */
export function endpointName(parts: ReturnType<typeof hostParts>): string | null {
  if (parts.domain === null || parts.isPrivate || parts.subdomain === '') return null;
  // words are the labels' hyphen-separated parts (`c4e-api`: the chain c4e); number parts and single letters name
  // instances (`rpc-01`, `api-t`: the testnet's)
  const words = parts.subdomain.split(/[.-]/).filter((w) => /[a-z]/.test(w) && w.length > 1 && w !== 'www');
  const names = words.filter((w) => !infraWord(w));
  if (names.length === words.length || names.length > 1 || lureInSubdomain(parts.subdomain)) return null;
  return names[0] ?? '';
}

/** Infrastructure words that hold a lure word (`validator`: `validat`), cut out of a run before lures are matched. */
const LURE_HOLDING_INFRA_WORDS = [...INFRA_WORDS].filter((w) => wordsIn([w], STRONG_LURES).length > 0);

/**
 * Signals that still warn on a node endpoint (endpointName): a lure word, the lists' own patterns (blocked siblings,
 * campaign shapes), a bare IP or credentials; impersonation is checked apart.
 */
const ENDPOINT_WARN_SIGNALS = new Set([
  'url.lure_words',
  'url.blocked_sibling',
  'url.campaign_pattern',
  'url.ip_host',
  'url.credentials',
  'url.mixed_script',
]);

/**
 * A node endpoint's host (`aura-rpc.stake-town.com`, `rpc.lorenzo-protocol.xyz`) warns only on impersonation or a
 * signal of ENDPOINT_WARN_SIGNALS: the shape is a strong sign of infrastructure (issue 14, twelfth pass: 4,913 of
 * 15,792 legitimate development hosts have it, 36 of 14,327 validation phishing hosts), so the weaker signals of the
 * operator's own name (`stake`, `protocol`, the lexical and host models) are shown but stay `low`.
 */
function endpointCap(sev: Severity | null, capped: boolean): Severity | null {
  return capped && sev !== null && sev !== 'low' ? 'low' : sev;
}

/** True when a subdomain holds a lure, crypto, template or software-lure word (`claim.`, `wallet-app.`). */
function lureInSubdomain(subdomain: string): boolean {
  const runs = subdomain.split(/[^a-z]+/).filter((r) => r !== '');
  return [STRONG_LURES, WEAK_LURES, TEMPLATE_WORDS, SOFTWARE_LURES].some((words) => wordsIn(runs, words).length > 0);
}

/**
 * True when the host is the registrable domain itself (or its `www.`): the brand's exact label on another TLD with
 * nothing added (walletconnect.org) is the brand's name there, so the lure and crypto words inside that name do not
 * count (issue 14, seventh pass), unless the TLD is one the phishing lists over-represent (walletconnect.rest: a
 * brand keeps its old names on ordinary TLDs, not on cheap ones); it keeps the weak same-label brand point, and a
 * typosquat or a brand with a lure (walletconect.org, walletconnect-claim.org) is another label, weighed as before.
 */
const bareSite = (host: string, subdomain: string): boolean =>
  (subdomain === '' || subdomain === 'www') && ordinaryTld(host);

/** True when a subdomain holds a strong lure word (`claim.`, `verify-`). */
const strongLureIn = (subdomain: string): boolean =>
  wordsIn(
    subdomain.split(/[^a-z]+/).filter((r) => r !== ''),
    STRONG_LURES,
  ).length > 0;

/** True when the host is its registrable domain or that domain's `www.`. */
const apexOf = (parts: ReturnType<typeof hostParts>): boolean => parts.subdomain === '' || parts.subdomain === 'www';

/** True when the host's TLD is not one the phishing lists over-represent (SUSPICIOUS_TLDS). */
const ordinaryTld = (host: string): boolean => !SUSPICIOUS_TLDS.has(host.slice(host.lastIndexOf('.') + 1));

/** The runs of the registrable label only (the subdomain's left out), of those given. */
function withoutSubdomain(runs: string[], parts: ReturnType<typeof hostParts>): string[] {
  const label = hostRuns(parts.domain ?? '', parts.publicSuffix);
  return runs.filter((r) => label.includes(r));
}

/** True when a subdomain names an infrastructure service (`rpc`, `api.mainnet`; not `www` alone). */
const infraService = (subdomain: string): boolean => subdomain.split(/[^a-z]+/).some((r) => INFRA_WORDS.has(r));

/**
 * The runs with the names of the site's own brands cut out (`walletconnect` -> nothing, `walletconnectapp` ->
 * `app`). A brand whose name holds a lure or crypto word (WalletConnect, TrustWallet, MyEtherWallet) is a name, not
 * a lure, on the brand's own site: its official domain, its account on a code-hosting or app-link platform, or its
 * label on another TLD under infrastructure subdomains (rpc., api., docs.). Elsewhere (walletconnect.cam,
 * okx-walletconnect.com) the word still counts: the name is being borrowed.
 */
function withoutBrands(runs: string[], own: string[]): string[] {
  if (own.length === 0) return runs;
  const names = [...own].sort((a, b) => b.length - a.length);
  return runs.flatMap((r) => names.reduce((x, n) => x.split(n).join(' '), r).split(' ')).filter((r) => r !== '');
}

/**
 * Blocked hosts under a registrable domain from which its other hosts get `url.blocked_sibling`: one or two are what
 * a multi-tenant service (blogspot, slack, an app-link service) or a once-compromised site shows (chosen from {1, 3}
 * on development data, docs/screening.md).
 */
export const BLOCKED_SIBLING_MIN = 3;

/**
 * `metamask.com.yokkoy.com`, `www.uniswap.com.yobugo.com`: a subdomain that spells out a whole domain name carrying
 * one of the host's borrowed brands (`<label>.<public suffix>`), so that a reader stops at the brand; the host's real
 * registrable domain follows it. A suffix that is an infrastructure word is not read as one (`.docs`, `.api`: a
 * host's service label). Returns the embedded name or null.
 */
/** Points of `url.embedded_domain`: the second-signal weight (SECOND_SIGNAL_POINTS), chosen by the rule, not tuned. */
export const EMBEDDED_DOMAIN_POINTS = SECOND_SIGNAL_POINTS;

function embeddedBrandDomain(subdomain: string, brands: Brand[], knowledge: ScreeningKnowledge): string | null {
  const labels = subdomain.split('.').filter((l) => l !== '');
  for (let i = 0; i + 1 < labels.length; i++) {
    const pair = `${labels[i]}.${labels[i + 1]}`;
    // only a suffix the PSL lists ends a domain: a word no registry serves (`kraken-sepolia.superchain`) is a label
    // (issue 14, fourteenth pass)
    const p = parseHost(pair, { allowPrivateDomains: true });
    if (p.domain !== pair || p.isPrivate === true || p.isIcann !== true || p.publicSuffix !== labels[i + 1]) continue;
    // a suffix that is an infrastructure word (`docs`, `api`, `network`, `dev`) reads as the host's service label,
    // not as the end of a domain: kucoinapidocs.docs.apiary.io is a documentation host (issue 14, tenth pass)
    if (INFRA_WORDS.has(labels[i + 1])) continue;
    const named = brandsIn(hostRuns(labels[i], null), knowledge.brands);
    if (named.some((b) => brands.includes(b))) return pair;
  }
  return null;
}

/**
 * `meteor.com`, `www.meteor.com` (brand meteora): a registrable label that is the brand with its last letters cut
 * off, nothing else, bare or under `www.` on an ordinary TLD, is the older name the brand was made from (a word or a
 * project of its own), not a typo of it (issue 14, tenth pass); a truncated brand with other words (opense-nftclick)
 * or on a hosting platform stays a typosquat.
 */
function truncatedName(
  typo: NonNullable<ReturnType<typeof findTyposquat>>,
  parts: ReturnType<typeof hostParts>,
): boolean {
  const label = parts.domain?.split('.')[0];
  return (
    label === typo.typo &&
    typo.brand.startsWith(typo.typo) &&
    (parts.subdomain === '' || parts.subdomain === 'www') &&
    parts.domain !== null &&
    ordinaryTld(parts.domain)
  );
}

/**
 * `hiero-ledger.github.io`: on a code host, an account `<word>-<brand>` whose brand is a common word (ledger, phantom,
 * scroll, lens) names a project that uses the word (Hiero's ledger), not the brand: weak, like a chain's name (issue
 * 14, tenth pass). Not when the other word is a lure, crypto or template word (claim-ledger, wallet-phantom).
 */
function commonWordProject(parts: ReturnType<typeof hostParts>, product: Brand | undefined): boolean {
  if (product === undefined || !isCommonWordBrand(product.token)) return false;
  if (parts.publicSuffix === null || !CODE_HOSTS.has(parts.publicSuffix)) return false;
  const words = accountLabel(parts)?.split('-') ?? [];
  return words.length === 2 && words[1] === product.token && /^[a-z]{3,}$/.test(words[0]) && !lureInSubdomain(words[0]);
}

/** The curated brand whose own registrable domain this is (optimism.io: optimism), or undefined. */
function curatedOwner(domain: string | null, knowledge: ScreeningKnowledge): Brand | undefined {
  if (domain === null) return undefined;
  for (const b of knowledge.brands.tokens.values()) if (b.source === 'curated' && ownedBy(domain, b)) return b;
  return undefined;
}

/** Heuristic points of brand impersonation forms (docs/screening.md, "Host heuristics"). */
/**
 * Top-level names no public registry hands out: reserved for tests, docs and local networks (RFC 2606, RFC 6761,
 * RFC 6762 `.local`, ICANN's `.internal`). `.onion` is special-use too but reachable (over Tor): not one of them.
 */
const SPECIAL_USE_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local', 'internal']);
/** Second-level names reserved for documentation (RFC 2606) and home networks (RFC 8375). */
const SPECIAL_USE_DOMAINS = ['example.com', 'example.net', 'example.org', 'home.arpa'];

/**
 * `my-app.test`, `api.example.com`: a name no registry hands out. Docs use them as placeholders; a phishing site
 * cannot be reached there, and the lexical and host models, learned from registered names, say nothing about them
 * (issue 14, eleventh pass).
 */
function specialUseName(host: string): boolean {
  if (SPECIAL_USE_TLDS.has(host.slice(host.lastIndexOf('.') + 1))) return true;
  return SPECIAL_USE_DOMAINS.some((d) => host === d || host.endsWith('.' + d));
}

export const BRAND_POINTS = { typosquat: 5, product: 4, onPlatform: 5, learned: 3, chain: 1, sameLabel: 1 };

export function analyzeUrl(value: string, knowledge: ScreeningKnowledge): UrlAnalysis {
  const { url, host, userinfo } = parseScreeningUrl(value);
  const unicodeHost = host.includes('xn--') ? domainToUnicode(host) || host : host;
  const findings: Finding[] = [];
  const signals: string[] = [];
  const out: UrlAnalysis = {
    url,
    host,
    unicodeHost,
    allowListed: false,
    blockListed: false,
    points: 0,
    signals,
    findings,
    hostModel: null,
  };
  const { allowed, blocked } = knowledge.lookupHost(host);
  if (allowed) {
    out.allowListed = true;
    for (const r of allowed.refs)
      findings.push({
        kind: 'url.allowlisted',
        severity: 'info',
        message: `${allowed.matched} is on allow-list ${r.name}`,
        source: listSource(r),
        data: { matched: allowed.matched },
      });
    if (blocked)
      for (const r of blocked.refs)
        findings.push({
          kind: 'url.block_overridden',
          severity: 'info',
          message: `block entry ${blocked.matched} of ${r.name} is overridden by the allow-list`,
          source: listSource(r),
          data: { matched: blocked.matched },
        });
    signals.push('allowlisted');
    return out;
  }
  if (blocked) {
    out.blockListed = true;
    for (const r of blocked.refs)
      findings.push({
        kind: 'url.blocklisted',
        severity: 'critical',
        message: `${host} is blocked by ${r.name}${blocked.matched !== host ? ` (entry ${blocked.matched})` : ''}`,
        source: listSource(r),
        data: { matched: blocked.matched },
      });
    signals.push('blocklisted');
    return out;
  }

  const parts = hostParts(host);
  if (userinfo !== undefined) {
    // https://metamask.io@evil.example shows a trusted name before the @ while the browser goes to the host after it
    const disguised =
      /[a-z0-9-]\.[a-z]{2,}/i.test(userinfo) ||
      brandsIn(hostRuns(userinfo.toLowerCase(), null), knowledge.brands).length > 0;
    signals.push('url.credentials');
    findings.push({
      kind: 'url.credentials',
      severity: disguised ? 'high' : 'medium',
      message:
        `the URL carries credentials before the host ` +
        `(${JSON.stringify(userinfo.slice(0, 60))}@${host}` +
        `)${disguised ? ": they look like another site's name, a classic way to disguise where the link goes" : ''}`,
      source: heuristic('url.credentials'),
      data: { userinfo: userinfo.slice(0, 200), disguised },
    });
  }
  if (specialUseName(host)) {
    signals.push('url.special_use_name');
    findings.push({
      kind: 'url.special_use_name',
      severity: 'info',
      message: `${host} is a special-use name (RFC 2606 / 6761): no public site has it, its name is not scored`,
      source: heuristic('url.special_use_name'),
    });
    return out;
  }
  // `transaction-zora.safe.optimism.io`: a host under a curated brand's own registrable domain is the brand's (its
  // services for the chains and partners it names); no one else can name a host there (issue 14, fourteenth pass)
  const owner = curatedOwner(parts.domain, knowledge);
  if (owner !== undefined) {
    signals.push('url.brand_domain');
    findings.push({
      kind: 'url.brand_domain',
      severity: 'info',
      message: `${host} is under ${parts.domain}, a domain of the brand ${owner.token}: its name is not scored`,
      source: heuristic('url.brand_domain'),
      data: { brand: owner.token, domain: parts.domain },
    });
    return out;
  }
  let points = 0;
  const add = (
    id: string,
    pts: number,
    message: string,
    data?: Record<string, unknown>,
    source = heuristic(id),
  ): void => {
    points += pts;
    signals.push(id);
    findings.push({ kind: id, severity: 'info', message, source, data: { points: pts, ...data } });
  };
  if (parts.isIp) add('url.ip_host', 3, `${host} is a bare IP address`);
  const unicodeLabels = unicodeHost.split('.');
  const idn = host.split('.').some((l) => l.startsWith('xn--'));
  const mixed = unicodeLabels.filter(isMixedScript);
  if (mixed.length > 0)
    add('url.mixed_script', 4, `label ${mixed[0]} mixes Latin with Cyrillic or Greek letters`, { labels: mixed });
  else if (idn) add('url.idn', 1, `${host} is an internationalised (punycode) name: ${unicodeHost}`);

  // Confusable skeleton equal to a brand token, on a domain the brand does not own.
  const labelsLeft =
    parts.publicSuffix !== null
      ? unicodeLabels.slice(0, unicodeLabels.length - parts.publicSuffix.split('.').length)
      : unicodeLabels;
  let confusable: Brand | null = null;
  for (const label of labelsLeft) {
    const sk = skeleton(label);
    for (const b of knowledge.brands.tokens.values()) {
      if (b.skeleton === sk && label !== b.token && b.token.length >= 4 && !ownedBy(parts.domain, b)) {
        confusable = b;
        break;
      }
    }
    if (confusable) break;
  }
  if (confusable) {
    const sev: Severity = mixed.length > 0 || idn ? 'critical' : 'high';
    signals.push('url.confusable_brand');
    findings.push({
      kind: 'url.confusable_brand',
      severity: sev,
      message:
        `${unicodeHost} looks like ${confusable.token} (same UTS 39 skeleton) but is not ` +
        `${[...confusable.domains].join(', ')}`,
      source: heuristic('url.confusable_brand'),
      data: { brand: confusable.token, anchors: [...confusable.domains] },
    });
    points += 8;
  }

  const runs = hostRuns(host, parts.publicSuffix);
  const inHost = brandsIn(runs, knowledge.brands);
  const named = inHost.filter((b) => b.source === 'curated');
  const brands = inHost.filter((b) => !ownedBy(parts.domain, b) && !ownAccount(parts, b));
  // the brand's own label on another TLD (binance.co, gnosis.pm) is often the brand's: weak unless other signals join,
  // also under infrastructure subdomains (rpc., api., docs., explorer.: the brand's own services, which phishing
  // does not need); not on a hosting platform, where anyone can take metamask.web.app (the brand's real sites there
  // are allow-listed)
  const sameLabel =
    brands.length > 0 &&
    parts.domain !== null &&
    !parts.isPrivate &&
    brands.every((b) => parts.domain!.split('.')[0] === b.token) &&
    !lureInSubdomain(parts.subdomain);
  let impersonation = confusable !== null;
  // the brand is the chain an endpoint serves (`dydx-mainnet-lcd.<operator>.com`), not borrowed (twelfth pass)
  const endpoint = endpointName(parts);
  const served = endpoint !== null && brandsIn(withoutSubdomain(runs, parts), knowledge.brands).length === 0;
  if (brands.length > 0 && !confusable) {
    const product = brands.find((b) => b.source === 'curated' && !b.chain);
    // `mytrezor.com`: the registrable label `my` + the brand, nothing else, on an ordinary TLD and not on a platform,
    // is how brands name their own apps (issue 14, ninth pass): the weak same-label point, not a typo of the brand
    const myApp =
      product !== undefined &&
      parts.domain !== null &&
      !parts.isPrivate &&
      parts.domain.split('.')[0] === `my${product.token}` &&
      ordinaryTld(host);
    // `metamaskk`, `uniswapp`: the brand plus one or two stray letters in one run is a typo, not a new name
    const padded =
      product !== undefined &&
      !myApp &&
      runs.some(
        (r) => r.includes(product.token) && r.length > product.token.length && r.length <= product.token.length + 2,
      );
    const pts = padded
      ? BRAND_POINTS.typosquat
      : commonWordProject(parts, product) || served
        ? BRAND_POINTS.chain
        : sameLabel || myApp
          ? BRAND_POINTS.sameLabel
          : product !== undefined
            ? parts.isPrivate
              ? BRAND_POINTS.onPlatform
              : BRAND_POINTS.product
            : brands.some((b) => b.source === 'allow-list')
              ? BRAND_POINTS.learned
              : BRAND_POINTS.chain;
    impersonation ||= pts >= BRAND_POINTS.product;
    add(
      padded ? 'url.brand_typosquat' : 'url.brand_impersonation',
      pts,
      `${host} carries the brand name ${brands.map((b) => b.token).join(', ')} but is not on its domain ` +
        `(${[...brands[0].domains].slice(0, 3).join(', ')})`,
      { brands: brands.map((b) => b.token), chainBrand: product === undefined && brands.every((b) => b.chain) },
    );
    // a second signal of its own (EMBEDDED_DOMAIN_POINTS): with the brand it blocks (issue 14, eighth pass)
    const embedded = pts >= BRAND_POINTS.product ? embeddedBrandDomain(parts.subdomain, brands, knowledge) : null;
    if (embedded !== null)
      add(
        'url.embedded_domain',
        EMBEDDED_DOMAIN_POINTS,
        `the subdomain spells out the domain name ${embedded}: the site is ${parts.domain}`,
        { embedded },
      );
    const software = wordsIn(runs, SOFTWARE_LURES).filter((w) => !wordsIn(runs, STRONG_LURES).includes(w));
    if (software.length > 0)
      add('url.brand_software_lure', 2, `brand name next to ${software.join(', ')}: wallet-software phishing`, {
        words: software,
      });
  }
  let typo: ReturnType<typeof findTyposquat> = null;
  if (brands.length === 0 && !confusable) {
    typo = findTyposquat(runs, knowledge.brands, parts.domain);
    // a near-brand name that serves its own docs., api. or rpc. hosts is an established project of its own
    // (docs.meteor.com is not meteora): weak, like the brand's label on another TLD; not on a hosting platform
    const established =
      !parts.isPrivate &&
      ((infraService(parts.subdomain) && infraSubdomain(parts.subdomain)) ||
        (typo !== null && truncatedName(typo, parts)) ||
        (typo !== null && endpoint !== null && typo.run === endpoint));
    if (typo) {
      impersonation ||= !established;
      add(
        'url.brand_typosquat',
        established ? BRAND_POINTS.sameLabel : BRAND_POINTS.typosquat,
        `${typo.typo} is ${typo.distance} edit(s) from the brand ${typo.brand} (${typo.how})`,
        { ...typo },
      );
    }
  }
  // `join.zksync.dev`: on the brand's exact label on another ordinary TLD (sameLabel: not on a platform, no lure,
  // crypto or template word in the subdomain), the learned vocabulary of the subdomain names the brand's own
  // service there and does not count; the registrable label's words still do (issue 14, tenth pass)
  // an endpoint's served name (`kava-mainnet-rpc.`, `dymension-api.`) names the chain, not vocabulary (twelfth pass)
  const vocabRuns = (sameLabel && ordinaryTld(host)) || endpoint !== null ? withoutSubdomain(runs, parts) : runs;
  // `portal.dymension.xyz`: a registrable label that is exactly a learned word, the name of a project the lists saw
  // borrowed, under a subdomain with no strong lure (claim., verify.) and no brand, is the project's own site: its
  // name is no vocabulary there (issue 14, thirteenth pass); `dymension-claim.xyz` and `claim.dymension.xyz` keep it
  const ownName =
    inHost.length === 0 && typo === null && !confusable && !apexOf(parts) && !strongLureIn(parts.subdomain)
      ? parts.domain?.split('.')[0]
      : undefined;
  const vocab = vocabRuns.filter((r) => knowledge.vocabulary.has(r) && !strongOrWeak(r) && r !== ownName);
  // `web` is a lure as a brand's "web version" (phantom-web.app, web-binance.com); with no brand, typosquat or
  // confusable in the host it names the web itself (web3auth.io, web-platform-tests.org): the lexical and host models
  // leave it out there (issue 14, eighth pass)
  const neutral = inHost.length === 0 && typo === null && !confusable ? BRAND_CONTEXT_WORDS : undefined;
  if (vocab.length > 0)
    add(
      'url.phishing_vocabulary',
      Math.min(3, vocab.length + 1),
      `host holds words frequent in blocked hosts: ${vocab.join(', ')}`,
      { words: vocab, counts: vocab.map((v) => knowledge.vocabulary.get(v)) },
    );
  const own = named.filter(
    (b) =>
      ownedBy(parts.domain, b) ||
      ownAccount(parts, b) ||
      // on the brand's exact label on another ordinary TLD its name is never read as lure or crypto words, whatever
      // the subdomain (`registry.walletconnect.org`): the brand is scored once, as the brand (fifteenth pass)
      (sameLabel &&
        (infraService(parts.subdomain) || bareSite(host, parts.subdomain) || ordinaryTld(host)) &&
        brands.includes(b)),
  );
  const lureRuns = withoutBrands(
    runs,
    own.map((b) => b.token),
  ).filter((r) => !INFRA_WORDS.has(r));
  // `embervalidator`, `ccvalidators`: a validator's name holds the infrastructure word, not the lure `validat`
  // (validate your wallet); such words are cut out of a run before lures are matched (twelfth pass)
  const strong = wordsIn(withoutBrands(lureRuns, LURE_HOLDING_INFRA_WORDS), STRONG_LURES);
  if (strong.length > 0)
    add('url.lure_words', Math.min(4, 2 * strong.length), `host holds lure words: ${strong.join(', ')}`, {
      words: strong,
    });
  const template = lureTemplate(parts.domain, parts.publicSuffix) ?? lureSubdomain(parts.subdomain, parts.domain);
  if (template !== null)
    add(
      'url.lure_template',
      LURE_TEMPLATE_POINTS,
      `${parts.domain} has the drainer-domain shape <lure>-<name> (${template.join(' + ')})`,
      { parts: template },
    );
  // `wallet.fuel.io`, `869-wallet-extension.dev.pixelplexlabs.com`: a crypto word only in the subdomain of a
  // registrable name that holds no lure, crypto, template or software word, no brand and no typosquat, on an
  // ordinary TLD and not on a hosting platform, names a project's own service there, not a lure (issue 14, ninth pass)
  const ownService =
    parts.domain !== null &&
    !parts.isPrivate &&
    inHost.length === 0 &&
    typo === null &&
    !confusable &&
    ordinaryTld(host) &&
    !lureInSubdomain(parts.domain.slice(0, -(parts.publicSuffix?.length ?? 0) - 1));
  const weak = wordsIn(ownService ? withoutSubdomain(lureRuns, parts) : lureRuns, WEAK_LURES);
  if (weak.length > 0)
    add('url.crypto_words', Math.min(2, weak.length), `host holds crypto words: ${weak.join(', ')}`, { words: weak });
  // with a trained lexical model, platform / TLD / hyphens are weighed by the model (learned weights) and the fixed
  // rules stay as explanations with 0 points, so one trait is not counted twice
  const fixed = knowledge.lexical.phishDocs >= LEXICAL_MIN_DOCS ? 0 : 1;
  if (parts.isPrivate)
    add('url.hosting_platform', fixed, `${host} is a site on the hosting platform ${parts.publicSuffix}`, {
      platform: parts.publicSuffix,
    });
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (SUSPICIOUS_TLDS.has(tld))
    add('url.suspicious_tld', fixed, `.${tld} is over-represented in phishing lists`, { tld });
  const regLabel = parts.domain !== null ? (domainToUnicode(parts.domain) || parts.domain).split('.')[0] : host;
  if ((regLabel.match(/-/g)?.length ?? 0) >= 2 || host.length > 40)
    add('url.long_or_hyphenated', fixed, `${host} is long or many-hyphened`);
  // not for the registrable domain itself or its www.: lists that blocked hosts under a domain but not the domain
  // itself know the owner as no phisher (coin98.com under mislisted or abused subdomains; issue 14, tenth pass)
  const apex = parts.subdomain === '' || parts.subdomain === 'www';
  if (parts.domain !== null && !parts.isIp && !isAppLink(parts.domain) && !apex) {
    const sib = knowledge.blockedSiblings(parts.domain);
    if (sib && sib.count >= BLOCKED_SIBLING_MIN)
      add(
        'url.blocked_sibling',
        2,
        `${sib.count} other host(s) under ${parts.domain} are blocked`,
        { registrable: parts.domain, count: sib.count },
        listSource(sib.refs[0]),
      );
  }
  const shape = hostShape(host, parts);
  const pattern = shape !== null ? knowledge.blockedShape(shape) : null;
  if (pattern)
    add(
      'url.campaign_pattern',
      pattern.count >= 2 ? 5 : 4,
      `${host} has the shape ${shape} of ${pattern.count} blocked host(s), e.g. ${pattern.example}`,
      { shape, count: pattern.count, example: pattern.example },
      listSource(pattern.refs[0]),
    );

  const lex = scoreHost(knowledge.lexical, host, parts.publicSuffix, parts.isPrivate, neutral);
  // a developer's deployment on a hosting platform (demo, sandbox, git-branch preview) is a weighted feature of the
  // lexical model (`dev:deployment`), not a switch: a phishing name with `-demo` added still scores on its words
  const band =
    fixed === 0 && lex.wordScore >= LEXICAL_MIN_WORD_SCORE
      ? LEXICAL_BANDS.find((b) => lex.score >= b.score)
      : undefined;
  if (band)
    add(
      'url.lexical_model',
      band.points,
      `host words and shape score ${lex.score} on the token log-odds of the loaded block- vs allow-lists (strongest: ` +
        `${lex.top.map((x) => `${x.feature} ${x.weight}`).join(', ')})`,
      { score: lex.score, top: lex.top },
    );

  // the host model weighs the signals together (host-model.ts); it adds no points, it can raise the host to medium
  let modelWarn = false;
  if (fixed === 0 && !parts.isIp && parts.domain !== null) {
    const lurePoints = (findings.find((f) => f.kind === 'url.lure_words')?.data?.points as number) ?? 0;
    const input = hostModelInput(parts, knowledge.lexical, points - (band?.points ?? 0), lurePoints, neutral);
    const model = scoreHostModel(input);
    out.hostModel = { input, logit: model.logit };
    modelWarn = model.logit >= HOST_MODEL.warnAt;
    if (modelWarn)
      add(
        'url.host_model',
        0,
        `the host model (name shape, words of the registrable label, TLD, subdomains, signals together) scores ` +
          `${model.logit}, at or above its warn level ${HOST_MODEL.warnAt} (strongest: ` +
          `${model.top.map((x) => `${x.feature} ${x.value}`).join(', ')})`,
        { logit: model.logit, warnAt: HOST_MODEL.warnAt, top: model.top },
      );
  }

  out.points = points;
  const second = findings.some(
    (f) =>
      f.severity === 'info' &&
      !IMPERSONATION_SIGNALS.has(f.kind) &&
      typeof f.data?.points === 'number' &&
      f.data.points >= SECOND_SIGNAL_POINTS,
  );
  const bySum: Severity | null =
    impersonation && second && points >= HOST_THRESHOLDS.medium
      ? 'critical'
      : points >= HOST_THRESHOLDS.high
        ? 'high'
        : points >= HOST_THRESHOLDS.medium || modelWarn
          ? 'medium'
          : points >= HOST_THRESHOLDS.low
            ? 'low'
            : null;
  // word signals alone warn only when the host model does not find the name clearly legitimate (fifteenth pass)
  const wordsAlone = !modelWarn && restsOnWords(findings, BRAND_POINTS.product);
  const backed = withModelAgreement(bySum, wordsAlone, out.hostModel?.logit ?? null);
  const sev = endpointCap(
    backed,
    endpoint !== null && !impersonation && !signals.some((x) => ENDPOINT_WARN_SIGNALS.has(x)),
  );
  if (sev !== null)
    findings.push({
      kind: 'url.suspicious_host',
      severity: sev,
      message:
        `host-name heuristics score ${points} ` +
        `(${signals.filter((s) => s !== 'url.confusable_brand' && s !== 'url.credentials').join(', ')})` +
        (backed !== bySum ? `; word signals alone, which the host model (${out.hostModel?.logit}) does not back` : ''),
      source: heuristic('url.host_score'),
      data: { points, signals: [...signals] },
    });
  return out;
}
