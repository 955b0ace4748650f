/** API keys: only a hash of the secret is stored; lookup is by the visible prefix. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

export interface ApiKeyRow {
  id: string;
  ownerId: string;
  prefix: string;
  secretHash: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

const toRow = (r: any): ApiKeyRow => ({
  id: r.id,
  ownerId: r.owner_id,
  prefix: r.prefix,
  secretHash: r.secret_hash,
  label: r.label,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
});

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
  return r ? toRow(r) : null;
}

export async function listKeys(db: Kysely<Database>, ownerId: string): Promise<ApiKeyRow[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** Revokes a key; returns false when no such key exists. Revoking twice keeps the first time. */
export async function revokeKey(db: Kysely<Database>, id: string): Promise<boolean> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return true;
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
