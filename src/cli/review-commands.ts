/** `reviews add|list` and `appeals add|list|resolve`: human review from the command line (docs/cli.md). */
import type { CliCommand, CliRunArgs } from './command.ts';
import type { AdminCommand, AdminResult } from '../app/admin-commands.ts';
import { REVIEW_VERDICTS } from '../reviews/review-views.ts';

const scopeOptions = { owner: { type: 'string' as const }, campaign: { type: 'string' as const } };
const verdictOptions = {
  verdict: { type: 'string' as const },
  reviewer: { type: 'string' as const },
  note: { type: 'string' as const },
  evidence: { type: 'string' as const },
};

function checkVerdict(v: Record<string, any>): void {
  if (!(REVIEW_VERDICTS as readonly string[]).includes(v.verdict))
    throw new Error(`--verdict must be one of ${REVIEW_VERDICTS.join(', ')}`);
  if (v.evidence !== undefined) evidenceRefs(v.evidence);
}

/** `--evidence funding:1,graph:3` names stored evidence items by lane and ordinal. */
function evidenceRefs(text: string): Array<{ lane: string; ordinal: number }> {
  return text
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const m = /^(funding|graph):(\d{1,9})$/.exec(part.trim());
      if (!m) throw new Error('--evidence must be lane:ordinal items, e.g. funding:1,graph:3');
      return { lane: m[1], ordinal: Number(m[2]) };
    });
}

const verdictFields = (v: Record<string, any>) => ({
  verdict: v.verdict,
  reviewer: v.reviewer,
  ...(v.note !== undefined ? { note: v.note } : {}),
  ...(v.evidence !== undefined ? { evidence: evidenceRefs(v.evidence) } : {}),
});

async function admin<C extends AdminCommand>(
  a: CliRunArgs,
  command: C,
  args: Record<string, unknown>,
): Promise<AdminResult<C>> {
  const s = await a.admin();
  try {
    return await s.run(command, { owner: a.values.owner, campaign: a.values.campaign, ...args });
  } finally {
    await s.close();
  }
}

const reviewLine = (r: any): string =>
  [
    r.reviewId,
    r.reviewedAt,
    `${r.subject} ${r.clusterLabel ?? r.walletAddress}`,
    r.verdict,
    r.reviewer,
    JSON.stringify(r.note),
  ].join('\t');

export const reviewCliCommands: CliCommand[] = [
  {
    name: 'reviews add',
    usage:
      '--owner <id> --campaign <id> (--cluster <label> | --wallet <address>) --verdict <v> --reviewer <name> ' +
      '[--note <text>] [--evidence funding:1,graph:2] [--analysis <id>]',
    summary: 'Record a cluster or wallet review (stored decisions stay as they are; finalAction follows the verdict)',
    details:
      `Verdicts: ${REVIEW_VERDICTS.join(', ')}. ` +
      'The run is the latest completed one unless --analysis names another.',
    options: {
      ...scopeOptions,
      ...verdictOptions,
      cluster: { type: 'string' },
      wallet: { type: 'string' },
      analysis: { type: 'string' },
    },
    positionals: [],
    required: ['owner', 'campaign', 'verdict', 'reviewer'],
    check(v) {
      if ((v.cluster === undefined) === (v.wallet === undefined))
        throw new Error('name exactly one of --cluster or --wallet');
      checkVerdict(v);
    },
    async run(a) {
      const v = a.values;
      const review = {
        ...verdictFields(v),
        ...(v.cluster !== undefined ? { clusterLabel: v.cluster } : { walletAddress: v.wallet }),
        ...(v.analysis !== undefined ? { analysisId: v.analysis } : {}),
      };
      a.io.out(reviewLine(await admin(a, 'reviews.add', { review })));
      return 0;
    },
  },
  {
    name: 'reviews list',
    usage:
      '--owner <id> --campaign <id> [--cluster <label>] [--wallet <address>] [--reviewer <name>] [--limit 50] [--json]',
    summary: 'The review history of a campaign, newest first',
    options: {
      ...scopeOptions,
      cluster: { type: 'string' },
      wallet: { type: 'string' },
      reviewer: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    },
    positionals: [],
    required: ['owner', 'campaign'],
    async run(a) {
      const { cluster, wallet, reviewer, limit } = a.values;
      const rows = await admin(a, 'reviews.list', { cluster, wallet, reviewer, limit });
      if (a.values.json) a.io.out(JSON.stringify(rows));
      else if (rows.length === 0) a.io.out('no reviews');
      else for (const r of rows) a.io.out(reviewLine(r));
      return 0;
    },
  },
  {
    name: 'appeals add',
    usage: '--owner <id> --campaign <id> --wallet <address> --message <text> --contact <text>',
    summary: "Record a wallet owner's appeal (pasted by an operator) against the latest completed run",
    options: { ...scopeOptions, wallet: { type: 'string' }, message: { type: 'string' }, contact: { type: 'string' } },
    positionals: [],
    required: ['owner', 'campaign', 'wallet', 'message', 'contact'],
    async run(a) {
      const { wallet, message, contact } = a.values;
      const r = await admin(a, 'appeals.add', { appeal: { walletAddress: wallet, message, contact } });
      a.io.out(`${r.appealId} ${r.status} ${r.walletAddress}`);
      return 0;
    },
  },
  {
    name: 'appeals list',
    usage: '--owner <id> --campaign <id> [--status open|resolved] [--limit 50] [--json]',
    summary: 'Appeals of a campaign, newest first',
    options: { ...scopeOptions, status: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
    positionals: [],
    required: ['owner', 'campaign'],
    check(v) {
      if (v.status !== undefined && v.status !== 'open' && v.status !== 'resolved')
        throw new Error('--status must be open or resolved');
    },
    async run(a) {
      const rows = await admin(a, 'appeals.list', { status: a.values.status, limit: a.values.limit });
      if (a.values.json) a.io.out(JSON.stringify(rows));
      else if (rows.length === 0) a.io.out('no appeals');
      else
        for (const x of rows)
          a.io.out(
            `${x.appealId}\t${x.createdAt}\t${x.status}\t${x.walletAddress}\t${x.source}\t${JSON.stringify(x.message)}`,
          );
      return 0;
    },
  },
  {
    name: 'appeals resolve',
    usage:
      '<appealId> --owner <id> --campaign <id> --verdict <v> --reviewer <name> [--note <text>] [--evidence funding:1]',
    summary: 'Resolve an open appeal with a review of the appealed wallet (webhook appeal.resolved)',
    options: { ...scopeOptions, ...verdictOptions },
    positionals: ['appealId'],
    required: ['owner', 'campaign', 'verdict', 'reviewer'],
    check: checkVerdict,
    async run(a) {
      const r = await admin(a, 'appeals.resolve', { appealId: a.positionals[0], review: verdictFields(a.values) });
      a.io.out(`${r.appeal.appealId} ${r.appeal.status} by review ${r.review.reviewId} (${r.review.verdict})`);
      return 0;
    },
  },
];
