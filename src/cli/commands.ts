/** The CLI's commands: names, options, checks and what each runs. */
import type { Config } from '../config/config.ts';
import type { AdminSession } from './admin-client.ts';

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

export interface CliRunArgs {
  values: Record<string, any>;
  positionals: string[];
  config: Config;
  io: CliIo;
  admin: () => Promise<AdminSession>;
}

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  details?: string;
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>;
  positionals: string[];
  required?: string[];
  check?: (values: Record<string, any>, positionals: string[]) => void;
  run: (a: CliRunArgs) => Promise<number>;
}

class CheckError extends Error {}
const oneOf = (name: string, value: unknown, allowed: string[]): void => {
  if (value !== undefined && !allowed.includes(String(value)))
    throw new CheckError(`--${name} must be one of ${allowed.join(', ')}`);
};
/** An owner id as the admin commands accept it (1 to 200 characters): a bad one is a usage error, not a failure. */
const ownerId = (value: unknown): void => {
  if (value !== undefined && (String(value).trim() === '' || String(value).length > 200))
    throw new CheckError('--owner must be a non-empty id of at most 200 characters');
};

async function withAdmin(a: CliRunArgs, fn: (s: AdminSession) => Promise<void>): Promise<number> {
  const s = await a.admin();
  try {
    await fn(s);
  } finally {
    await s.close();
  }
  return 0;
}

export const cliCommands: CliCommand[] = [
  {
    name: 'serve',
    usage: '',
    summary: 'Run the HTTP service (and, unless RUN_WORKER=0, the background workers)',
    options: {},
    positionals: [],
    async run({ config }) {
      const { serve } = await import('./serve.ts');
      return serve(config);
    },
  },
  {
    name: 'worker',
    usage: '',
    summary: 'Run only the background workers (analysis jobs, webhook deliveries) against DATABASE_URL',
    options: {},
    positionals: [],
    details:
      'Several worker processes and servers share the work through PostgreSQL (FOR UPDATE SKIP LOCKED with leases). The embedded store is owned by one process, so with it the server runs the workers itself.',
    async run({ config, io }) {
      if (!config.databaseUrl) {
        io.err(
          'worker needs DATABASE_URL: the embedded store belongs to the server process, which runs the workers itself',
        );
        return 2;
      }
      const { runWorker } = await import('./serve.ts');
      return runWorker(config);
    },
  },
  {
    name: 'migrate',
    usage: '',
    summary: 'Apply pending storage migrations',
    options: {},
    positionals: [],
    async run(a) {
      return withAdmin(a, async () => {
        a.io.out('migrations applied');
      });
    },
  },
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
          `key ${r.keyId} (prefix ${r.prefix}) for owner ${r.owner}${r.plan ? `, plan ${r.plan.plan} until ${r.plan.expiresAt}` : ', no plan'}`,
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
        const rows = (await s.run('keys.list', { owner: a.values.owner })) as any[];
        if (a.values.json) {
          a.io.out(JSON.stringify(rows));
          return;
        }
        if (rows.length === 0) a.io.out('no keys');
        for (const k of rows)
          a.io.out(
            `${k.keyId}\t${k.prefix}\tcreated ${k.createdAt}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}\tlast used ${k.lastUsedAt ?? 'never'}`,
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

import { importCommands } from '../imports/import-commands.ts';
import { analyzeCommand } from './analyze-command.ts';
import { listsImportCommand } from '../v1/lists-import-command.ts';
import { feedbackListCommand, feedbackResolveCommand } from '../v1/feedback-commands.ts';
import { dashboardLoginCommand } from '../dashboard/login-command.ts';
import { reviewCliCommands } from '../reviews/review-cli-commands.ts';
cliCommands.push(
  ...importCommands,
  listsImportCommand,
  feedbackListCommand,
  feedbackResolveCommand,
  dashboardLoginCommand,
  analyzeCommand,
  ...reviewCliCommands,
);

/** Feature modules append commands (imports). */
export function registerCliCommand(c: CliCommand): void {
  cliCommands.push(c);
}
