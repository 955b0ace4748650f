/**
 * Scam DNA: a fingerprint of a page that survives redeployment of the same kit on a new domain. Structure hash:
 * the sequence of tag names with attribute names and class values (text, ids, attribute values and host names
 * dropped). Script hashes: inline script bodies and external script paths with host names, URLs, addresses,
 * long hex/base64 ids and numbers replaced by placeholders. Fingerprint: SHA-256 of both (first 32 hex).
 */
import { createHash } from 'node:crypto';
import { matchTags, replaceBlocks } from './html-scan.ts';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Normalises script text so that per-deployment values (hosts, addresses, ids, numbers) do not change its hash. */
export function normaliseScript(body: string): string {
  // block comments only up to the last `*/` (an unclosed `/*` run must not be rescanned to the end each time)
  const cut = body.lastIndexOf('*/') + 2;
  return (
    (cut > 1 ? body.slice(0, cut).replace(/\/\*[\s\S]*?\*\//g, '') + body.slice(cut) : body)
      .replace(/(^|[^:\\])\/\/[^\n]*/g, '$1')
      .replace(/\b(?:https?:)?\/\/[^\s"'`)]+/gi, 'URL')
      .replace(/0x[0-9a-f]{40}\b/gi, 'ADDR')
      .replace(/\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g, 'B58')
      // DNS bounds (63-character labels, 10 labels here) keep this linear on long `a-a-a...` or `a.a.a...` runs
      .replace(
        new RegExp(
          /\b(?:[a-z0-9-]{1,63}\.){1,10}/.source +
            /(?:com|io|app|xyz|net|org|dev|fi|finance|top|live|site|online|pro|co|me|cc|vip|fun)\b/.source,
          'gi',
        ),
        'HOST',
      )
      .replace(/\b[0-9a-f]{16,}\b/gi, 'HEX')
      .replace(/[A-Za-z0-9+/_-]{24,}={0,2}/g, 'ID')
      .replace(/\b\d+(?:\.\d+)?\b/g, 'N')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * External script identity: its path without host or query, hashed-build segments masked (main.3f9a1c.js -> main.*.js).
 */
export function normaliseScriptSrc(src: string): string {
  const path = src.replace(/^(?:https?:)?\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  return path.replace(/[.-][0-9a-f]{6,}(?=\.)/gi, '.*').replace(/\d+/g, 'N');
}

export function structureOf(html: string): string {
  // linear-time equivalents (html-scan.ts) of /<script\b[^>]*>[\s\S]*?<\/script>/gi, /<!--[\s\S]*?-->/g and a tag loop
  const body = replaceBlocks(
    replaceBlocks(
      replaceBlocks(html, /<script\b[^>]*>/gi, /<\/script>/gi, '<script>'),
      /<style\b[^>]*>/gi,
      /<\/style>/gi,
      '<style>',
    ),
    /<!--/g,
    /-->/g,
    '',
  );
  const out: string[] = [];
  for (const m of matchTags(body, /<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const name = m[1].toLowerCase();
    const attrs: string[] = [];
    const attr = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;
    let a: RegExpExecArray | null;
    while ((a = attr.exec(m[2])) !== null) {
      const an = a[1].toLowerCase();
      if (an === 'class' && a[2] !== undefined)
        attrs.push(
          `class=${a[2]
            .replace(/^["']|["']$/g, '')
            .replace(/\d+/g, 'N')
            .split(/\s+/)
            .filter(Boolean)
            .sort()
            .join(' ')}`,
        );
      else attrs.push(an);
    }
    out.push(`${name}[${attrs.sort().join(',')}]`);
  }
  return out.join('>');
}

export function scamDnaOf(
  html: string,
  inlineScripts: string[],
  externalSrcs: string[],
): { fingerprint: string; structureHash: string; scriptHashes: string[] } {
  const structureHash = sha(structureOf(html)).slice(0, 32);
  const scriptHashes = [
    ...inlineScripts
      .map((s) => normaliseScript(s))
      .filter((s) => s.length > 0)
      .map((s) => 'inline:' + sha(s).slice(0, 16)),
    ...externalSrcs.map((s) => 'external:' + sha(normaliseScriptSrc(s)).slice(0, 16)),
  ];
  const sorted = [...new Set(scriptHashes)].sort();
  const fingerprint = sha(structureHash + '|' + sorted.join(',')).slice(0, 32);
  return { fingerprint, structureHash, scriptHashes: sorted };
}
