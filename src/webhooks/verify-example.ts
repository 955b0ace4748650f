// The copy-paste webhook verifier shown in docs/webhooks.md (a test keeps the two identical).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Returns true when the delivery was signed with `secret`. Pass the raw body exactly as received. */
export function verifyWebhook(
  secret: string,
  rawBody: string | Buffer,
  timestamp: string | undefined,
  signature: string | undefined,
  toleranceSeconds = 300,
): boolean {
  if (!timestamp || !signature) return false;
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex'),
    'utf8',
  );
  const provided = Buffer.from(signature.trim().replace(/^v1=/, ''), 'utf8');
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}
