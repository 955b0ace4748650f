/** The decision diff's precondition: two completed runs of one campaign, neither too large to compare. */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { getAnalysis, type AnalysisRow } from '../../storage/repos/analyses-repo.ts';
import { countDecisions } from '../../storage/repos/results-repo.ts';
import { DomainError, notFound } from '../core/domain-error.ts';

/** The most decisions a run compared by the diff may hold. */
export const MAX_DIFF_DECISIONS = 50000;

/** The run `compareToId` of the same campaign as `run`, once both are completed and small enough to compare. */
export async function comparableRuns(
  db: Kysely<Database>,
  ownerId: string,
  run: AnalysisRow,
  compareToId: string,
): Promise<AnalysisRow> {
  const other = await getAnalysis(db, ownerId, run.campaignId, compareToId);
  if (!other) throw notFound('compare_run_not_found', 'compareTo run');
  for (const r of [run, other]) {
    if (r.status !== 'completed')
      throw new DomainError(
        r === run ? 'run_not_completed' : 'compare_run_not_completed',
        `${r === run ? 'run' : 'compareTo run'} ${r.id} is ${r.status}, not completed`,
      );
    if ((await countDecisions(db, r.id)) > MAX_DIFF_DECISIONS)
      throw new DomainError('diff_too_large', `run ${r.id} has more than ${MAX_DIFF_DECISIONS} decisions`, {
        maxDecisions: MAX_DIFF_DECISIONS,
      });
  }
  return other;
}
