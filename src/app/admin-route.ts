/**
 * POST /internal/admin: lets the CLI run admin commands through the server that owns the embedded store.
 * Guarded by a random token written to DATA_DIR/server.json (mode 0600); not part of the public API.
 */
import fs from 'node:fs';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Next } from 'koa';
import { koaBody } from 'koa-body';
import type { Config } from '../core/config.ts';
import { type AdminHandler, adminCommands, isAdminCommand } from './admin-commands.ts';
import { ApiError } from '../http/api-error.ts';
import { serverInfoPath } from './admin-client.ts';
import type { AppContext } from '../http/route-def.ts';

export function createAdminEndpoint(config: Config) {
  const token = randomBytes(32).toString('base64url');
  const parse = koaBody({ json: true, jsonStrict: true, jsonLimit: 64 * 1024 * 1024, urlencoded: false, text: false });
  return {
    /** Writes DATA_DIR/server.json so the CLI can find this process. */
    publish(port: number): () => void {
      const file = serverInfoPath(config);
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port, adminToken: token }), { mode: 0o600 });
      return () => {
        try {
          if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.unlinkSync(file);
        } catch {}
      };
    },
    middleware() {
      return async (ctx: AppContext, next: Next): Promise<void> => {
        if (ctx.path !== '/internal/admin') return next();
        const given = Buffer.from(ctx.get('x-admin-token'));
        const expected = Buffer.from(token);
        if (ctx.method !== 'POST' || given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new ApiError('route_not_found', 'no such route');
        await parse(ctx, async () => {});
        const body = ctx.request.body;
        const { command, args } = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as {
          command?: unknown;
          args?: unknown;
        };
        const handler: AdminHandler | undefined = isAdminCommand(command) ? adminCommands[command] : undefined;
        if (!handler) throw new ApiError('validation_failed', `unknown admin command ${String(command)}`);
        ctx.body = { result: await handler(ctx.services.store.db, (args ?? {}) as Record<string, unknown>) };
      };
    },
  };
}
