/** Starts the real app on an ephemeral port over a given (or embedded in-memory) store, with API key helpers. */
import { toConfig, type Env } from '../../src/core/config.ts';
import { createApp, type App } from '../../src/app/app.ts';
import { createLogger } from '../../src/core/logger.ts';
import { openStore, type Store } from '../../storage/store.ts';
import { adminCommands } from '../../src/app/admin-commands.ts';

export interface TestServer {
  app: App;
  base: string;
  store: Store;
  key(owner: string, plan?: 'none' | 'starter' | 'growth'): Promise<string>;
  req(
    method: string,
    path: string,
    opts?: { key?: string; body?: unknown; raw?: string | Buffer; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; text: string; headers: Headers }>;
  close(): Promise<void>;
}

export async function startTestServer(
  opts: { store?: Store; env?: Env; background?: boolean } = {},
): Promise<TestServer> {
  const store = opts.store ?? (await openStore({ inMemory: true }));
  const config = toConfig({
    LOG_LEVEL: 'silent',
    JOB_POLL_INTERVAL_MS: '50',
    DATA_DIR: '/tmp/wi-test-unused',
    ...opts.env,
  });
  const app = await createApp(config, { store, log: createLogger('silent'), background: opts.background ?? true });
  const port = await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  return {
    app,
    base,
    store,
    async key(owner, plan = 'growth') {
      const r = (await adminCommands['keys.create'](store.db, { owner, plan })) as { key: string };
      return r.key;
    },
    async req(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.key) headers.authorization = `Bearer ${o.key}`;
      let body: string | Buffer | undefined;
      if (o.raw !== undefined) body = o.raw;
      else if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(base + path, { method, headers, body: body as any });
      const text = await res.text();
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed, text, headers: res.headers };
    },
    async close() {
      await app.stop();
    },
  };
}

/** Polls a run's status until it is completed or failed (at most 60 s). */
export async function waitForRun(srv: TestServer, key: string, campaignId: string, analysisId: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const r = await srv.req('GET', `/api/v2/campaigns/${campaignId}/analyses/${analysisId}`, { key });
    if (r.body.status === 'completed' || r.body.status === 'failed') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('analysis did not finish');
}
