/**
 * The "hard" variant of a reference graph for bench:engine: the planted-cluster graph plus random triangles among
 * unrelated wallets (three wallets of three different planted clusters, all three pairs linked), `share` of the
 * reference edge count more edges (default 5%: 1M wallets / 3M edges gain 50k triangles, 150k edges). Real transfer
 * graphs close triangles everywhere (routers, deposit addresses, friend groups), so backbone pruning keeps these
 * edges and one giant component reaches community detection. Written next to the reference files in the
 * generator's format ("u v w" per line, undirected, no duplicates), so other tools can read the same file.
 */
import fs from 'node:fs';
import { seededRng } from '../../engine/rng.ts';
import { readEdgeFile, readLabelFile } from './synthetic-chain.ts';

/** Writes `${prefix}-tri${share}.edges/.labels` from `${prefix}.edges/.labels` (once); returns the new prefix. */
export function hardVariant(prefix: string, share: number, seed: number): string {
  const out = `${prefix}-tri${share}`;
  if (fs.existsSync(`${out}.edges`)) return out;
  const { from, to } = readEdgeFile(`${prefix}.edges`);
  const labels = readLabelFile(`${prefix}.labels`);
  const n = labels.length;
  const seen = new Set<number>();
  for (let i = 0; i < from.length; i++) seen.add(pairKey(from[i], to[i], n));
  const rng = seededRng(seed ^ 0x7a1e);
  const pick = (): number => Math.floor(rng() * n);
  const lines: string[] = [];
  const weight = (): number => Math.round((0.5 + 4.5 * rng()) * 100) / 100;
  const triangles = Math.round((share * from.length) / 3);
  for (let t = 0; t < triangles; ) {
    const a = pick();
    const b = pick();
    const c = pick();
    if (labels[a] === labels[b] || labels[b] === labels[c] || labels[a] === labels[c]) continue;
    const keys = [pairKey(a, b, n), pairKey(b, c, n), pairKey(a, c, n)];
    if (keys.some((k) => seen.has(k))) continue;
    for (const k of keys) seen.add(k);
    lines.push(`${a} ${b} ${weight()}`, `${b} ${c} ${weight()}`, `${a} ${c} ${weight()}`);
    t++;
  }
  fs.copyFileSync(`${prefix}.edges`, `${out}.edges.tmp`);
  fs.appendFileSync(`${out}.edges.tmp`, `${lines.join('\n')}\n`);
  fs.copyFileSync(`${prefix}.labels`, `${out}.labels`);
  fs.renameSync(`${out}.edges.tmp`, `${out}.edges`);
  return out;
}

function pairKey(a: number, b: number, n: number): number {
  return a < b ? a * n + b : b * n + a;
}
