/**
 * Webhook signatures (spec section 6, delivery rules 1-2): HMAC-SHA256 over `<timestamp>.<raw body>` with the
 * endpoint's signing secret, hex-encoded, sent as `x-service-signature: v1=<hex>` next to `x-service-timestamp`.
 * Receivers verify with the code of
 * verify-example.ts (shown in docs/webhooks.md).
 */
import { createHmac, randomBytes } from 'node:crypto';

export function generateWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64url');
}

export function signPayload(secret: string, timestamp: string, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `v1=${mac}`;
}
