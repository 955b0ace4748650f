/**
 * Webhook signatures (spec section 6, delivery rules 1-2): HMAC-SHA256 over `<timestamp>.<raw body>` with the
 * endpoint's signing secret, hex-encoded, sent as `x-service-signature: v1=<hex>` next to `x-service-timestamp`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function generateWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64url');
}

export function signPayload(secret: string, timestamp: string, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `v1=${mac}`;
}

export interface VerifyInput {
  secret: string;
  timestamp: string | undefined;
  rawBody: string | Buffer;
  signatureHeader: string | undefined;
  toleranceSeconds?: number;
  now?: number;
}

/** Verifies per the spec: strip an optional v1= prefix, require equal length, compare in constant time. */
export function verifySignature(v: VerifyInput): boolean {
  if (!v.timestamp || !v.signatureHeader) return false;
  if (v.toleranceSeconds !== undefined) {
    const ts = Number(v.timestamp);
    const now = Math.floor((v.now ?? Date.now()) / 1000);
    if (!Number.isFinite(ts) || Math.abs(now - ts) > v.toleranceSeconds) return false;
  }
  const provided = Buffer.from(v.signatureHeader.trim().replace(/^v1=/, ''), 'utf8');
  const expected = Buffer.from(signPayload(v.secret, v.timestamp, v.rawBody).slice(3), 'utf8');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}
