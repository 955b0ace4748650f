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

/** Generates (once, cached) and reads the graph of `nodes` wallets with the given seed. */
export function syntheticGraph(nodes: number, seed: number): SyntheticGraph {
  fs.mkdirSync(CACHE, { recursive: true });
  const prefix = path.join(CACHE, `g-${nodes}-${seed}`);
  if (!fs.existsSync(`${prefix}.edges`))
    execFileSync(process.execPath, [GENERATOR, String(nodes), prefix, String(seed)], { stdio: 'ignore' });
  const edgeText = fs.readFileSync(`${prefix}.edges`, 'utf8');
  const from: number[] = [];
  const to: number[] = [];
  for (const line of edgeText.split('\n')) {
    if (!line) continue;
    const sp = line.indexOf(' ');
    const sp2 = line.indexOf(' ', sp + 1);
    from.push(Number(line.slice(0, sp)));
    to.push(Number(line.slice(sp + 1, sp2)));
  }
  const labels = new Int32Array(nodes);
  for (const line of fs.readFileSync(`${prefix}.labels`, 'utf8').split('\n')) {
    if (!line) continue;
    const [n, c] = line.split(' ');
    labels[Number(n)] = Number(c);
  }
  return { nodes, from: Uint32Array.from(from), to: Uint32Array.from(to), labels };
}
