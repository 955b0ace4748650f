/** Access commands: API keys (create, list, revoke) and plans. */
import { CheckError, type CliCommand, oneOf, ownerId, withAdmin } from './command.ts';

export const accessCommands: CliCommand[] = [
  {
    name: 'keys create',
    usage: '--owner <id> --plan <none|starter|growth> [--label <text>]',
    summary: 'Create an API key (printed once, alone on the last line)',
    details: 'A plan other than none also activates that plan for the owner for 30 days (like `plans activate`).',
    options: { owner: { type: 'string' }, plan: { type: 'string' }, label: { type: 'string' } },
    positionals: [],
    required: ['owner', 'plan'],
    check: (v) => {
      ownerId(v.owner);
      oneOf('plan', v.plan, ['none', 'starter', 'growth']);
    },
    async run(a) {
      return withAdmin(a, async (s) => {
        const r = await s.run('keys.create', { owner: a.values.owner, plan: a.values.plan, label: a.values.label });
        a.io.out(
          `key ${r.keyId} (prefix ${r.prefix}) for owner ` +
            `${r.owner}${r.plan ? `, plan ${r.plan.plan} until ${r.plan.expiresAt}` : ', no plan'}`,
        );
        a.io.out('Copy the key now: it is shown only once.');
        a.io.out(r.key);
      });
    },
  },
  {
    name: 'keys list',
    usage: '--owner <id> [--json]',
    summary: "List an owner's keys (never shows secrets)",
    options: { owner: { type: 'string' }, json: { type: 'boolean' } },
    positionals: [],
    required: ['owner'],
    check: (v) => ownerId(v.owner),
    async run(a) {
      return withAdmin(a, async (s) => {
        const rows = await s.run('keys.list', { owner: a.values.owner });
        if (a.values.json) {
          a.io.out(JSON.stringify(rows));
          return;
        }
        if (rows.length === 0) a.io.out('no keys');
        for (const k of rows)
          a.io.out(
            `${k.keyId}\t${k.prefix}\tcreated ` +
              `${k.createdAt}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}\tlast used ` +
              `${k.lastUsedAt ?? 'never'}`,
          );
      });
    },
  },
  {
    name: 'keys revoke',
    usage: '<keyId>',
    summary: 'Revoke a key (requests with it get 401 from then on)',
    options: {},
    positionals: ['keyId'],
    async run(a) {
      return withAdmin(a, async (s) => {
        const r = await s.run('keys.revoke', { keyId: a.positionals[0] });
        a.io.out(`revoked ${r.keyId}`);
      });
    },
  },
  {
    name: 'plans activate',
    usage: '--owner <id> --plan <starter|growth> [--days 30]',
    summary: 'Activate an access plan for an owner',
    options: { owner: { type: 'string' }, plan: { type: 'string' }, days: { type: 'string' } },
    positionals: [],
    required: ['owner', 'plan'],
    check: (v) => {
      ownerId(v.owner);
      oneOf('plan', v.plan, ['starter', 'growth']);
      if (v.days !== undefined && (!/^\d{1,4}$/.test(v.days) || Number(v.days) < 1 || Number(v.days) > 3650))
        throw new CheckError('--days must be a whole number of days from 1 to 3650');
    },
    async run(a) {
      return withAdmin(a, async (s) => {
        const r = await s.run('plans.activate', {
          owner: a.values.owner,
          plan: a.values.plan,
          days: a.values.days === undefined ? 30 : Number(a.values.days),
        });
        a.io.out(`owner ${r.owner}: plan ${r.plan} active until ${r.expiresAt}`);
      });
    },
  },
];
