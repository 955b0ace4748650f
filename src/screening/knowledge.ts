/**
 * ScreeningKnowledge: every loaded list folded into lookup maps, with the list name + version behind each entry so
 * that findings can name their source. Host matching: the host itself and its parent domains down to the
 * registrable domain computed with the Public Suffix List *including its private section* (tldts
 * allowPrivateDomains), so `evil.vercel.app` blocks itself and its subdomains, never `vercel.app` or
 * `other.vercel.app`; an entry that is itself a public suffix (e.g. `pages.dev`) matches only that exact host.
 * Allow-lists win over block-lists (MetaMask semantics).
 */
import { parse as parseHost } from 'tldts';
import type { ListEntry, ParsedList } from './lists/list-entry.ts';
import { buildBrandAnchors, type BrandAnchors } from './url/brand-anchors.ts';
import { hostShape, type HostParts } from './url/host-shape.ts';
import { trainLexicalModel, type LexicalModel } from './url/lexical-model.ts';

export interface ListRef {
  name: string;
  version: string;
}

export interface HostMatch {
  host: string;
  matched: string;
  refs: ListRef[];
}

export interface HostVerdict {
  /** Allow entries matching the host or a parent (wins over block). */
  allowed: HostMatch | null;
  /** Block entries matching the host or a parent. */
  blocked: HostMatch | null;
}

export interface WellKnownToken {
  address: string;
  chain: 'evm' | 'solana';
  chainId: number | null;
  symbol: string | null;
  name: string | null;
  ref: ListRef;
}

const PARSE_OPTS = { allowPrivateDomains: true };

/** Splits a normalised host with the PSL (private section included). */
export function hostParts(host: string): HostParts {
  const p = parseHost(host, PARSE_OPTS);
  return {
    host,
    domain: p.domain,
    publicSuffix: p.publicSuffix,
    isPrivate: p.isPrivate === true,
    isIp: p.isIp === true,
    subdomain: p.subdomain ?? '',
  };
}

/** The host and its parents down to the registrable domain (PSL private section aware). */
export function hostCandidates(host: string): string[] {
  const parts = hostParts(host);
  if (parts.isIp || parts.domain === null) return [host];
  const out = [host];
  let h = host;
  while (h !== parts.domain && h.includes('.')) {
    h = h.slice(h.indexOf('.') + 1);
    out.push(h);
    if (h.length <= parts.domain.length) break;
  }
  return out;
}

/** Runs seen in at least this many blocked hosts join the phishing vocabulary. */
export const VOCABULARY_MIN_COUNT = 25;
const VOCABULARY_STOP = new Set([
  'www',
  'com',
  'org',
  'net',
  'app',
  'web',
  'site',
  'online',
  'official',
  'home',
  'info',
  'page',
  'pages',
  'blog',
  'news',
  'shop',
  'store',
  'mail',
  'cloud',
  'free',
  'best',
  'world',
  'global',
  'group',
  'team',
  'labs',
  'studio',
  'digital',
  'network',
  'finance',
  'capital',
  'trade',
  'market',
  'money',
  'game',
  'games',
  'coin',
  'token',
  'crypto',
  'chain',
  'swap',
  'wallet',
  'ipfs',
  'vercel',
  'netlify',
  'pages',
  'github',
  'firebase',
  'firebaseapp',
]);

/**
 * Vocabulary from blocked hosts: each run is counted once per registrable domain (so a platform name such as
 * `tumblr` in `a.tumblr.com`, `b.tumblr.com` counts once), minus runs of allowed hosts and brand tokens.
 */
function buildVocabulary(
  blocked: Iterable<string>,
  allowed: Iterable<string>,
  brands: BrandAnchors,
): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (const host of blocked) {
    const domain = parseHost(host, { allowPrivateDomains: true }).domain ?? host;
    for (const run of host.split(/[^a-z]+/)) {
      if (run.length < 4) continue;
      const key = run + '|' + domain;
      if (seen.has(key)) continue;
      seen.add(key);
      counts.set(run, (counts.get(run) ?? 0) + 1);
    }
  }
  for (const host of allowed) for (const run of host.split(/[^a-z]+/)) counts.delete(run);
  for (const [run, n] of counts)
    if (n < VOCABULARY_MIN_COUNT || VOCABULARY_STOP.has(run) || brands.tokens.has(run)) counts.delete(run);
  return counts;
}

const push = <K>(map: Map<K, ListRef[]>, key: K, ref: ListRef): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [ref]);
  else if (!list.some((r) => r.name === ref.name)) list.push(ref);
};

/** The fields of a built ScreeningKnowledge, by name (structured-clone safe). */
export type KnowledgeSnapshot = Record<string, unknown>;

export class ScreeningKnowledge {
  readonly lists: ReadonlyArray<
    ListRef & { format: string; listDate: string | null; kinds: string[]; entries: number }
  >;
  private readonly hostBlock = new Map<string, ListRef[]>();
  private readonly hostAllow = new Map<string, ListRef[]>();
  private readonly wildcardParents = new Map<string, ListRef[]>();
  private readonly addressBlock = new Map<string, ListRef[]>();
  private readonly addressAllow = new Map<string, ListRef[]>();
  private readonly tokenBlock = new Map<string, ListRef[]>();
  private readonly tokenAllow = new Map<string, WellKnownToken>();
  private readonly tokensBySymbol = new Map<string, WellKnownToken[]>();
  private readonly tokensByName = new Map<string, WellKnownToken[]>();
  /** Registrable domains (not hosting-platform suffixes) with at least one blocked host under them. */
  private readonly blockedRegistrable = new Map<string, { count: number; refs: ListRef[] }>();
  /** Host shapes (variable parts masked) of blocked hosts, for campaign-pattern matching. */
  private readonly blockedShapes = new Map<string, { count: number; example: string; refs: ListRef[] }>();
  readonly brands: BrandAnchors;
  /**
   * Alphabetic runs (4+ letters) in blocked hosts of VOCABULARY_MIN_COUNT+ registrable domains, absent from allowed
   * hosts.
   */
  readonly vocabulary: Map<string, number>;
  /** Token log-odds of blocked vs allowed hosts (url/lexical-model.ts). */
  readonly lexical: LexicalModel;

  constructor(parsed: ParsedList[]) {
    const lists = [];
    for (const list of parsed) {
      const ref: ListRef = { name: list.name, version: list.version };
      const kinds = new Set<string>();
      for (const e of list.entries) {
        kinds.add(e.kind);
        this.add(e, ref);
      }
      lists.push({
        ...ref,
        format: list.format,
        listDate: list.listDate,
        kinds: [...kinds],
        entries: list.entries.length,
      });
    }
    this.lists = lists;
    const blockedParts: HostParts[] = [];
    for (const [host, refs] of this.hostBlock) {
      const parts = hostParts(host);
      blockedParts.push(parts);
      if (parts.domain !== null && parts.domain !== host && !parts.isIp) {
        const cur = this.blockedRegistrable.get(parts.domain);
        if (cur) {
          cur.count++;
          for (const r of refs) if (!cur.refs.some((x) => x.name === r.name)) cur.refs.push(r);
        } else this.blockedRegistrable.set(parts.domain, { count: 1, refs: [...refs] });
      }
      const shape = hostShape(host, parts);
      if (shape !== null) {
        const cur = this.blockedShapes.get(shape);
        if (cur) {
          cur.count++;
          for (const r of refs) if (!cur.refs.some((x) => x.name === r.name)) cur.refs.push(r);
        } else this.blockedShapes.set(shape, { count: 1, example: host, refs: [...refs] });
      }
    }
    this.brands = buildBrandAnchors(this.allowedHosts(), this.hostBlock.keys());
    this.vocabulary = buildVocabulary(this.hostBlock.keys(), this.allowedHosts(), this.brands);
    this.lexical = trainLexicalModel(blockedParts, [...this.allowedHosts()].map(hostParts));
  }

  /** The built knowledge as plain data (Maps, Sets, arrays, objects): what crosses from a worker thread. */
  snapshot(): KnowledgeSnapshot {
    return { ...this } as unknown as KnowledgeSnapshot;
  }

  /** Knowledge from a snapshot, without rebuilding anything (the constructor is not run). */
  static fromSnapshot(snapshot: KnowledgeSnapshot): ScreeningKnowledge {
    return Object.assign(Object.create(ScreeningKnowledge.prototype) as ScreeningKnowledge, snapshot);
  }

  private add(e: ListEntry, ref: ListRef): void {
    const chainKey = `${e.chain ?? 'any'}:${e.value}`;
    if (e.kind === 'domain') {
      if (e.disposition === 'block') push(this.hostBlock, e.value, ref);
      else if (e.meta?.wildcardParent === true) push(this.wildcardParents, e.value, ref);
      else push(this.hostAllow, e.value, ref);
    } else if (e.kind === 'address') {
      push(e.disposition === 'block' ? this.addressBlock : this.addressAllow, chainKey, ref);
    } else if (e.disposition === 'block') {
      push(this.tokenBlock, chainKey, ref);
    } else {
      const chain = e.chain === 'solana' ? 'solana' : 'evm';
      const t: WellKnownToken = {
        address: e.value,
        chain,
        chainId: typeof e.meta?.chainId === 'number' ? e.meta.chainId : null,
        symbol: typeof e.meta?.symbol === 'string' ? e.meta.symbol : null,
        name: typeof e.meta?.name === 'string' ? e.meta.name : null,
        ref,
      };
      const key = `${chain}:${e.value}`;
      if (!this.tokenAllow.has(key)) this.tokenAllow.set(key, t);
      if (t.symbol !== null) {
        const k = `${chain}:${t.symbol.toUpperCase()}`;
        const l = this.tokensBySymbol.get(k) ?? [];
        l.push(t);
        this.tokensBySymbol.set(k, l);
      }
      if (t.name !== null) {
        const k = `${chain}:${t.name.toLowerCase()}`;
        const l = this.tokensByName.get(k) ?? [];
        l.push(t);
        this.tokensByName.set(k, l);
      }
    }
  }

  /** Non-wildcard allowed hosts (brand anchors are drawn from them). */
  allowedHosts(): IterableIterator<string> {
    return this.hostAllow.keys();
  }

  /** Host lookup: allow and block matches on the host and its parents (registrable domain at most). */
  lookupHost(host: string): HostVerdict {
    const candidates = hostCandidates(host);
    let allowed: HostMatch | null = null;
    let blocked: HostMatch | null = null;
    for (const c of candidates) {
      const a = this.hostAllow.get(c);
      if (a && allowed === null) allowed = { host, matched: c, refs: a };
      const b = this.hostBlock.get(c);
      if (b && blocked === null) blocked = { host, matched: c, refs: b };
    }
    const w = this.wildcardParents.get(host);
    if (w && allowed === null) allowed = { host, matched: host, refs: w };
    return { allowed, blocked };
  }

  /** Other blocked hosts under the same registrable domain (campaigns that rotate subdomains). */
  blockedSiblings(registrable: string): { count: number; refs: ListRef[] } | null {
    return this.blockedRegistrable.get(registrable) ?? null;
  }

  /** Blocked hosts sharing this host shape (see url/host-shape.ts). */
  blockedShape(shape: string): { count: number; example: string; refs: ListRef[] } | null {
    return this.blockedShapes.get(shape) ?? null;
  }

  /** Block-list refs for an address (EVM lower-case), or null. */
  blockedAddress(chain: 'evm' | 'solana', address: string): ListRef[] | null {
    return this.addressBlock.get(`${chain}:${address}`) ?? null;
  }

  /** Allow-list refs for an address, or null. */
  allowedAddress(chain: 'evm' | 'solana', address: string): ListRef[] | null {
    return this.addressAllow.get(`${chain}:${address}`) ?? null;
  }

  /** Block-list refs for a token contract or mint, or null. */
  blockedToken(chain: 'evm' | 'solana', address: string): ListRef[] | null {
    return this.tokenBlock.get(`${chain}:${address}`) ?? this.addressBlock.get(`${chain}:${address}`) ?? null;
  }

  /** The well-known (allow-listed) token at this address, or null. */
  wellKnownToken(chain: 'evm' | 'solana', address: string): WellKnownToken | null {
    return this.tokenAllow.get(`${chain}:${address}`) ?? null;
  }

  /** Well-known tokens carrying this symbol (case-insensitive) on the chain family. */
  tokensWithSymbol(chain: 'evm' | 'solana', symbol: string): WellKnownToken[] {
    return this.tokensBySymbol.get(`${chain}:${symbol.trim().toUpperCase()}`) ?? [];
  }

  /** Well-known tokens carrying this name (case-insensitive) on the chain family. */
  tokensWithName(chain: 'evm' | 'solana', name: string): WellKnownToken[] {
    return this.tokensByName.get(`${chain}:${name.trim().toLowerCase()}`) ?? [];
  }

  /** Lists holding entries of one of these kinds (for the listsUsed of a scan). */
  listsFor(kinds: string[]): ListRef[] {
    return this.lists
      .filter((l) => l.kinds.some((k) => kinds.includes(k)))
      .map((l) => ({ name: l.name, version: l.version }));
  }

  /** Entry counts, for logs and health output. */
  stats(): Record<string, number> {
    return {
      blockedHosts: this.hostBlock.size,
      allowedHosts: this.hostAllow.size,
      wildcardParents: this.wildcardParents.size,
      blockedAddresses: this.addressBlock.size,
      blockedTokens: this.tokenBlock.size,
      wellKnownTokens: this.tokenAllow.size,
      brandTokens: this.brands.tokens.size,
    };
  }
}
