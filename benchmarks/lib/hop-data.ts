/**
 * Hop Protocol's airdrop (../shared/datasets/hop-airdrop) as engine input, with its labels: eliminated wallets,
 * their cluster ids (for grouped cross-validation) and Hop's own method (hub-free connected components with at
 * least 8 campaign wallets) computed on the same transfers.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { EngineInput } from '../../engine/index.ts';
import { UnionFind } from '../../engine/union-find.ts';
import { addressIndex } from '../../engine/address-index.ts';

export const HOP_DIR = path.resolve(import.meta.dirname, '../../../shared/datasets/hop-airdrop');

export interface HopData {
  input: EngineInput;
  wallets: string[];
  eliminated: Set<string>;
  /** Hop's cluster id per eliminated wallet (eligible wallets have none). */
  clusterId: Map<string, string>;
  /** Wallets with at least one transfer, and with at least one hub-free edge (Hop's universe). */
  withEdge: Set<string>;
  hubFreeEdge: Set<string>;
  /** Hop's method on these transfers. */
  baselineFlag: Set<string>;
  transfers: number;
}

const lines = (file: string): string[] => {
  const buf = fs.readFileSync(path.join(HOP_DIR, file));
  return (file.endsWith('.gz') ? zlib.gunzipSync(buf) : buf)
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
};

/** `reverse`: feed the transfer file in reverse order (the order-independence check). */
export function loadHop(reverse = false): HopData {
  const wallets = [...new Set(lines('campaign-wallets.txt').map((a) => a.toLowerCase()))];
  const eliminated = new Set<string>();
  const clusterId = new Map<string, string>();
  for (const l of lines('labels.csv').slice(1)) {
    const [a, label, cid] = l.split(',');
    if (label !== 'eliminated') continue;
    eliminated.add(a.toLowerCase());
    clusterId.set(a.toLowerCase(), cid);
  }
  const hubs = new Map(
    lines('hubs.csv')
      .slice(1)
      .map((l) => {
        const [a, list] = l.split(',');
        return [a.toLowerCase(), list] as [string, string];
      }),
  );
  const exceptions = new Set(
    lines('hub-exceptions.csv')
      .slice(1)
      .map((l) => l.split(',')[0].toLowerCase()),
  );
  const rows = lines('transfers.csv.gz');
  const header = rows[0].split(',');
  const fi = header.indexOf('from');
  const ti = header.indexOf('to');
  // the file repeats rows (1,736,921 rows, 758,877 distinct): the import stores a repeated row without hash or time
  // once, so the benchmark does too, or it would score data the service never sees
  const body = [...new Set(rows.slice(1))];
  if (reverse) body.reverse();
  const { addresses, id, lookup } = addressIndex();
  const from = new Uint32Array(body.length);
  const to = new Uint32Array(body.length);
  for (let r = 0; r < body.length; r++) {
    const c = body[r].split(',');
    from[r] = id(c[fi].toLowerCase());
    to[r] = id(c[ti].toLowerCase());
  }
  const isHub = (a: string): boolean => hubs.has(a) && !exceptions.has(a);
  const uf = new UnionFind(addresses.length);
  const hubFreeNode = new Uint8Array(addresses.length);
  for (let i = 0; i < from.length; i++) {
    if (from[i] === to[i] || isHub(addresses[from[i]]) || isHub(addresses[to[i]])) continue;
    uf.union(from[i], to[i]);
    hubFreeNode[from[i]] = 1;
    hubFreeNode[to[i]] = 1;
  }
  const campaignInComp = new Map<number, number>();
  for (const w of wallets) {
    const n = lookup(w);
    if (n !== undefined) {
      const r = uf.find(n);
      campaignInComp.set(r, (campaignInComp.get(r) ?? 0) + 1);
    }
  }
  const baselineFlag = new Set(
    wallets.filter((w) => {
      const n = lookup(w);
      return n !== undefined && hubFreeNode[n] === 1 && (campaignInComp.get(uf.find(n)) ?? 0) >= 8;
    }),
  );
  return {
    input: {
      chainFamily: 'evm',
      wallets: wallets.map((address) => ({ address })),
      transfers: { addresses, from, to },
      labels: { infrastructure: hubs, exceptions },
    },
    wallets,
    eliminated,
    clusterId,
    withEdge: new Set(wallets.filter((w) => lookup(w) !== undefined)),
    hubFreeEdge: new Set(wallets.filter((w) => hubFreeNode[lookup(w) ?? -1] === 1)),
    baselineFlag,
    transfers: from.length,
  };
}

/**
 * Grouped folds: a wallet's fold from an FNV-1a hash of its Hop cluster id (an eligible wallet is a group of its
 * own), so no Hop cluster is split between choosing and scoring.
 */
export function hopFolds(hop: HopData, folds: number): Map<string, number> {
  const fnv = (s: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  return new Map(hop.wallets.map((w) => [w, fnv(hop.clusterId.get(w) ?? w) % folds]));
}
