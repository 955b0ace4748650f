/**
 * Cluster labels: a stable name made from the sorted member addresses (the same members always get the same
 * label). On a large graph the sort, most of the label's time (the first read of each address string), runs on a
 * pool thread (evidence/side-scan.ts) over the addresses as bytes in shared memory, and the main thread hashes the
 * sorted addresses from those bytes: the same label as `clusterLabel` on the strings (a test keeps them equal).
 */

/** Every address as bytes in shared memory: address u is bytes[start[u]..start[u+1]). */
export interface AddressBytes {
  bytes: Uint8Array;
  start: Uint32Array;
  /** How many leading bytes every address shares ('0x' for EVM addresses, more for generated ones). */
  common: number;
}

/** A stable label: the same members always get the same label. */
export function clusterLabel(members: string[]): string {
  // two independent 32-bit FNV-1a hashes over the sorted addresses (fast; labels are made unique per run after)
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ members.length;
  for (const m of [...members].sort()) {
    for (let i = 0; i < m.length; i++) {
      const c = m.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    }
    h1 = Math.imul(h1 ^ 10, 0x01000193);
  }
  return labelText(h1, h2);
}

const labelText = (h1: number, h2: number): string =>
  'cl_' + (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0').slice(0, 4);

/**
 * The addresses as one byte per character, or null when one has a character outside ASCII (then labels are made
 * from the strings). A byte compares and hashes like the string's UTF-16 code unit only in ASCII.
 */
export function addressBytes(addresses: string[]): AddressBytes | null {
  const n = addresses.length;
  const start = new Uint32Array(new SharedArrayBuffer(4 * (n + 1)));
  for (let u = 0; u < n; u++) start[u + 1] = start[u] + addresses[u].length;
  const bytes = new Uint8Array(new SharedArrayBuffer(Math.max(1, start[n])));
  const view = Buffer.from(bytes.buffer);
  // in slices: one joined string of all addresses would add its size to the peak
  const SLICE = 1 << 16;
  for (let s = 0; s < n; s += SLICE) {
    const text = addresses.slice(s, Math.min(n, s + SLICE)).join('');
    if (Buffer.byteLength(text, 'utf8') !== text.length) return null;
    view.write(text, start[s], 'latin1');
  }
  return { bytes, start, common: sharedPrefix(bytes, start) };
}

/** How many leading bytes all the addresses share (read in order, once). */
function sharedPrefix(bytes: Uint8Array, start: Uint32Array): number {
  const n = start.length - 1;
  let common = n > 0 ? start[1] - start[0] : 0;
  for (let u = 1; u < n && common > 0; u++) {
    const s = start[u];
    const l = Math.min(common, start[u + 1] - s);
    let i = 0;
    while (i < l && bytes[s + i] === bytes[i]) i++;
    common = i;
  }
  return common;
}

const bytesOf = new WeakMap<string[], AddressBytes | null>();

/**
 * addressBytes of this array of addresses, made once (a graph's addresses are encoded while detection waits for a
 * pool thread, detect-groups.ts, and used by decide(); the array must not change after).
 */
export function addressBytesOnce(addresses: string[]): AddressBytes | null {
  let a = bytesOf.get(addresses);
  if (a === undefined) bytesOf.set(addresses, (a = addressBytes(addresses)));
  return a;
}

/** Sorts nodes[s0..s1) by their addresses, as JavaScript sorts the strings (code unit order). */
export function sortByAddress(a: AddressBytes, nodes: Uint32Array, s0: number, s1: number): void {
  const len = s1 - s0;
  if (len < 2) return;
  // each address's KEY_BYTES bytes after the prefix all of them share as one number (missing bytes as 0), read
  // once: addresses in that order, equal keys by the rest of their bytes. A cluster's addresses are scattered over
  // memory; comparing them in place read them again at every comparison. After the shared prefix, not from the
  // first byte: addresses that share a long prefix (generated ones, vanity ones) would all have one key
  const from = commonPrefix(a, nodes, s0, s1);
  const keys = keyScratch.length >= len ? keyScratch : (keyScratch = new Float64Array(len));
  for (let j = 0; j < len; j++) keys[j] = addressKey(a, nodes[s0 + j], from);
  if (len <= INSERTION_MAX) {
    for (let i = 1; i < len; i++) {
      const key = keys[i];
      const u = nodes[s0 + i];
      let j = i - 1;
      while (j >= 0 && (keys[j] > key || (keys[j] === key && compareBytes(a, nodes[s0 + j], u, from) > 0))) {
        keys[j + 1] = keys[j];
        nodes[s0 + j + 1] = nodes[s0 + j];
        j--;
      }
      keys[j + 1] = key;
      nodes[s0 + j + 1] = u;
    }
    return;
  }
  const at = Uint32Array.from({ length: len }, (_, j) => j);
  at.sort((x, y) => keys[x] - keys[y] || compareBytes(a, nodes[s0 + x], nodes[s0 + y], from));
  const sorted = Uint32Array.from(at, (j) => nodes[s0 + j]);
  nodes.set(sorted, s0);
}

/** Leading bytes in a sort key: 6 bytes are 48 bits, exact in a double. */
const KEY_BYTES = 6;
/** Ranges up to this long are sorted by insertion (no comparator calls). */
const INSERTION_MAX = 64;
let keyScratch = new Float64Array(0);

/**
 * How many leading bytes the addresses of nodes[s0..s1) all share: compared from the prefix every address shares
 * (the benchmark's generated addresses share 37 bytes; compared from the first byte, those comparisons were a
 * third of the side scan's CPU at 1M wallets, measured).
 */
function commonPrefix(a: AddressBytes, nodes: Uint32Array, s0: number, s1: number): number {
  const { bytes, start } = a;
  const f = start[nodes[s0]];
  let common = start[nodes[s0] + 1] - f;
  for (let j = s0 + 1; j < s1 && common > a.common; j++) {
    const s = start[nodes[j]];
    const l = Math.min(common, start[nodes[j] + 1] - s);
    let i = a.common;
    while (i < l && bytes[s + i] === bytes[f + i]) i++;
    common = i;
  }
  return common;
}

function addressKey(a: AddressBytes, u: number, from: number): number {
  const { bytes, start } = a;
  const s = start[u] + from;
  const l = Math.min(KEY_BYTES, start[u + 1] - s);
  let key = 0;
  for (let i = 0; i < KEY_BYTES; i++) key = key * 256 + (i < l ? bytes[s + i] : 0);
  return key;
}

/** Code unit order of two addresses' bytes (a prefix first) that are equal before `from`. */
function compareBytes(a: AddressBytes, x: number, y: number, from: number): number {
  const { bytes, start } = a;
  const xs = start[x];
  const xl = start[x + 1] - xs;
  const ys = start[y];
  const yl = start[y + 1] - ys;
  const l = Math.min(xl, yl);
  for (let i = from; i < l; i++) {
    const d = bytes[xs + i] - bytes[ys + i];
    if (d !== 0) return d;
  }
  return xl - yl;
}

/**
 * The two hashes of `clusterLabel` of the members among sorted[s0..s1) (nodes sorted by address, sortByAddress):
 * `count` nodes for which `member` holds (all of them without it), written to hashes[2 * at] and hashes[2 * at + 1].
 */
export function hashSorted(
  a: AddressBytes,
  sorted: Uint32Array,
  s0: number,
  s1: number,
  count: number,
  member: ((u: number) => boolean) | null,
  hashes: Uint32Array,
  at: number,
): void {
  const { bytes, start } = a;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ count;
  for (let j = s0; j < s1; j++) {
    const u = sorted[j];
    if (member && !member(u)) continue;
    for (let i = start[u]; i < start[u + 1]; i++) {
      const c = bytes[i];
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    }
    h1 = Math.imul(h1 ^ 10, 0x01000193);
  }
  hashes[2 * at] = h1;
  hashes[2 * at + 1] = h2;
}

/** The label of the hashes at `at` (hashSorted). */
export const labelOfHashes = (hashes: Uint32Array, at: number): string => labelText(hashes[2 * at], hashes[2 * at + 1]);
