/**
 * Synthetic on-chain data for the pipeline benchmarks: the reference wallet-graph generator's planted-cluster
 * graph (../shared/bench/wallet-graph-gen.cjs), nodes mapped to deterministic EVM addresses, funder-star edges
 * directed from the funder, block times spread over a month.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export const GENERATOR = path.resolve(import.meta.dirname, '../../../shared/bench/wallet-graph-gen.cjs');
export const CACHE = path.resolve(import.meta.dirname, '../.cache');

export const nodeAddress = (i: number): string => '0x' + (0x1000000 + i).toString(16).padStart(40, 'a');

export interface SyntheticGraph {
  nodes: number;
  from: Uint32Array;
  to: Uint32Array;
  labels: Int32Array;
}

/** Generates (once, cached) the graph of `nodes` wallets with the given seed; returns its file prefix. */
export function syntheticGraphFiles(nodes: number, seed: number): string {
  fs.mkdirSync(CACHE, { recursive: true });
  const prefix = path.join(CACHE, `g-${nodes}-${seed}`);
  if (!fs.existsSync(`${prefix}.edges`))
    execFileSync(process.execPath, [GENERATOR, String(nodes), prefix, String(seed)], { stdio: 'ignore' });
  return prefix;
}

/** Generates (once, cached) and reads the graph of `nodes` wallets with the given seed. */
export function syntheticGraph(nodes: number, seed: number): SyntheticGraph {
  return readGraphFiles(syntheticGraphFiles(nodes, seed), nodes);
}

export function readGraphFiles(prefix: string, nodes: number): SyntheticGraph {
  const { from, to } = readEdgeFile(`${prefix}.edges`);
  const labels = readLabelFile(`${prefix}.labels`);
  if (labels.length !== nodes) throw new Error(`${prefix}.labels: ${labels.length} nodes (expected ${nodes})`);
  return { nodes, from, to, labels };
}

/** The first two numbers of every line ("u v w" or "u v"), parsed from the bytes (no line strings). */
export function readEdgeFile(file: string): { from: Uint32Array; to: Uint32Array } {
  const buf = fs.readFileSync(file);
  let lines = 0;
  for (let i = 0; i < buf.length; i++) if (buf[i] === 10) lines++;
  const from = new Uint32Array(lines);
  const to = new Uint32Array(lines);
  let m = 0;
  let field = 0;
  let value = 0;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (c === 10) {
      if (field === 1) to[m] = value;
      if (field >= 1) m++;
      field = 0;
      value = 0;
    } else if (c === 32) {
      if (field === 0) from[m] = value;
      else if (field === 1) to[m] = value;
      field++;
      value = 0;
    } else if (field < 2) value = value * 10 + (c - 48);
  }
  return { from: from.subarray(0, m), to: to.subarray(0, m) };
}

/** "node community" per line -> community per node. */
export function readLabelFile(file: string): Int32Array {
  const { from, to } = readEdgeFile(file);
  const labels = new Int32Array(from.length);
  for (let i = 0; i < from.length; i++) labels[from[i]] = to[i];
  return labels;
}
