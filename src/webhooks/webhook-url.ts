/**
 * Checks of a webhook URL when it is saved, the same rules delivery enforces (so a URL that can never be
 * delivered is refused at once): https only (http only with UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS=1), no
 * credentials, a port from 1 to 65535, a host name of two labels or more (a single label such as `test` resolves
 * only through a local search domain, never on the public internet) or a literal public address, and no cloud
 * metadata host. International (IDN) host names are accepted and stored in their ASCII (punycode) form, as the
 * WHATWG URL parser gives it: `https://bücher.example/` is saved as `https://xn--bcher-kva.example/`.
 * DNS is validated again at every delivery attempt by the fail-closed client.
 */
import { domainToUnicode } from 'node:url';
import { DomainError } from '../core/domain-error.ts';
import { checkAddress } from '../net/address-policy.ts';
import { isMetadataHost } from '../net/outgoing-policy.ts';

const refuse = (message: string): DomainError => new DomainError('webhook_url_not_allowed', message);

function parse(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new DomainError('validation_failed', 'invalid request body: url is not a valid URL');
  }
}

function assertHost(u: URL, allowPrivate: boolean): void {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    const verdict = checkAddress(host, { allowPrivate });
    if (!verdict.allowed) throw refuse(`webhook address ${host} is not public: ${verdict.reason}`);
    return;
  }
  // WHATWG keeps `xn--` labels as given; one that decodes to nothing is no host name at all
  if (domainToUnicode(host) === '') throw refuse(`webhook host ${host} is not a valid international host name`);
  if (isMetadataHost(host)) throw refuse(`webhook host ${host} is a cloud metadata service`);
  if (allowPrivate) return;
  if (/^(localhost|.*\.localhost|.*\.local|.*\.internal)\.?$/i.test(host))
    throw refuse(`webhook host ${host} is internal`);
  if (!host.replace(/\.$/, '').includes('.'))
    throw refuse(`webhook host ${host} is a single label: give a fully qualified name such as hooks.example.com`);
}

export function assertWebhookUrl(raw: string, allowPrivate: boolean): string {
  const u = parse(raw);
  if (u.protocol !== 'https:' && !(allowPrivate && u.protocol === 'http:')) throw refuse('webhook url must use https');
  if (u.username || u.password) throw refuse('webhook url must not carry credentials');
  // WHATWG drops a default port and refuses ports past 65535; port 0 is kept and can never be dialled
  if (u.port === '0') throw refuse('webhook url port must be from 1 to 65535');
  assertHost(u, allowPrivate);
  return u.toString();
}
