/** CLI `dashboard login --owner <id>`: prints a one-time sign-in link for the operator dashboard. */
import type { CliCommand } from './command.ts';
import { readServerInfo } from '../app/admin-client.ts';
import { LOGIN_LINK_DEFAULT_MINUTES, LOGIN_LINK_MAX_MINUTES } from '../access/sessions.ts';

export const dashboardLoginCommand: CliCommand = {
  name: 'dashboard login',
  usage: '--owner <id> [--minutes 15] [--url <base URL>]',
  summary: 'Print a one-time sign-in link to the operator dashboard (alone on the last line)',
  details:
    `The link signs one browser in as the owner and works once, within --minutes (default ` +
    `${LOGIN_LINK_DEFAULT_MINUTES}, at most ${LOGIN_LINK_MAX_MINUTES}). --url is the address your browser reaches ` +
    `the server at (default http://localhost:<port of the running server, else PORT>). See docs/dashboard.md.`,
  options: { owner: { type: 'string' }, minutes: { type: 'string' }, url: { type: 'string' } },
  positionals: [],
  required: ['owner'],
  check(v) {
    if (
      v.minutes !== undefined &&
      (!/^\d{1,4}$/.test(v.minutes) || Number(v.minutes) < 1 || Number(v.minutes) > LOGIN_LINK_MAX_MINUTES)
    )
      throw new Error(`--minutes must be a whole number from 1 to ${LOGIN_LINK_MAX_MINUTES}`);
    if (v.url !== undefined && !/^https?:\/\/[^\s/]+/.test(v.url))
      throw new Error('--url must be an http(s) base URL such as https://integrity.example.com');
  },
  async run(a) {
    const base = (a.values.url ?? `http://localhost:${readServerInfo(a.config)?.port ?? a.config.port}`).replace(
      /\/+$/,
      '',
    );
    const s = await a.admin();
    try {
      const r = await s.run('dashboard.login', {
        owner: a.values.owner,
        minutes: a.values.minutes === undefined ? LOGIN_LINK_DEFAULT_MINUTES : Number(a.values.minutes),
      });
      a.io.out(`sign-in link for owner ${r.owner}, valid once until ${r.expiresAt}:`);
      a.io.out(`${base}/dashboard/login?token=${r.token}`);
    } finally {
      await s.close();
    }
    return 0;
  },
};
