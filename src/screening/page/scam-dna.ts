/**
 * Scam DNA: a fingerprint of a page that survives redeployment of the same kit on a new domain. Structure hash:
 * the sequence of tag names with attribute names and class values (text, ids, attribute values and host names
 * dropped). Script hashes: inline script bodies and external script paths with host names, URLs, addresses,
 * long hex/base64 ids and numbers replaced by placeholders. Fingerprint: SHA-256 of both (first 32 hex).
 */
import { createHash } from 'node:crypto'

const sha = (s: string): string => createHash('sha256').update(s).digest('hex')

/** Normalises script text so that per-deployment values (hosts, addresses, ids, numbers) do not change its hash. */
export function normaliseScript (body: string): string {
  return body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/[^\n]*/g, '$1')
    .replace(/\b(?:https?:)?\/\/[^\s"'`)]+/gi, 'URL')
    .replace(/0x[0-9a-f]{40}\b/gi, 'ADDR')
    .replace(/\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g, 'B58')
    .replace(/\b(?:[a-z0-9-]+\.)+(?:com|io|app|xyz|net|org|dev|fi|finance|top|live|site|online|pro|co|me|cc|vip|fun)\b/gi, 'HOST')
    .replace(/\b[0-9a-f]{16,}\b/gi, 'HEX')
    .replace(/[A-Za-z0-9+/_-]{24,}={0,2}/g, 'ID')
    .replace(/\b\d+(?:\.\d+)?\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim()
}

/** External script identity: its path without host or query, hashed-build segments masked (main.3f9a1c.js -> main.*.js). */
export function normaliseScriptSrc (src: string): string {
  const path = src.replace(/^(?:https?:)?\/\/[^/]+/i, '').replace(/[?#].*$/, '')
  return path.replace(/[.-][0-9a-f]{6,}(?=\.)/gi, '.*').replace(/\d+/g, 'N')
}

export function structureOf (html: string): string {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '<script>').replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '<style>').replace(/<!--[\s\S]*?-->/g, '')
  const out: string[] = []
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g
  let m: RegExpExecArray | null
  while ((m = tag.exec(body)) !== null) {
    const name = m[1].toLowerCase()
    const attrs: string[] = []
    const attr = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g
    let a: RegExpExecArray | null
    while ((a = attr.exec(m[2])) !== null) {
      const an = a[1].toLowerCase()
      if (an === 'class' && a[2] !== undefined) attrs.push(`class=${a[2].replace(/^["']|["']$/g, '').replace(/\d+/g, 'N').split(/\s+/).filter(Boolean).sort().join(' ')}`)
      else attrs.push(an)
    }
    out.push(`${name}[${attrs.sort().join(',')}]`)
  }
  return out.join('>')
}

export function scamDnaOf (html: string, inlineScripts: string[], externalSrcs: string[]): { fingerprint: string; structureHash: string; scriptHashes: string[] } {
  const structureHash = sha(structureOf(html)).slice(0, 32)
  const scriptHashes = [
    ...inlineScripts.map((s) => normaliseScript(s)).filter((s) => s.length > 0).map((s) => 'inline:' + sha(s).slice(0, 16)),
    ...externalSrcs.map((s) => 'external:' + sha(normaliseScriptSrc(s)).slice(0, 16))
  ]
  const sorted = [...new Set(scriptHashes)].sort()
  const fingerprint = sha(structureHash + '|' + sorted.join(',')).slice(0, 32)
  return { fingerprint, structureHash, scriptHashes: sorted }
}
