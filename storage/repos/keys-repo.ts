/** API keys: only a hash of the secret is stored; lookup is by the visible prefix. */
import { sql, type Kysely } from 'kysely';
import type { ApiKeyTable, Database } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

export type ApiKeyRow = Row<ApiKeyTable>;

export async function insertKey(
  db: Kysely<Database>,
  k: { id: string; ownerId: string; prefix: string; secretHash: string; label: string | null },
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: k.id,
      owner_id: k.ownerId,
      prefix: k.prefix,
      secret_hash: k.secretHash,
      label: k.label,
      created_at: new Date(),
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
}

export async function findKeyByPrefix(db: Kysely<Database>, prefix: string): Promise<ApiKeyRow | null> {
  const r = await db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
  return r ? camelRow(r) : null;
}

export async function listKeys(db: Kysely<Database>, ownerId: string): Promise<ApiKeyRow[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(camelRow);
}

/** The channel a revocation is announced on (payload: the key's prefix); key caches listen to it. */
export const KEY_REVOKED_CHANNEL = 'api_key_revoked';

/**
 * Revokes a key and announces it on KEY_REVOKED_CHANNEL in the same statement (delivered at commit, to every
 * process listening on the database); returns false when no such key exists. Revoking twice keeps the first time.
 */
export async function revokeKey(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await sql<{ prefix: string }>`
    with revoked as (
      update api_keys set revoked_at = ${new Date()} where id = ${id} and revoked_at is null returning prefix
    )
    select prefix, pg_notify(${KEY_REVOKED_CHANNEL}, prefix) from revoked`.execute(db);
  if (r.rows.length > 0) return true;
  return (await db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function touchKey(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}

/** Revokes a key of this owner only; returns false when the owner has no such key (another owner's key included). */
export async function revokeOwnedKey(db: Kysely<Database>, ownerId: string, id: string): Promise<boolean> {
  const owned = await db
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!owned) return false;
  return revokeKey(db, id);
}
