/**
 * What PostgreSQL text and jsonb columns cannot hold: NUL characters (both refuse them) and unpaired UTF-16
 * surrogates (jsonb refuses them, text silently turns them into U+FFFD). Input is refused at the edge
 * (src/http/storable-input.ts); text the service itself collects (a scanned page's title) is repaired.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored as it is, or null when it can. */
export function unstorableIn(text: string): string | null {
  const m = UNSTORABLE.exec(text);
  if (m === null) return null;
  return m[0] === '\u0000' ? 'contains a NUL character' : 'contains an unpaired UTF-16 surrogate (not valid Unicode)';
}

/** `text` with every NUL and unpaired surrogate replaced by U+FFFD. */
export const toStorableText = (text: string): string => text.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');
