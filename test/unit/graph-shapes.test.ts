/** bench:engine's graph shapes: the defaults are the reference file, and every shape is a simple graph. */
import t from 'tap';
import { parseShape, REFERENCE_SHAPE, shapedGraphFiles, shapeName } from '../../benchmarks/lib/graph-shapes.ts';
import { readGraphFiles, syntheticGraphFiles } from '../../benchmarks/lib/synthetic-chain.ts';

const NODES = 3000;

t.test('the default options give the reference file (figures and digests stay comparable)', async (t) => {
  const shape = parseShape({ perNode: '3', noise: '0.2', clusterSizes: 'uniform', hubs: '0' });
  t.same(shape, REFERENCE_SHAPE);
  t.equal(shapeName(shape), '');
  t.equal(shapedGraphFiles(NODES, 7, shape), syntheticGraphFiles(NODES, 7));
  t.throws(() => parseShape({ perNode: '3', noise: '1', clusterSizes: 'uniform', hubs: '0' }));
  t.throws(() => parseShape({ perNode: '3', noise: '0.2', clusterSizes: 'pareto', hubs: '0' }));
});

t.test('heavy sizes and routers: no self loops, no repeated pair, routers under hubMinDegree', async (t) => {
  const shape = { ...REFERENCE_SHAPE, clusterSizes: 'heavy' as const, hubs: 5 };
  const g = readGraphFiles(shapedGraphFiles(NODES, 7, shape), NODES);
  const pairs = new Set<number>();
  const degree = new Uint32Array(NODES);
  let loops = 0;
  for (let i = 0; i < g.from.length; i++) {
    const [a, b] = [Math.min(g.from[i], g.to[i]), Math.max(g.from[i], g.to[i])];
    if (a === b) loops++;
    pairs.add(a * NODES + b);
    degree[a]++;
    degree[b]++;
  }
  t.equal(loops, 0, 'no self loop');
  t.equal(pairs.size, g.from.length, 'every pair once');
  t.ok(Math.max(...degree) < 1000, 'no wallet reaches hubMinDegree');
  t.ok(Math.max(...degree) >= 100, 'the routers are there');
  const sizes = new Map<number, number>();
  for (const c of g.labels) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const largest = Math.max(...sizes.values());
  t.ok(largest > 50 && largest < 1004, `a heavy tail, capped: largest cluster ${largest}`);
});
