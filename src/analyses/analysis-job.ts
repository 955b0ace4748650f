/**
 * The analysis job worker: claims runs (SKIP LOCKED + lease), renews the lease with a heartbeat (every
 * JOB_HEARTBEAT_SECONDS, with the progress), runs the
 * engine in its thread pool, and writes every result with the completion events in one transaction. A run
 * whose worker died is claimed again once its lease expires; after MAX_ATTEMPTS claims it fails.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import PQueue from 'p-queue';
import { refreshResultStatistics } from '../../storage/repos/results-repo.ts';
import {
  claimNextAnalysis,
  extendLease,
  failAnalysis,
  loadAnalysisInput,
  storeResults,
  type AnalysisRow,
} from '../../storage/repos/analyses-repo.ts';
import { appendEvent } from '../../storage/repos/outbox-repo.ts';
import type { EnginePool, EngineWalletInput } from '../../engine/index.ts';
import { chainFamily } from '../core/chains.ts';
import { DomainError } from '../core/domain-error.ts';
import type { BackgroundWorker, WorkerDeps } from '../core/background-worker.ts';
import { loadNeighbourhood } from './transfer-loader.ts';
import { toStoredResults } from './result-mapper.ts';
import { analysisEventPayload } from './analysis-events.ts';
import type { WalletInput } from './wallet-input.ts';
import {
  coverageSummary,
  markApprovedForLackOfData,
  transferFieldsSummary,
  walletsWithoutTransfers,
} from './data-coverage.ts';
import { insertWalletsWithoutData } from '../../storage/repos/reviews-repo.ts';

export const MAX_ATTEMPTS = 3;
/** Runs at least this large refresh the planner statistics of the result tables once stored. */
export const STATISTICS_REFRESH_WALLETS = 1000;

export interface AnalysisHooks {
  /** Runs before transfers are loaded (live chain providers fetch missing wallet history here). */
  beforeLoad?: (
    run: AnalysisRow,
    wallets: WalletInput[],
    progress: (p: Record<string, unknown>) => void,
  ) => Promise<Record<string, unknown>>;
}

export function createAnalysisWorker(services: WorkerDeps, hooks: AnalysisHooks = {}): BackgroundWorker {
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const queue = new PQueue({ concurrency: services.config.workerConcurrency });
  let pool: EnginePool | null = null;
  const log = services.log.child({ worker: 'analysis', workerId });
  const running = new Set<string>();

  async function runOne(run: AnalysisRow): Promise<void> {
    const { db } = services.store;
    const rlog = log.child({ analysisId: run.id });
    if (run.attempts > MAX_ATTEMPTS) {
      await failAnalysis(
        db,
        run.id,
        workerId,
        'too_many_attempts',
        `the run was claimed ${run.attempts - 1} times without finishing`,
      );
      return;
    }
    let progress: Record<string, unknown> = { phase: 'loading_input', done: 0, total: run.walletCount };
    let lost = false;
    const beat = setInterval(() => {
      extendLease(db, run.id, workerId, services.config.leaseSeconds, progress).then(
        (ok) => {
          if (!ok) lost = true;
        },
        (err) => rlog.warn({ err }, 'lease renewal failed'),
      );
    }, services.config.heartbeatSeconds * 1000);
    const setProgress = (p: Record<string, unknown>): void => {
      progress = { ...progress, ...p };
    };
    const started = Date.now();
    try {
      const wallets = (await loadAnalysisInput(db, run.id)) as WalletInput[];
      const family = chainFamily(run.chain);
      const fetched = hooks.beforeLoad
        ? await hooks.beforeLoad(run, wallets, setProgress)
        : { dataSource: 'stored', provider: null };
      setProgress({ phase: 'loading_transfers' });
      await extendLease(db, run.id, workerId, services.config.leaseSeconds, progress);
      const hood = await loadNeighbourhood(
        db,
        family,
        wallets.map((w) => w.address),
      );
      // before the engine runs: its thread takes the transfer arrays over (they are transferred, not copied)
      const without = walletsWithoutTransfers(
        wallets.map((w) => w.address),
        hood.transfers,
      );
      setProgress({ phase: 'detecting', transfersLoaded: hood.stats.transfersLoaded });
      await extendLease(db, run.id, workerId, services.config.leaseSeconds, progress);
      const engine = await import('../../engine/index.ts');
      pool ??= engine.createEnginePool({ maxThreads: services.config.engineThreads });
      // counted before the engine takes the arrays (they are transferred to its thread, not copied)
      const t = hood.transfers;
      const transferFields = transferFieldsSummary(t.from.length, t.blockTime, t.amount, t.txId);
      // the whole analysis runs in an engine worker thread: the API stays responsive while it computes
      const result = await pool.analyze(
        {
          chainFamily: family,
          wallets: wallets as EngineWalletInput[],
          transfers: hood.transfers,
          labels: hood.labels,
        },
        {
          mode: run.analysisMode as 'onchain' | 'hybrid',
          preset: run.riskPolicy as 'balanced',
          seed: 42,
          onProgress: (p: { phase: string; done: number; total: number }) =>
            setProgress({ phase: p.phase, engineDone: p.done, engineTotal: p.total }),
        },
      );
      if (lost) throw new DomainError('lease_lost', 'another worker took the run over');
      setProgress({ phase: 'storing' });
      const stored = toStoredResults(run, wallets, result);
      const approvedForLackOfData = markApprovedForLackOfData(stored.decisions, new Set(without));
      const summary = {
        ...stored.summary,
        dataCoverage: {
          ...coverageSummary(run.walletCount, without.length, approvedForLackOfData),
          transferFields,
        },
        ...hood.stats,
        ...fetched,
        engineStats: result.stats,
        seconds: (Date.now() - started) / 1000,
      };
      const finalProgress = { phase: 'completed', done: run.walletCount, total: run.walletCount };
      const ok = await db.transaction().execute(async (tx) => {
        if (!(await storeResults(tx, run.id, workerId, { ...stored, summary, progress: finalProgress }))) return false;
        await insertWalletsWithoutData(tx, run.id, without);
        const base = { ownerId: run.ownerId, campaignId: run.campaignId, analysisId: run.id };
        await appendEvent(tx, { ...base, type: 'analysis.completed', payload: analysisEventPayload(run, summary) });
        if ((stored.summary.actions as Record<string, number>).manual_review > 0) {
          await appendEvent(tx, {
            ...base,
            type: 'analysis.review_required',
            payload: analysisEventPayload(run, summary),
          });
        }
        await appendEvent(tx, { ...base, type: 'decision_package.ready', payload: analysisEventPayload(run, summary) });
        return true;
      });
      if (!ok) {
        rlog.warn('lease lost before results were stored; results discarded');
        return;
      }
      services.wake();
      if (run.walletCount >= STATISTICS_REFRESH_WALLETS)
        await refreshResultStatistics(db).catch((err) => rlog.warn({ err }, 'result statistics not refreshed'));
      rlog.info(
        { seconds: summary.seconds, clusters: stored.clusters.length, wallets: run.walletCount },
        'analysis completed',
      );
    } catch (err) {
      const code = err instanceof DomainError ? err.code : 'engine_error';
      rlog.error({ err, code }, 'analysis failed');
      if (code !== 'lease_lost') await failAnalysis(db, run.id, workerId, code, (err as Error).message).catch(() => {});
    } finally {
      clearInterval(beat);
    }
  }

  return {
    name: 'analysis-jobs',
    async tick() {
      if (queue.size + queue.pending >= services.config.workerConcurrency) return false;
      const run = await claimNextAnalysis(services.store.db, workerId, services.config.leaseSeconds);
      if (!run) return false;
      // a run whose lease this worker let lapse (a long stall) and claimed again is still being worked here
      if (running.has(run.id)) return false;
      log.info({ analysisId: run.id, attempt: run.attempts }, 'claimed analysis');
      running.add(run.id);
      void queue.add(() => runOne(run).finally(() => running.delete(run.id)));
      return true;
    },
    async close() {
      await queue.onIdle();
      await pool?.destroy();
    },
  };
}
