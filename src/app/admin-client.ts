/**
 * Runs admin commands where the store is: directly against PostgreSQL (DATABASE_URL), directly against the
 * embedded store when no server owns it, or through the running server (DATA_DIR/server.json names its port and
 * an admin token readable only by the owner of DATA_DIR) when a server process owns the embedded store.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../core/config.ts';
import { openStore, type Store } from '../../storage/store.ts';
import {
  type AdminCommand,
  type AdminHandler,
  type AdminResult,
  adminCommands,
  isAdminCommand,
} from './admin-commands.ts';
import { DomainError } from '../core/domain-error.ts';

export interface ServerInfo {
  pid: number;
  port: number;
  adminToken: string;
}

export const serverInfoPath = (config: Config): string => path.join(config.dataDir, 'server.json');

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readServerInfo(config: Config): ServerInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(serverInfoPath(config), 'utf8')) as ServerInfo;
    return info.pid && pidAlive(info.pid) && info.pid !== process.pid ? info : null;
  } catch {
    return null;
  }
}

export interface AdminSession {
  via: 'server' | 'store';
  /** The store itself when the session runs against it (bulk imports load through it directly). */
  store?: Store;
  run<C extends AdminCommand>(command: C, args: Record<string, unknown>): Promise<AdminResult<C>>;
  close(): Promise<void>;
}

export async function openAdminSession(config: Config): Promise<AdminSession> {
  if (!config.databaseUrl) {
    const info = readServerInfo(config);
    if (info) {
      return {
        via: 'server',
        async run(command, args) {
          const res = await fetch(`http://127.0.0.1:${info.port}/internal/admin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-admin-token': info.adminToken },
            body: JSON.stringify({ command, args }),
          });
          const body = (await res.json()) as { code?: string; error?: string; result?: unknown };
          if (!res.ok)
            throw new DomainError(body.code ?? 'admin_failed', body.error ?? `server answered ${res.status}`);
          return body.result as AdminResult<typeof command>;
        },
        async close() {},
      };
    }
  }
  const store: Store = await openStore({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
  await store.migrate();
  return {
    via: 'store',
    store,
    async run(command, args) {
      if (!isAdminCommand(command)) throw new DomainError('unknown_command', `unknown admin command ${command}`);
      const handler: AdminHandler = adminCommands[command];
      return (await handler(store.db, args)) as AdminResult<typeof command>;
    },
    close: () => store.close(),
  };
}
