/** What a CLI command is (name, options, checks, run) and the checks commands share. */
import type { Config } from '../core/config.ts';
import type { AdminSession } from '../app/admin-client.ts';

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

/** A bad flag value: a usage error (exit 2) with the command's help. */
export class CheckError extends Error {}

export const oneOf = (name: string, value: unknown, allowed: string[]): void => {
  if (value !== undefined && !allowed.includes(String(value)))
    throw new CheckError(`--${name} must be one of ${allowed.join(', ')}`);
};
/** An owner id as the admin commands accept it (1 to 200 characters): a bad one is a usage error, not a failure. */
export const ownerId = (value: unknown): void => {
  if (value !== undefined && (String(value).trim() === '' || String(value).length > 200))
    throw new CheckError('--owner must be a non-empty id of at most 200 characters');
};

/** Runs fn with an admin session (direct store or the running server) and closes it. */
export async function withAdmin(a: CliRunArgs, fn: (s: AdminSession) => Promise<void>): Promise<number> {
  const s = await a.admin();
  try {
    await fn(s);
  } finally {
    await s.close();
  }
  return 0;
}
