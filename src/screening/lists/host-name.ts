/** Host normalisation shared by list parsers and the URL analyzer: lower-case IDNA A-label, no trailing dot. */

/**
 * Returns the normalised host of a host or URL text, or null when it is not a usable host name.
 * `https://MetaMask.io:443/x` -> `metamask.io`; `metamаsk.io` (Cyrillic а) -> `xn--metamsk-6fg.io`.
 */
export function normaliseHost(raw: string): string | null {
  let text = raw.trim();
  if (text === '') return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = 'http://' + text;
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return null;
  }
  if (host.startsWith('[')) return host;
  while (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || host.includes('..')) return null;
  return host;
}
