import t from 'tap';
import { newRequestId } from '../../src/core/ids.ts';

t.test('request ids: 16 hex characters, none repeated across several draws of the pool', async (t) => {
  // 2,000 ids span four draws of 512: a pool reused or cut at the wrong offset repeats or shortens ids
  const ids = Array.from({ length: 2000 }, () => newRequestId());
  t.same(
    ids.filter((id) => !/^[0-9a-f]{16}$/.test(id)),
    [],
  );
  t.equal(new Set(ids).size, ids.length);
});
