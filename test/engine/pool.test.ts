import t from 'tap';
import { createEnginePool } from '../../engine/index.ts';
import { seededRng } from '../../engine/rng.ts';

/** A random graph as a Louvain task (fresh arrays: they are transferred). */
function task(seed: number) {
  const r = seededRng(seed);
  const n = 2000;
  const m = 8000;
  const u = new Uint32Array(m);
  const v = new Uint32Array(m);
  const w = new Float64Array(m).fill(1);
  for (let k = 0; k < m; k++) {
    const a = Math.floor(r() * n);
    const b = (a + 1 + Math.floor(r() * 20)) % n; // local links: communities to find
    u[k] = Math.min(a, b);
    v[k] = Math.max(a, b);
  }
  return { n, u, v, w, resolution: 1, seed: 3 };
}

t.test(
  'releaseLouvain ends idle Louvain threads only: running tasks finish, later tasks get new threads',
  async (t) => {
    const pool = createEnginePool({ maxThreads: 2 });
    try {
      const running = pool.louvain(task(1));
      await pool.releaseLouvain(); // a task is in flight: nothing is ended
      const first = await running;
      await pool.releaseLouvain(); // idle: the threads end
      const again = await pool.louvain(task(1));
      t.same([...again.communities], [...first.communities], 'the same partition from new threads');
      t.ok(first.count > 1);
      t.not(again.threadId, first.threadId, 'a new thread ran it');
    } finally {
      await pool.destroy();
    }
  },
);
