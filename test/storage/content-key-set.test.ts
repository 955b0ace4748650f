import t from 'tap';
import { hash } from 'node:crypto';
import { ContentKeySet } from '../../storage/repos/content-key-set.ts';

t.test('a content key set answers as a Set of the same keys', async (t) => {
  const set = new ContentKeySet(1000);
  const ref = new Set<string>();
  let disagreements = 0;
  for (let i = 0; i < 3000; i++) {
    // SHA-1 keys as the import makes them, with repeats, and keys of other shapes
    const key = i % 7 === 0 ? `short-${i % 50}` : hash('sha1', String(i % 900), 'base64url');
    if (set.add(key) !== !ref.has(key)) disagreements++;
    ref.add(key);
  }
  t.equal(disagreements, 0);
  t.equal(set.size, ref.size);
  set.clear();
  t.equal(set.size, 0);
  t.equal(set.add(hash('sha1', '1', 'base64url')), true, 'cleared keys are new again');
});
