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

t.test('a content key set holds its full capacity of keys, across the end of its table', async (t) => {
  const capacity = 20_000;
  const set = new ContentKeySet(capacity);
  const keys = Array.from({ length: capacity }, (_, i) => hash('sha1', `k${i}`, 'base64url'));
  let refused = 0;
  for (const k of keys) if (!set.add(k)) refused++;
  t.equal(refused, 0, 'every distinct key is new');
  t.equal(set.size, capacity);
  let forgotten = 0;
  for (const k of keys) if (set.add(k)) forgotten++;
  t.equal(forgotten, 0, 'every key is found again');
  t.equal(set.size, capacity);
});
