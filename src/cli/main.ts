/**
 * The `wallet-integrity` command line: serve, worker, migrate, keys, plans and data imports.
 * Usage errors exit with code 2; `--help` works on every command. See docs/cli.md.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { readEnv, toConfig, ConfigError, type Config } from '../core/config.ts';
import { openAdminSession } from '../app/admin-client.ts';
import { isCodedError } from '../core/domain-error.ts';
import type { CliCommand } from './command.ts';
import { cliCommands } from './commands.ts';

export class UsageError extends Error {}

function usage(): string {
  const lines = ['Usage: wallet-integrity <command> [options]', '', 'Commands:'];
  for (const c of cliCommands) lines.push(`  ${c.name.padEnd(20)} ${c.summary}`);
  lines.push(
    '',
    'Run `wallet-integrity <command> --help` for the options of a command.',
    'Settings come from the environment (DATABASE_URL, DATA_DIR, PORT, LOG_LEVEL ...): see docs/configuration.md.',
  );
  return lines.join('\n');
}

function commandHelp(c: CliCommand): string {
  const lines = [`Usage: wallet-integrity ${c.name} ${c.usage}`, '', c.summary];
  if (c.details) lines.push('', c.details);
  return lines.join('\n');
}

export async function main(
  argv: string[],
  io = { out: (s: string) => process.stdout.write(s + '\n'), err: (s: string) => process.stderr.write(s + '\n') },
): Promise<number> {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(usage());
    return argv.length === 0 ? 2 : 0;
  }
  const command = cliCommands.find((c) => {
    const parts = c.name.split(' ');
    return parts.every((p, i) => words[i] === p);
  });
  if (!command) {
    io.err(`unknown command: ${words.slice(0, 2).join(' ') || argv[0]}\n\n${usage()}`);
    return 2;
  }
  const rest = argv.slice(argv.indexOf(command.name.split(' ').at(-1)!) + 1);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(commandHelp(command));
    return 0;
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: command.options as ParseArgsConfig['options'],
      allowPositionals: true,
      strict: true,
    });
    if (parsed.positionals.length !== command.positionals.length)
      throw new UsageError(
        `expected ${command.positionals.map((p) => `<${p}>`).join(' ') || 'no positional arguments'}`,
      );
    for (const req of command.required ?? [])
      if (parsed.values[req] === undefined) throw new UsageError(`--${req} is required`);
    command.check?.(parsed.values, parsed.positionals);
  } catch (err) {
    io.err(`wallet-integrity ${command.name}: ${(err as Error).message}\n\n${commandHelp(command)}`);
    return 2;
  }
  let config: Config;
  try {
    config = toConfig(readEnv());
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(`configuration error: ${err.message}`);
      return 2;
    }
    throw err;
  }
  try {
    return await command.run({
      values: parsed.values,
      positionals: parsed.positionals,
      config,
      io,
      admin: () => openAdminSession(config),
    });
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`wallet-integrity ${command.name}: ${err.message}`);
      return 2;
    }
    if (isCodedError(err)) {
      io.err(`error (${err.code}): ${err.message}`);
      return 1;
    }
    io.err(`error: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}
