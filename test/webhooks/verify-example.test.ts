import t from 'tap';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

t.test(
  'the verifier shown in docs/webhooks.md is byte-identical to the tested src/webhooks/verify-example.ts',
  async (t) => {
    const docs = await readFile(path.join(root, 'docs/webhooks.md'), 'utf8');
    const source = await readFile(path.join(root, 'src/webhooks/verify-example.ts'), 'utf8');
    const section = docs.slice(docs.indexOf('## Verifying a delivery'));
    const block = /```ts\n([\s\S]*?)```/.exec(section);
    t.ok(block, 'the section has a TypeScript block');
    const firstLine = source.indexOf('\n') + 1;
    t.match(source.slice(0, firstLine), /^\/\/ /, 'the file opens with one comment line that the docs leave out');
    t.equal(block![1], source.slice(firstLine), 'copy-paste code equals the tested file after its first line');
  },
);
