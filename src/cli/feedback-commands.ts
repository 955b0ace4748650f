/** CLI commands for the screening feedback review queue: list what users reported, then accept or reject it. */
import type { CliCommand } from './command.ts';
import { FEEDBACK_STATUSES } from '../app/admin-commands.ts';

export const feedbackListCommand: CliCommand = {
  name: 'feedback list',
  usage: '[--status open|accepted|rejected] [--limit 50] [--json]',
  summary: 'List screening feedback (false positives, missed scams, reports) with the scan each is about, oldest first',
  options: { status: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  positionals: [],
  check(v) {
    if (v.status !== undefined && !(FEEDBACK_STATUSES as readonly string[]).includes(v.status))
      throw new Error(`--status must be one of ${FEEDBACK_STATUSES.join(', ')}`);
    if (v.limit !== undefined && !(/^\d{1,4}$/.test(v.limit) && Number(v.limit) >= 1 && Number(v.limit) <= 1000))
      throw new Error('--limit must be a whole number from 1 to 1000');
  },
  async run(a) {
    const s = await a.admin();
    try {
      const rows = await s.run('feedback.list', {
        status: a.values.status ?? 'open',
        limit: Number(a.values.limit ?? 50),
      });
      if (a.values.json) {
        a.io.out(JSON.stringify(rows));
        return 0;
      }
      if (rows.length === 0) a.io.out(`no ${a.values.status ?? 'open'} feedback`);
      for (const f of rows) {
        const value = JSON.stringify(String(f.scan.value).slice(0, 120));
        a.io.out(
          `${f.id}\t${f.createdAt}\t${f.verdict}\tscan ${f.scanId} (${f.scan.type} ${f.scan.chain} ${value}: ` +
            `${f.scan.verdict} ${f.scan.riskScore})\t${JSON.stringify(f.reason)}`,
        );
      }
      return 0;
    } finally {
      await s.close();
    }
  },
};

export const feedbackResolveCommand: CliCommand = {
  name: 'feedback resolve',
  usage: '<feedbackId> --status accepted|rejected',
  summary: 'Close an open feedback item after review (changes no stored scan or list)',
  details:
    'Accepting a false positive does not change lists by itself: add the host to an allow-list you load with `lists ' +
    'import`.',
  options: { status: { type: 'string' } },
  positionals: ['feedbackId'],
  required: ['status'],
  check(v) {
    if (v.status !== 'accepted' && v.status !== 'rejected') throw new Error('--status must be accepted or rejected');
  },
  async run(a) {
    const s = await a.admin();
    try {
      const r = (await s.run('feedback.resolve', { feedbackId: a.positionals[0], status: a.values.status })) as {
        feedbackId: string;
        status: string;
      };
      a.io.out(`${r.feedbackId} ${r.status}`);
      return 0;
    } finally {
      await s.close();
    }
  },
};
