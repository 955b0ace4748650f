import t from 'tap';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

// tsx strips types without checking them: the whole project (src, engine, storage, benchmarks, test) must also
// pass the TypeScript compiler, as `npm run typecheck` does.
t.test('tsc --noEmit reports no errors', async (t) => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const root = path.resolve(import.meta.dirname, '../..');
  const out = await new Promise<{ code: number; text: string }>((resolve) => {
    execFile(
      process.execPath,
      [tsc, '--noEmit', '-p', root],
      { cwd: root, maxBuffer: 1 << 24 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, text: stdout + stderr }),
    );
  });
  t.equal(out.code, 0, out.text.split('\n').slice(0, 30).join('\n'));
});
