/**
 * The dashboard front end (src/dashboard/web/: TypeScript and CSS) bundled by esbuild in memory when the
 * server first needs it: no build step, nothing written to disk, always in step with the sources.
 */
import path from 'node:path';
import fs from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { build } from 'esbuild';

export const WEB_DIR = path.join(import.meta.dirname, 'web');

export interface Asset {
  body: Buffer;
  type: string;
}
export interface DashboardBundle {
  version: string;
  index: string;
  assets: Map<string, Asset>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export async function buildDashboard(): Promise<DashboardBundle> {
  const outdir = path.join(WEB_DIR, 'out');
  const result = await build({
    entryPoints: [
      { in: path.join(WEB_DIR, 'main.ts'), out: 'app' },
      { in: path.join(WEB_DIR, 'styles.css'), out: 'app' },
    ],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    sourcemap: 'linked',
    write: false,
    outdir,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const assets = new Map<string, Asset>();
  const hash = createHash('sha256');
  for (const f of result.outputFiles) {
    const name = path.relative(outdir, f.path);
    assets.set(name, { body: Buffer.from(f.contents), type: TYPES[path.extname(name)] ?? 'application/octet-stream' });
    hash.update(f.hash);
  }
  const version = hash.digest('hex').slice(0, 12);
  const index = (await fs.readFile(path.join(WEB_DIR, 'index.html'), 'utf8')).replaceAll('{{version}}', version);
  return { version, index, assets };
}
