/** Dashboard login links (one-time) and sessions, looked up by the SHA-256 hash of their token. */
import type { Kysely } from 'kysely';
import type { Database, DashboardLoginLinkTable, DashboardSessionTable } from '../database.ts';
import { camelRow, type Row } from '../camel-row.ts';

export type LoginLinkRow = Omit<Row<DashboardLoginLinkTable>, 'tokenHash' | 'createdAt'>;
export type DashboardSessionRow = Omit<Row<DashboardSessionTable>, 'tokenHash'>;

export async function insertLoginLink(
  db: Kysely<Database>,
  l: { tokenHash: string; ownerId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('dashboard_login_links')
    .values({
      token_hash: l.tokenHash,
      owner_id: l.ownerId,
      created_at: new Date(),
      expires_at: l.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findLoginLink(db: Kysely<Database>, tokenHash: string): Promise<LoginLinkRow | null> {
  const r = await db
    .selectFrom('dashboard_login_links')
    .select(['owner_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

/** Marks an unused, unexpired link used; returns its owner, or null when it is unknown, used or expired. */
export async function consumeLoginLink(
  db: Kysely<Database>,
  tokenHash: string,
  now = new Date(),
): Promise<string | null> {
  const r = await db
    .updateTable('dashboard_login_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('owner_id')
    .executeTakeFirst();
  return r?.owner_id ?? null;
}

export async function insertSession(
  db: Kysely<Database>,
  s: { id: string; tokenHash: string; ownerId: string; expiresAt: Date },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('dashboard_sessions')
    .values({
      id: s.id,
      token_hash: s.tokenHash,
      owner_id: s.ownerId,
      created_at: now,
      expires_at: s.expiresAt,
      last_seen_at: now,
      revoked_at: null,
    })
    .execute();
}

export async function findSession(db: Kysely<Database>, tokenHash: string): Promise<DashboardSessionRow | null> {
  const r = await db
    .selectFrom('dashboard_sessions')
    .select(['id', 'owner_id', 'created_at', 'expires_at', 'last_seen_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return r ? camelRow(r) : null;
}

export async function touchSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
}

export async function revokeSession(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('dashboard_sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Deletes links and sessions that expired before `before` (housekeeping at each new sign-in). */
export async function purgeExpired(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('dashboard_login_links').where('expires_at', '<', before).execute();
  await db.deleteFrom('dashboard_sessions').where('expires_at', '<', before).execute();
}
