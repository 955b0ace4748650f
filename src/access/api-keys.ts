/**
 * API keys: `wik_<prefix>_<secret>`. The prefix is visible (it identifies the key in listings and logs);
 * the secret is random (32 bytes) and only its SHA-256 hash is stored. Comparison is constant-time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { findKeyByPrefix, insertKey, touchKey } from '../../storage/repos/keys-repo.ts';
import type { KeyCache } from './key-cache.ts';
import { DomainError } from '../core/domain-error.ts';
import { randomToken } from '../core/ids.ts';

export interface Principal {
  ownerId: string;
  keyId: string;
  keyPrefix: string;
}

const KEY_PATTERN = /^(wik_[a-z2-9]{12})_([A-Za-z0-9_-]{43})$/;

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export async function createApiKey(
  db: Kysely<Database>,
  ownerId: string,
  label: string | null = null,
): Promise<{ id: string; prefix: string; key: string }> {
  const random = randomToken(12);
  const prefix = `wik_${random}`;
  const secret = randomBytes(32).toString('base64url');
  const id = `key_${random}`;
  await insertKey(db, { id, ownerId, prefix, secretHash: hashSecret(secret), label });
  return { id, prefix, key: `${prefix}_${secret}` };
}

/**
 * Resolves `Authorization: Bearer <key>` to its owner, or throws 401 codes. With a key cache the key row comes
 * from it (see key-cache.ts for how long a revoked key can be cached at most).
 */
export async function authenticate(
  db: Kysely<Database>,
  header: string | undefined,
  cache?: KeyCache,
): Promise<Principal> {
  if (!header) throw new DomainError('missing_credentials', 'missing Authorization: Bearer <API key> header');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new DomainError('missing_credentials', 'Authorization header must be "Bearer <API key>"');
  const parts = KEY_PATTERN.exec(m[1]);
  // Hash even when malformed so timing does not tell malformed from unknown keys.
  const presented = Buffer.from(hashSecret(parts?.[2] ?? m[1]), 'hex');
  const row = parts ? await (cache ? cache.find(parts[1]) : findKeyByPrefix(db, parts[1])) : null;
  const stored = Buffer.from(row?.secretHash ?? '0'.repeat(64), 'hex');
  const match = timingSafeEqual(presented, stored);
  if (!row || !match || row.revokedAt) throw new DomainError('invalid_api_key', 'API key is invalid or revoked');
  if (!row.lastUsedAt || Date.now() - new Date(row.lastUsedAt).getTime() > 60_000) {
    // a cached row is shared: noting the touch on it keeps the next minute's requests from touching again
    row.lastUsedAt = new Date();
    void touchKey(db, row.id).catch(() => {});
  }
  return { ownerId: row.ownerId, keyId: row.id, keyPrefix: row.prefix };
}
