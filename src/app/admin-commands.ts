/**
 * Administrative operations shared by the CLI (run against the store directly) and the running server
 * (the CLI routes them through POST /internal/admin when another process owns the embedded store).
 * Each takes plain JSON arguments and returns plain JSON.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { listKeys, revokeKey } from '../../storage/repos/keys-repo.ts';
import { activatePlan } from '../../storage/repos/plans-repo.ts';
import { createApiKey } from '../access/api-keys.ts';
import { forgetRevokedKey } from '../access/key-cache.ts';
import { PLANS, PLAN_PERIOD_DAYS } from '../access/plans.ts';
import { DomainError } from '../core/domain-error.ts';
import {
  insertListVersion,
  listFeedbackQueue,
  resolveFeedback,
  type StoredListEntry,
} from '../../storage/repos/screening-repo.ts';
import {
  insertLabels,
  insertTransfers,
  type LabelRecord,
  type TransferRecord,
} from '../../storage/repos/transfers-repo.ts';
import { createLoginLink, LOGIN_LINK_DEFAULT_MINUTES } from '../access/sessions.ts';
import { reviewAdminCommands } from './review-admin-commands.ts';

export class AdminError extends DomainError {}

/** The review states of screening feedback: open when filed, then accepted or rejected by a reviewer. */
export const FEEDBACK_STATUSES = ['open', 'accepted', 'rejected'] as const;

export type AdminHandler = (db: Kysely<Database>, args: Record<string, unknown>) => Promise<unknown>;

const str = (args: Record<string, unknown>, k: string): string => {
  const v = args[k];
  if (typeof v !== 'string' || v.length === 0 || v.length > 200)
    throw new AdminError('validation_failed', `${k} must be a non-empty string`);
  return v;
};

export const adminCommands = {
  async 'keys.create'(db, args) {
    const owner = str(args, 'owner');
    const plan = str(args, 'plan');
    if (!(PLANS as readonly string[]).includes(plan))
      throw new AdminError('validation_failed', `plan must be one of ${PLANS.join(', ')}`);
    const key = await createApiKey(db, owner, typeof args.label === 'string' ? args.label : null);
    const planRow = plan === 'none' ? null : await activatePlan(db, owner, plan, PLAN_PERIOD_DAYS);
    return {
      keyId: key.id,
      prefix: key.prefix,
      owner,
      plan: planRow ? { plan: planRow.plan, expiresAt: planRow.expiresAt.toISOString() } : null,
      key: key.key,
    };
  },
  async 'keys.list'(db, args) {
    const rows = await listKeys(db, str(args, 'owner'));
    return rows.map((k) => ({
      keyId: k.id,
      prefix: k.prefix,
      label: k.label,
      createdAt: new Date(k.createdAt).toISOString(),
      revokedAt: k.revokedAt ? new Date(k.revokedAt).toISOString() : null,
      lastUsedAt: k.lastUsedAt ? new Date(k.lastUsedAt).toISOString() : null,
    }));
  },
  async 'keys.revoke'(db, args) {
    const id = str(args, 'keyId');
    if (!(await revokeKey(db, id))) throw new AdminError('key_not_found', `no key ${id}`);
    forgetRevokedKey(db, id);
    return { keyId: id, revoked: true };
  },
  async 'transfers.insert'(db, args) {
    if (!Array.isArray(args.rows)) throw new AdminError('validation_failed', 'rows must be an array');
    return insertTransfers(db, args.rows as TransferRecord[]);
  },
  async 'labels.insert'(db, args) {
    if (!Array.isArray(args.rows)) throw new AdminError('validation_failed', 'rows must be an array');
    return insertLabels(db, args.rows as LabelRecord[]);
  },
  async 'lists.insert'(db, args) {
    if (!Array.isArray(args.entries)) throw new AdminError('validation_failed', 'entries must be an array');
    return insertListVersion(db, {
      name: str(args, 'name'),
      version: str(args, 'version'),
      format: str(args, 'format'),
      listDate: typeof args.listDate === 'string' ? args.listDate : null,
      entries: args.entries as StoredListEntry[],
    });
  },
  async 'feedback.list'(db, args) {
    const status = str(args, 'status');
    if (!(FEEDBACK_STATUSES as readonly string[]).includes(status))
      throw new AdminError('validation_failed', `status must be one of ${FEEDBACK_STATUSES.join(', ')}`);
    const limit = Number(args.limit ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new AdminError('validation_failed', 'limit must be a whole number from 1 to 1000');
    return (await listFeedbackQueue(db, status, limit)).map((f) => ({ ...f, createdAt: f.createdAt.toISOString() }));
  },
  async 'feedback.resolve'(db, args) {
    const id = str(args, 'feedbackId');
    const status = str(args, 'status');
    if (status !== 'accepted' && status !== 'rejected')
      throw new AdminError('validation_failed', 'status must be accepted or rejected');
    if (!(await resolveFeedback(db, id, status))) throw new AdminError('feedback_not_found', `no open feedback ${id}`);
    return { feedbackId: id, status };
  },
  async 'dashboard.login'(db, args) {
    const owner = str(args, 'owner');
    const link = await createLoginLink(db, owner, Number(args.minutes ?? LOGIN_LINK_DEFAULT_MINUTES));
    return { owner, token: link.token, expiresAt: link.expiresAt.toISOString() };
  },
  async 'plans.activate'(db, args) {
    const owner = str(args, 'owner');
    const plan = str(args, 'plan');
    if (plan !== 'starter' && plan !== 'growth')
      throw new AdminError('validation_failed', 'plan must be starter or growth');
    const days = Number(args.days ?? PLAN_PERIOD_DAYS);
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      throw new AdminError('validation_failed', 'days must be an integer from 1 to 3650');
    const p = await activatePlan(db, owner, plan, days);
    return { owner, plan: p.plan, activatedAt: p.activatedAt.toISOString(), expiresAt: p.expiresAt.toISOString() };
  },
  ...reviewAdminCommands,
} satisfies Record<string, AdminHandler>;

export type AdminCommand = keyof typeof adminCommands;
/** What a command answers (through the server it arrives as JSON: dates as ISO strings). */
export type AdminResult<C extends AdminCommand> = Awaited<ReturnType<(typeof adminCommands)[C]>>;

export const isAdminCommand = (name: unknown): name is AdminCommand =>
  typeof name === 'string' && Object.hasOwn(adminCommands, name);
