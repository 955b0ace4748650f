/** Commands that run the service: serve, worker, migrate. */
import { type CliCommand, withAdmin } from './command.ts';

export const serviceCommands: CliCommand[] = [
  {
    name: 'serve',
    usage: '',
    summary: 'Run the HTTP service (and, unless RUN_WORKER=0, the background workers)',
    options: {},
    positionals: [],
    async run({ config }) {
      const { serve } = await import('../app/serve.ts');
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
      'Several worker processes and servers share the work through PostgreSQL (FOR UPDATE SKIP LOCKED with leases). ' +
      'The embedded store is owned by one process, so with it the server runs the workers itself.',
    async run({ config, io }) {
      if (!config.databaseUrl) {
        io.err(
          'worker needs DATABASE_URL: the embedded store belongs to the server process, which runs the workers itself',
        );
        return 2;
      }
      const { runWorker } = await import('../app/serve.ts');
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
];
