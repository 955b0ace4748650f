/**
 * Static checks of a webhook URL when it is saved: https only (http only with
 * UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS=1), no credentials, and no literal address outside public unicast.
 * DNS is validated again at every delivery attempt by the fail-closed client.
 */
import { DomainError } from '../core/domain-error.ts';
import { checkAddress } from '../net/address-policy.ts';

export function assertWebhookUrl(raw: string, allowPrivate: boolean): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new DomainError('validation_failed', 'invalid request body: url is not a valid URL');
  }
  if (u.protocol !== 'https:' && !(allowPrivate && u.protocol === 'http:'))
    throw new DomainError('webhook_url_not_allowed', 'webhook url must use https');
  if (u.username || u.password)
    throw new DomainError('webhook_url_not_allowed', 'webhook url must not carry credentials');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate) {
    if (/^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host))
      throw new DomainError('webhook_url_not_allowed', `webhook host ${host} is internal`);
    if (/^[\d.]+$/.test(host) || host.includes(':')) {
      const verdict = checkAddress(host);
      if (!verdict.allowed)
        throw new DomainError('webhook_url_not_allowed', `webhook address ${host} is not public: ${verdict.reason}`);
    }
  }
  return u.toString();
}
