/**
 * Host shapes: a host with its variable parts masked, so that the numbered or randomised variants of one phishing
 * campaign share a key (`moonshot-voting-5l.netlify.app` and `moonshot-voting-n3.netlify.app` ->
 * `moonshot-voting-*.netlify.app`; `airdrop13.click` and `airdrop15.click` -> `airdrop#.click`).
 * Rules per `-`-separated token of the labels left of the public suffix: a token of at most 2 characters, or of at
 * most 4 holding a digit, becomes `*`; punycode labels stay whole; other digit runs become `#`. Null when nothing was
 * masked (exact host
 * lookup covers it) or fewer than 7 fixed letters remain (too generic to be evidence).
 */
import { TECH_TOKENS } from './host-words.ts';

/** A host split into its registrable domain, public suffix and subdomain (knowledge.ts hostParts). */
export interface HostParts {
  host: string;
  domain: string | null;
  publicSuffix: string | null;
  isPrivate: boolean;
  isIp: boolean;
  subdomain: string;
}

/** Technology tokens (`immutable-js`) stay unmasked: a project named `<name>-js` is not a `<name>-x7` campaign. */
export function hostShape(host: string, parts: HostParts): string | null {
  if (parts.isIp || parts.publicSuffix === null) return null;
  const suffix = parts.publicSuffix;
  if (host.length <= suffix.length + 1) return null;
  const left = host.slice(0, host.length - suffix.length - 1).replace(/^www\./, '');
  let masked = false;
  let letters = 0;
  const labels = left.split('.').map((label) =>
    label.startsWith('xn--')
      ? label
      : label
          .split('-')
          .map((tok) => {
            if ((tok.length <= 2 && !TECH_TOKENS.has(tok)) || (tok.length <= 4 && /\d/.test(tok))) {
              masked = true;
              return '*';
            }
            const t = tok.replace(/\d+/g, () => {
              masked = true;
              return '#';
            });
            letters += t.replace(/[^a-z]/g, '').length;
            return t;
          })
          .join('-'),
  );
  if (!masked || letters < 7) return null;
  return labels.join('.') + '.' + suffix;
}
