/**
 * The requesting site of a transaction or signature request (`origin`, docs/screening.md "Transaction shapes"):
 * read from the request, then its host screened by the URL scan's own machinery (lists, then host heuristics), so
 * a site the user would be warned about as a URL counts in the transaction verdict too.
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { isWellKnownHost } from '../page/kit-memory.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { analyzeUrl, type UrlAnalysis } from '../url/analyze-url.ts';
import { decideVerdict } from '../verdict.ts';

/** The host of `origin` (`https://blur.io/portfolio`, `blur.io`), lower-case; null when the request has none. */
export function readOrigin(v: unknown): string | null {
  const bad = (message: string): never => {
    throw new ScreeningInputError('invalid_transaction', message);
  };
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') return bad('origin must be a string (the URL or host of the requesting site)');
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v.trim()) ? v.trim() : `https://${v.trim()}`).hostname;
    if (host !== '') return host.toLowerCase().replace(/\.$/, '');
  } catch {}
  return bad(`origin ${JSON.stringify(v.slice(0, 80))} is not a URL or host`);
}

const originSource = heuristic('tx.origin');

/**
 * What the URL scan says of the origin's host, as transaction findings: a loaded block-list entry is critical
 * (block), naming the list; host heuristics the URL scan would warn or block on are high (warn), not block: a
 * name that looks like a brand is a reason to look twice, not proof, and a second high finding of the request still
 * blocks; an allow-listed or well-known site, or one with no signal, is info. No origin: nothing.
 */
export function originFindings(origin: string | null, knowledge: ScreeningKnowledge): Finding[] {
  if (origin === null) return [];
  let a: UrlAnalysis;
  try {
    a = analyzeUrl(origin, knowledge);
  } catch (err) {
    if (!(err instanceof ScreeningInputError)) throw err;
    // `localhost`, a browser extension's id: a site of the user's own machine, not a public name to score
    return [info(`the requesting site ${origin} is not a public host name: not screened`, origin, 'not_public')];
  }
  if (a.blockListed)
    return a.findings
      .filter((f) => f.kind === 'url.blocklisted')
      .map((f) => ({
        kind: 'tx.origin_blocklisted',
        severity: 'critical' as const,
        message: `the requesting site ${origin} is on a phishing block-list: ${f.message}`,
        source: f.source,
        data: { origin, ...f.data },
      }));
  if (a.allowListed || isWellKnownHost(a.host, knowledge)) {
    const lists = a.findings.filter((f) => f.kind === 'url.allowlisted').map((f) => f.source.name);
    const why = lists.length > 0 ? `on allow-list ${lists.join(', ')}` : "a brand's own domain";
    return [info(`the requesting site ${origin} is well known (${why})`, origin, 'well_known', { lists })];
  }
  const host = decideVerdict(a.findings);
  const signals = a.signals.filter((s) => s.startsWith('url.'));
  if (host.verdict === 'allow')
    return [info(`the requesting site ${origin} was screened: no warning`, origin, 'screened', { signals })];
  return [
    {
      kind: 'tx.origin_suspicious',
      severity: 'high',
      message:
        `the requesting site ${origin} gets ${host.verdict} as a URL (host heuristics: ${signals.join(', ')}): ` +
        'it may impersonate another site',
      source: originSource,
      data: { origin, urlVerdict: host.verdict, points: a.points, signals },
    },
  ];
}

function info(message: string, origin: string, status: string, data: Record<string, unknown> = {}): Finding {
  return { kind: 'tx.origin', severity: 'info', message, source: originSource, data: { origin, status, ...data } };
}
