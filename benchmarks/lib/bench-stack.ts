/**
 * A running service for benchmarks: the real app on an ephemeral port over the embedded store (in a temporary
 * DATA_DIR) or PostgreSQL (a fresh schema), with synthetic transfers loaded and one completed 100k-wallet run.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { toConfig } from '../../src/core/config.ts';
import { createApp, type App } from '../../src/app/app.ts';
import { createLogger } from '../../src/core/logger.ts';
import { openStore, type Store } from '../../storage/store.ts';
import { insertTransfers, type TransferRecord } from '../../storage/repos/transfers-repo.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';
import { nodeAddress, syntheticGraph } from './synthetic-chain.ts';
import { PG_URL } from './pg-url.ts';

export { PG_URL };

export interface BenchStack {
  app: App;
  store: Store;
  base: string;
  key: string;
  campaignId: string;
  close(): Promise<void>;
}

export async function openBenchStack(
  kind: 'embedded' | 'postgres',
  env: Record<string, string> = {},
): Promise<BenchStack> {
  let store: Store;
  let cleanup = async (): Promise<void> => {};
  if (kind === 'postgres') {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    store = await openStore({ databaseUrl: PG_URL, schema, poolSize: 20 });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wi-bench-'));
    store = await openStore({ dataDir: path.join(dir, 'pg') });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await store.migrate();
  const config = toConfig({
    LOG_LEVEL: 'silent',
    JOB_POLL_INTERVAL_MS: '50',
    DATA_DIR: os.tmpdir(),
    BODY_LIMIT_BYTES: String(64 * 1024 * 1024),
    ...env,
  });
  const app = await createApp(config, { store, log: createLogger('silent') });
  const port = await app.listen(0, '127.0.0.1');
  const { key } = (await adminCommands['keys.create'](store.db, { owner: 'bench', plan: 'growth' })) as { key: string };
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/v2/campaigns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', campaignType: 'airdrop', chain: 'Ethereum' }),
  });
  const campaignId = ((await res.json()) as { id: string }).id;
  return {
    app,
    store,
    base,
    key,
    campaignId,
    async close() {
      await app.stop();
      await cleanup();
    },
  };
}

/** Loads the synthetic graph's transfers; returns the wallet list and seconds taken. */
export async function loadSyntheticTransfers(
  store: Store,
  nodes: number,
  seed: number,
): Promise<{ wallets: string[]; transfers: number; seconds: number }> {
  const g = syntheticGraph(nodes, seed);
  const t0 = performance.now();
  let batch: TransferRecord[] = [];
  for (let i = 0; i < g.from.length; i++) {
    batch.push({
      chain: 'ethereum',
      from: nodeAddress(g.from[i]),
      to: nodeAddress(g.to[i]),
      txHash: null,
      blockTime: 1_700_000_000 + (i % 2_592_000),
      amount: '1',
      asset: 'ETH',
      source: 'bench',
      dedupKey: `s${seed}-${i}`,
    });
    if (batch.length === 20000) {
      await insertTransfers(store.db, batch);
      batch = [];
    }
  }
  if (batch.length) await insertTransfers(store.db, batch);
  return {
    wallets: Array.from({ length: nodes }, (_, i) => nodeAddress(i)),
    transfers: g.from.length,
    seconds: (performance.now() - t0) / 1000,
  };
}

export async function submitAndWait(
  s: BenchStack,
  wallets: string[],
): Promise<{ analysisId: string; submitSeconds: number; totalSeconds: number; status: any }> {
  const t0 = performance.now();
  // fresh connections: the import and the embedded store run in this process and can hold the event loop
  const res = await onNewConnection(
    'POST',
    `${s.base}/api/v2/campaigns/${s.campaignId}/analyses`,
    s.key,
    JSON.stringify({ wallets }),
  );
  const accepted = JSON.parse(res.body) as { analysisId: string };
  if (res.status !== 202) throw new Error(`submit failed: ${res.status} ${res.body}`);
  const submitSeconds = (performance.now() - t0) / 1000;
  for (;;) {
    const r = await onNewConnection(
      'GET',
      `${s.base}/api/v2/campaigns/${s.campaignId}/analyses/${accepted.analysisId}`,
      s.key,
    );
    const status = JSON.parse(r.body);
    if (status.status === 'completed' || status.status === 'failed')
      return { analysisId: accepted.analysisId, submitSeconds, totalSeconds: (performance.now() - t0) / 1000, status };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function onNewConnection(
  method: 'GET' | 'POST',
  url: string,
  key: string,
  body = '',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers =
      method === 'POST'
        ? {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          }
        : { authorization: `Bearer ${key}` };
    const req = http.request(url, { method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
