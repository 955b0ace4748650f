/** Every CLI command, in the order `wallet-integrity --help` lists them: one list, one file per command group. */
import type { CliCommand } from './command.ts';
import { serviceCommands } from './service-commands.ts';
import { accessCommands } from './access-commands.ts';
import { importCommands } from './import-commands.ts';
import { listsImportCommand } from './lists-commands.ts';
import { feedbackListCommand, feedbackResolveCommand } from './feedback-commands.ts';
import { dashboardLoginCommand } from './dashboard-commands.ts';
import { analyzeCommand } from './analyze-command.ts';

export const cliCommands: CliCommand[] = [
  ...serviceCommands,
  ...accessCommands,
  ...importCommands,
  listsImportCommand,
  feedbackListCommand,
  feedbackResolveCommand,
  dashboardLoginCommand,
  analyzeCommand,
];
