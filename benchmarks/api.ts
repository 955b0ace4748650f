/**
 * bench:api — autocannon against the paged reads of a completed 100k-wallet run (catalog, members, evidence,
 * run decisions): requests per second and p99 latency per endpoint. The load generator runs in its own process
 * (autocannon's CLI) so it does not share the server's event loop.
 * Each endpoint is measured with the read cache on (the default: repeat reads of a completed run's pages) and off
 * (every request reads PostgreSQL and serialises), shown side by side; the key cache is on in both (its default).
 * With the cache off it also shows the CPU per request of the server (this process) and, on PostgreSQL, of the
 * database (its processes, from /proc: run it alone against the database).
 * Usage:
 * npm run bench:api [-- --wallets 100000 --store embedded|postgres --seconds 10 --connections 20 --cache on|off|both]
 */
import { parseArgs } from 'node:util';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import { loadSyntheticTransfers, openBenchStack, submitAndWait } from './lib/bench-stack.ts';
import { postgresCpuMs } from './lib/postgres-cpu.ts';

const { values } = parseArgs({
  options: {
    wallets: { type: 'string', default: '100000' },
    store: { type: 'string', default: 'postgres' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    cache: { type: 'string', default: 'both' },
    endpoints: { type: 'string', default: 'catalog,members,evidence,decisions' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(
    'usage: npm run bench:api -- [--wallets 100000] [--store embedded|postgres] [--seconds 10] [--connections 20] ' +
      '[--cache on|off|both] [--endpoints catalog,members,evidence,decisions]',
  );
  process.exit(0);
}

const rows: Array<Record<string, number | string>> = [];
for (const cache of values.cache === 'both' ? ['on', 'off'] : [values.cache]) {
  const stack = await openBenchStack(values.store as 'embedded' | 'postgres', {
    READ_CACHE_MB: cache === 'on' ? '64' : '0',
  });
  try {
    const loaded = await loadSyntheticTransfers(stack.store, Number(values.wallets), 42);
    const run = await submitAndWait(stack, loaded.wallets);
    const runPath = `/api/v2/campaigns/${stack.campaignId}/analyses/${run.analysisId}`;
    const headers = { authorization: `Bearer ${stack.key}` };
    const catalog = (await (await fetch(`${stack.base}${runPath}/clusters?limit=1`, { headers })).json()) as {
      clusters: Array<{ clusterLabel: string }>;
    };
    const label = encodeURIComponent(catalog.clusters[0].clusterLabel);
    const targets: Record<string, string> = {
      catalog: `${runPath}/clusters?limit=100`,
      members: `${runPath}/clusters/${label}/members?limit=100`,
      evidence: `${runPath}/clusters/${label}/evidence?lane=funding&limit=100`,
      decisions: `${runPath}/decisions?limit=100`,
    };
    for (const [name, p] of Object.entries(targets).filter(([n]) => values.endpoints.split(',').includes(n))) {
      const cpu0 = process.cpuUsage();
      const pg0 = values.store === 'postgres' ? postgresCpuMs() : null;
      const r = await loadFromChildProcess(
        stack.base + p,
        headers.authorization,
        Number(values.connections),
        Number(values.seconds),
      );
      const cpu = process.cpuUsage(cpu0);
      const pg1 = pg0 === null ? null : postgresCpuMs();
      const perRequest = (ms: number) => +(ms / Math.max(1, r.requests.total)).toFixed(3);
      rows.push({
        readCache: cache,
        endpoint: name,
        reqPerSec: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        serverCpuMsPerReq: perRequest((cpu.user + cpu.system) / 1000),
        pgCpuMsPerReq: pg0 === null || pg1 === null ? '-' : perRequest(pg1 - pg0),
      });
    }
  } finally {
    await stack.close();
  }
}
/** Cached and uncached figures of an endpoint on one line. */
const side = [...new Set(rows.map((r) => r.endpoint))].map((endpoint) => {
  const of = (cache: string) => rows.find((r) => r.endpoint === endpoint && r.readCache === cache);
  const on = of('on');
  const off = of('off');
  return {
    endpoint,
    cachedReqPerSec: on?.reqPerSec ?? '-',
    cachedP99Ms: on?.p99Ms ?? '-',
    uncachedReqPerSec: off?.reqPerSec ?? '-',
    uncachedP50Ms: off?.p50Ms ?? '-',
    uncachedP99Ms: off?.p99Ms ?? '-',
    uncachedServerCpuMs: off?.serverCpuMsPerReq ?? '-',
    uncachedPgCpuMs: off?.pgCpuMsPerReq ?? '-',
    non2xx: Number(on?.non2xx ?? 0) + Number(off?.non2xx ?? 0),
  };
});
console.table(side);
const goals = { on: { reqPerSec: 2000, p99Ms: 50 }, off: { reqPerSec: 2500, p99Ms: 40 } } as const;
for (const cache of ['on', 'off'] as const) {
  const set = rows.filter((r) => r.readCache === cache);
  const g = goals[cache];
  if (set.length)
    console.error(
      `read cache ${cache}: goal (each endpoint >= ${g.reqPerSec} req/s with p99 <= ${g.p99Ms} ms) ` +
        `${set.every((r) => Number(r.reqPerSec) >= g.reqPerSec && Number(r.p99Ms) <= g.p99Ms) ? 'met' : 'MISSED'}`,
    );
}
console.log(JSON.stringify({ bench: 'api', store: values.store, wallets: Number(values.wallets), results: rows }));
process.exit(0);

async function loadFromChildProcess(
  url: string,
  authorization: string,
  connections: number,
  seconds: number,
): Promise<autocannon.Result> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const out = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, '--json', '-c', String(connections), '-d', String(seconds), '-H', `authorization=${authorization}`, url],
      { maxBuffer: 1 << 24 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
  return JSON.parse(out.trim().split('\n').pop()!) as autocannon.Result;
}
