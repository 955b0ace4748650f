/**
 * One address policy for every outgoing request, with one setting per purpose: webhook deliveries
 * (UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS), URL-scan page fetches (UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS) and chain
 * providers (CHAIN_PROVIDER_ALLOW_PRIVATE). All are off by default; each one that is on is logged at start. A
 * setting lets private and loopback addresses through for its purpose only; cloud metadata is refused always.
 */
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { CLOUD_METADATA_HOSTS } from './special-purpose-registry.ts';

export type OutgoingPurpose = 'webhook' | 'scan' | 'chain';

export const UNSAFE_SETTINGS: Record<OutgoingPurpose, string> = {
  webhook: 'UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS',
  scan: 'UNSAFE_ALLOW_PRIVATE_SCAN_TARGETS',
  chain: 'CHAIN_PROVIDER_ALLOW_PRIVATE',
};

const WHAT: Record<OutgoingPurpose, string> = {
  webhook: 'webhook deliveries',
  scan: 'URL-scan page fetches',
  chain: 'chain provider requests',
};

/** Whether requests of this purpose may reach private and loopback addresses. */
export function allowsPrivate(config: Config, purpose: OutgoingPurpose): boolean {
  if (purpose === 'webhook') return config.unsafeAllowPrivateWebhookTargets;
  if (purpose === 'scan') return config.unsafeAllowPrivateScanTargets;
  return config.chainFetch.allowPrivate;
}

/** Warns once per purpose whose unsafe setting is on (the HTTP app and worker processes call it at start). */
export function logUnsafeSettings(config: Config, log: Logger, purposes: OutgoingPurpose[]): void {
  for (const purpose of purposes) {
    if (!allowsPrivate(config, purpose)) continue;
    log.warn(
      { setting: UNSAFE_SETTINGS[purpose], purpose },
      `UNSAFE: ${WHAT[purpose]} may reach private and loopback addresses; never enable this in production`,
    );
  }
}

/** A metadata service's host name (metadata.google.internal ...), refused before any lookup. */
export function isMetadataHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return CLOUD_METADATA_HOSTS.includes(h);
}
