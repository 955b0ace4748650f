import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '../../src/http/error-codes.ts';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

t.test('every code raised in src/ and storage/ is registered with a status', async (t) => {
  const raised = new Set<string>();
  for (const file of [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'storage'))]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      new RegExp(
        /new (?:ApiError|StorageError|AdminError|ScreeningInputError|SafeHttpError|ChainProviderError|DomainError)/
          .source + /\(\s*'([a-z_]+)'/.source,
        'g',
      ),
    ))
      raised.add(m[1]);
    for (const m of text.matchAll(/notFound\('([a-z_]+)'/g)) raised.add(m[1]);
  }
  t.ok(raised.size > 20, `found ${raised.size} raised codes`);
  const missing = [...raised].filter((c) => !ERROR_CODES[c]);
  t.same(missing, [], 'codes raised but not registered in src/http/error-codes.ts');
});

t.test('every registered code is documented in docs/errors.md with its status', async (t) => {
  const doc = fs.readFileSync(path.join(root, 'docs/errors.md'), 'utf8');
  for (const [code, info] of Object.entries(ERROR_CODES)) {
    t.match(doc, new RegExp(`\\| \`${code}\` \\| ${info.status} \\|`), code);
  }
  const documented = [...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
  t.equal(new Set(documented).size, documented.length, 'no code is documented twice');
  t.same(
    documented.filter((c) => !ERROR_CODES[c]),
    [],
    'no stale code in the docs',
  );
});

t.test('statuses are client or server errors', async (t) => {
  for (const [code, info] of Object.entries(ERROR_CODES)) t.ok(info.status >= 400 && info.status < 600, code);
});
