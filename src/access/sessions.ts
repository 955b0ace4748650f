/**
 * Dashboard sign-in: a one-time login link (printed by `wallet-integrity dashboard login`) is exchanged for a
 * browser session. Both tokens are random 32-byte strings of which only the SHA-256 hash is stored. The CSRF token
 * handed to the page is an HMAC of the session token, so it needs no storage and dies with the session.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import * as repo from '../../storage/repos/dashboard-sessions-repo.ts';
import { DomainError } from '../core/domain-error.ts';
import { newId } from '../core/ids.ts';

/** The name of the cookie that carries a dashboard session token. */
export const SESSION_COOKIE = 'wi_dashboard';

/** Default session lifetime (DASHBOARD_SESSION_HOURS). */
export const SESSION_TTL_HOURS = 12;
export const LOGIN_LINK_DEFAULT_MINUTES = 15;
export const LOGIN_LINK_MAX_MINUTES = 1440;
const TOUCH_EVERY_MS = 60_000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

export interface DashboardSession {
  id: string;
  ownerId: string;
  expiresAt: Date;
}

export async function createLoginLink(
  db: Kysely<Database>,
  ownerId: string,
  minutes = LOGIN_LINK_DEFAULT_MINUTES,
): Promise<{ token: string; expiresAt: Date }> {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > LOGIN_LINK_MAX_MINUTES)
    throw new DomainError('validation_failed', `minutes must be an integer from 1 to ${LOGIN_LINK_MAX_MINUTES}`);
  const token = newToken();
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await repo.insertLoginLink(db, { tokenHash: hashToken(token), ownerId, expiresAt });
  return { token, expiresAt };
}

/** Throws the 401 code telling why a link cannot be used; returns its owner otherwise (without using it). */
export async function checkLoginLink(db: Kysely<Database>, token: unknown, now = new Date()): Promise<string> {
  const link =
    typeof token === 'string' && TOKEN_PATTERN.test(token) ? await repo.findLoginLink(db, hashToken(token)) : null;
  if (!link)
    throw new DomainError(
      'login_link_invalid',
      'this sign-in link is not valid; ask for a new one with `wallet-integrity dashboard login --owner <id>`',
    );
  if (link.usedAt) throw new DomainError('login_link_used', 'this sign-in link was already used; each link works once');
  if (link.expiresAt.getTime() <= now.getTime())
    throw new DomainError('login_link_expired', 'this sign-in link has expired; ask for a new one');
  return link.ownerId;
}

/** Uses a login link once and opens a session; the returned token goes into the HttpOnly cookie only. */
export async function redeemLoginLink(
  db: Kysely<Database>,
  token: unknown,
  ttlHours = SESSION_TTL_HOURS,
): Promise<DashboardSession & { token: string }> {
  await checkLoginLink(db, token);
  const ownerId = await repo.consumeLoginLink(db, hashToken(token as string));
  if (!ownerId) await checkLoginLink(db, token); // lost a race with another redemption: report why
  const session = {
    id: newId('dss'),
    token: newToken(),
    ownerId: ownerId!,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  };
  await repo.insertSession(db, {
    id: session.id,
    tokenHash: hashToken(session.token),
    ownerId: session.ownerId,
    expiresAt: session.expiresAt,
  });
  await repo.purgeExpired(db, new Date(Date.now() - 86_400_000));
  return session;
}

export async function findActiveSession(db: Kysely<Database>, token: string | undefined): Promise<DashboardSession> {
  const row = token && TOKEN_PATTERN.test(token) ? await repo.findSession(db, hashToken(token)) : null;
  if (!row || row.revokedAt)
    throw new DomainError(
      'session_required',
      'sign in to the dashboard first (wallet-integrity dashboard login --owner <id>)',
    );
  if (row.expiresAt.getTime() <= Date.now())
    throw new DomainError('session_expired', 'the dashboard session has expired; sign in again');
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) void repo.touchSession(db, row.id).catch(() => {});
  return { id: row.id, ownerId: row.ownerId, expiresAt: row.expiresAt };
}

export const endSession = (db: Kysely<Database>, id: string): Promise<void> => repo.revokeSession(db, id);

/** Ends the session a cookie token names, if it is a live one (signing in again replaces it). */
export async function endSessionOfToken(db: Kysely<Database>, token: string | undefined): Promise<void> {
  const row = token && TOKEN_PATTERN.test(token) ? await repo.findSession(db, hashToken(token)) : null;
  if (row && !row.revokedAt) await repo.revokeSession(db, row.id);
}

export const csrfTokenFor = (sessionToken: string): string =>
  createHmac('sha256', sessionToken).update('dashboard-csrf').digest('base64url');

export function csrfMatches(sessionToken: string, presented: string): boolean {
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
