/**
 * The evidence scan (engine/evidence/scan.ts) runs on a pool thread for large graphs while the main thread builds
 * the direct-transfer items, and the side scan (transfer webs, members by address for the labels,
 * engine/evidence/side-scan.ts) on the second: the analysis must be the same, byte for byte, as with both inline.
 */
import t from 'tap';
import {
  buildWalletGraph,
  createEnginePool,
  decide,
  DEFAULT_TUNING,
  detectGroups,
  type EngineOptions,
  type EnginePool,
} from '../../engine/index.ts';
import { PARALLEL_MIN_NODES } from '../../engine/detect-groups.ts';
import { simulateCampaign } from '../../benchmarks/sim/campaign-sim.ts';
import { startPoolThreads } from '../../benchmarks/lib/engine-input.ts';

t.test('the evidence scan on a pool thread gives the same analysis as inline', async (t) => {
  // a simulated campaign (block times, amounts, hubs, farms of every type) large enough for the pool path
  const { input } = simulateCampaign({ seed: 3, legitWallets: 50_000 });
  const graph = buildWalletGraph(input, DEFAULT_TUNING, false);
  t.ok(graph.n >= PARALLEL_MIN_NODES, `${graph.n} nodes: the scan runs on a thread`);
  const pool = createEnginePool({ maxThreads: 2 });
  try {
    let scans = 0;
    let sideScans = 0;
    const counted: EnginePool = {
      ...pool,
      evidenceScan: (task) => {
        scans++;
        return pool.evidenceScan(task);
      },
      sideScan: (task) => {
        sideScans++;
        return pool.sideScan(task);
      },
    };
    const options: EngineOptions = { mode: 'onchain', preset: 'balanced', seed: 42 };
    const grouping = await detectGroups(graph, DEFAULT_TUNING, pool, 42);
    // a long-lived pool has its threads running (the scan does not start any: inline is faster than a start-up)
    await startPoolThreads(pool, 2);
    t.equal(pool.liveThreads(), 2, 'the pool has two threads running');
    const onThread = await decide(graph, grouping, input, { ...options, pool: counted }, DEFAULT_TUNING);
    t.equal(scans, 1, 'the scan ran on the pool');
    t.equal(sideScans, 1, 'the side scan ran on the pool');
    const inline = await decide(graph, grouping, input, options, DEFAULT_TUNING);
    t.ok(onThread.clusters.length > 10, `${onThread.clusters.length} clusters`);
    t.ok(
      onThread.clusters.some((c) => c.evidence.some((e) => e.kind === 'direct_transfer')) &&
        onThread.clusters.some((c) => c.evidence.some((e) => e.kind === 'common_funder')),
      'direct transfers and outside funders among the evidence',
    );
    t.equal(JSON.stringify(onThread), JSON.stringify(inline), 'the same clusters, evidence and decisions');
  } finally {
    await pool.destroy();
  }
});
