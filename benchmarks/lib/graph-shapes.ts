/**
 * Other shapes of bench:engine's graphs (`--per-node`, `--noise`, `--cluster-sizes`, `--hubs`), so that the engine
 * is measured on graphs it was not tuned on. The defaults give the reference file itself (no new file, the same
 * digests). A shape changes the base ("plain") graph; the hard variant adds its triangles on top (hard-graph.ts).
 *  - per-node, noise: the reference generator's own edges-per-node (3) and noise share (0.2: random edges between
 *    any two wallets, which rarely close a triangle);
 *  - cluster sizes `heavy`: planted cluster sizes drawn from a power law P(s) ~ s^-2 on 5..999 (most small, a few
 *    hundreds of wallets; at most 999 so that a cluster's funder stays under hubMinDegree), generated here with the
 *    reference generator's recipe (a funder star, random inner edges, uniform noise, ids and edge order shuffled);
 *  - hubs: that many wallets (each in its planted cluster) become routers linking 100-999 random unrelated wallets
 *    (under hubMinDegree, so the engine does not take them as hubs), and every other pair of consecutive spokes also
 *    pays each other (two users of one router who are friends): a triangle through the router, which the backbone
 *    pruning keeps.
 * Files go next to the reference ones in the generator's format, named after the shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { seededRng } from '../../engine/rng.ts';
import { CACHE, GENERATOR, readEdgeFile, readLabelFile, syntheticGraphFiles } from './synthetic-chain.ts';

export interface GraphShape {
  perNode: number;
  noise: number;
  clusterSizes: 'uniform' | 'heavy';
  hubs: number;
}

export const REFERENCE_SHAPE: GraphShape = { perNode: 3, noise: 0.2, clusterSizes: 'uniform', hubs: 0 };

/** A shape from the command line's values; throws on anything else. */
export function parseShape(v: { perNode: string; noise: string; clusterSizes: string; hubs: string }): GraphShape {
  const shape = {
    perNode: Number(v.perNode),
    noise: Number(v.noise),
    clusterSizes: v.clusterSizes,
    hubs: Number(v.hubs),
  };
  const ok =
    shape.perNode >= 1 &&
    shape.perNode <= 20 &&
    shape.noise >= 0 &&
    shape.noise < 1 &&
    (shape.clusterSizes === 'uniform' || shape.clusterSizes === 'heavy') &&
    Number.isInteger(shape.hubs) &&
    shape.hubs >= 0;
  if (!ok) throw new Error('--per-node 1-20, --noise [0,1), --cluster-sizes uniform|heavy, --hubs an integer >= 0');
  return shape as GraphShape;
}

/** A short name of the shape ('' for the reference one), used in file names and reports. */
export function shapeName(s: GraphShape): string {
  const parts: string[] = [];
  if (s.perNode !== REFERENCE_SHAPE.perNode) parts.push(`pn${s.perNode}`);
  if (s.noise !== REFERENCE_SHAPE.noise) parts.push(`nf${s.noise}`);
  if (s.clusterSizes !== 'uniform') parts.push(s.clusterSizes);
  if (s.hubs > 0) parts.push(`hubs${s.hubs}`);
  return parts.join('-');
}

/** The base graph's file prefix (generated once): the reference file for the reference shape. */
export function shapedGraphFiles(nodes: number, seed: number, shape: GraphShape): string {
  const name = shapeName(shape);
  if (!name) return syntheticGraphFiles(nodes, seed);
  const prefix = path.join(CACHE, `g-${nodes}-${seed}-${name}`);
  if (fs.existsSync(`${prefix}.edges`)) return prefix;
  fs.mkdirSync(CACHE, { recursive: true });
  const base = `${prefix}-base`;
  const args = [String(nodes), base, String(seed), String(shape.perNode), String(shape.noise)];
  if (shape.clusterSizes === 'uniform') execFileSync(process.execPath, [GENERATOR, ...args], { stdio: 'ignore' });
  else writeHeavyGraph(base, nodes, seed, shape);
  addHubs(base, prefix, shape.hubs, seed);
  fs.rmSync(`${base}.edges`);
  fs.rmSync(`${base}.labels`);
  return prefix;
}

/** Cluster sizes from P(s) ~ s^-2 on 5..999 (inverse transform of the Pareto tail, redrawn above 999). */
function heavySizes(nodes: number, rng: () => number): number[] {
  const sizes: number[] = [];
  let total = 0;
  while (total < nodes) {
    let s = Math.floor(5 / (1 - rng()));
    if (s > 999) continue;
    if (nodes - total - s < 5) s = nodes - total;
    sizes.push(s);
    total += s;
  }
  return sizes;
}

/** The reference generator's recipe with heavy-tailed cluster sizes. */
function writeHeavyGraph(prefix: string, nodes: number, seed: number, shape: GraphShape): void {
  const rng = seededRng(seed ^ 0x5eed);
  const randInt = (k: number): number => Math.floor(rng() * k);
  const perm = shuffled(nodes, randInt);
  const sizes = heavySizes(nodes, rng);
  const label = new Int32Array(nodes);
  const edges = new EdgeSet(nodes);
  let off = 0;
  sizes.forEach((s, k) => {
    for (let i = 0; i < s; i++) label[perm[off + i]] = k;
    for (let i = 1; i < s; i++) edges.add(perm[off], perm[off + i], 1 + 9 * rng()); // the funder's star
    off += s;
  });
  const target = Math.round(shape.perNode * nodes);
  const extra = Math.max(0, Math.round((1 - shape.noise) * target) - edges.count);
  off = 0;
  for (const s of sizes) {
    const want = Math.round((extra * s) / nodes);
    for (let got = 0, att = 0; got < want && att < 20 * want; att++)
      if (edges.add(perm[off + randInt(s)], perm[off + randInt(s)], 0.5 + 4.5 * rng())) got++;
    off += s;
  }
  while (edges.count < target) edges.add(randInt(nodes), randInt(nodes), 0.5 + 4.5 * rng());
  const order = shuffled(edges.count, randInt);
  fs.writeFileSync(`${prefix}.edges`, `${Array.from(order, (e) => edges.lines[e]).join('\n')}\n`);
  fs.writeFileSync(`${prefix}.labels`, `${Array.from(label, (c, i) => `${i} ${c}`).join('\n')}\n`);
}

/** Routers: `hubs` wallets each paying 100-999 random wallets, every other pair of consecutive spokes linked. */
function addHubs(base: string, prefix: string, hubs: number, seed: number): void {
  const labels = readLabelFile(`${base}.labels`);
  const nodes = labels.length;
  const edges = new EdgeSet(nodes);
  const { from, to } = readEdgeFile(`${base}.edges`);
  for (let i = 0; i < from.length; i++) edges.seen.add(edges.key(from[i], to[i]));
  const rng = seededRng(seed ^ 0x4b1d);
  const randInt = (k: number): number => Math.floor(rng() * k);
  for (let h = 0; h < hubs; h++) {
    const hub = randInt(nodes);
    const degree = 100 + randInt(900);
    let previous = -1;
    for (let i = 0; i < degree; i++) {
      const spoke = randInt(nodes);
      if (labels[spoke] === labels[hub] || !edges.add(hub, spoke, 0.5 + 4.5 * rng())) continue;
      if (i % 2 === 1 && previous >= 0 && labels[previous] !== labels[spoke])
        edges.add(previous, spoke, 0.5 + 4.5 * rng());
      previous = spoke;
    }
  }
  fs.copyFileSync(`${base}.edges`, `${prefix}.edges.tmp`);
  if (edges.lines.length > 0) fs.appendFileSync(`${prefix}.edges.tmp`, `${edges.lines.join('\n')}\n`);
  fs.copyFileSync(`${base}.labels`, `${prefix}.labels`);
  fs.renameSync(`${prefix}.edges.tmp`, `${prefix}.edges`);
}

function shuffled(k: number, randInt: (k: number) => number): Uint32Array {
  const perm = new Uint32Array(k);
  for (let i = 0; i < k; i++) perm[i] = i;
  for (let i = k - 1; i > 0; i--) {
    const j = randInt(i + 1);
    const t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  return perm;
}

/** Distinct undirected edges without self loops, as "u v w" lines. */
class EdgeSet {
  seen = new Set<number>();
  lines: string[] = [];
  constructor(private nodes: number) {}
  get count(): number {
    return this.lines.length;
  }
  key(a: number, b: number): number {
    return a < b ? a * this.nodes + b : b * this.nodes + a;
  }
  add(a: number, b: number, w: number): boolean {
    if (a === b || this.seen.has(this.key(a, b))) return false;
    this.seen.add(this.key(a, b));
    this.lines.push(`${a} ${b} ${Math.round(w * 100) / 100}`);
    return true;
  }
}
