/** Dictionary encoding of addresses: the first time an address is seen it gets the next id. */
export interface AddressIndex {
  addresses: string[];
  id: (address: string) => number;
  /** The id of an address already seen, else undefined. */
  lookup: (address: string) => number | undefined;
}

export function addressIndex(): AddressIndex {
  const addresses: string[] = [];
  const index = new Map<string, number>();
  return {
    addresses,
    id: (a) => {
      let i = index.get(a);
      if (i === undefined) {
        i = addresses.length;
        index.set(a, i);
        addresses.push(a);
      }
      return i;
    },
    lookup: (a) => index.get(a),
  };
}

/**
 * A 30-bit FNV-1a hash of an address's last 16 characters (addresses end in random-looking digits; equal hashes
 * are settled by comparing the addresses). The canonical node order sorts by it (wallet-graph.ts).
 */
export function tailHash(s: string): number {
  let h = 0x811c9dc5;
  for (let k = Math.max(0, s.length - 16); k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  return h >>> 2;
}

/**
 * The id of each distinct address (its index in `keys`), on typed arrays: an open-addressing table keyed by
 * tailHash, probed linearly. A Map of a million addresses took 0.7-1 s to fill at 1M wallets; this table reuses
 * the hashes the canonical order needs anyway. Adding an address already present points it at the new index (as
 * Map.set would).
 */
export class AddressTable {
  readonly keys: string[];
  /** tailHash of keys[i]. */
  hash: Uint32Array;
  /** No two of the constructor's keys are equal: then a key's id is its index (addresses appended stay distinct). */
  readonly distinct: boolean;
  private slots: Int32Array;
  private mask: number;

  constructor(keys: string[]) {
    this.keys = keys;
    this.hash = new Uint32Array(Math.max(16, keys.length));
    for (let i = 0; i < keys.length; i++) this.hash[i] = tailHash(keys[i]);
    this.slots = new Int32Array(0);
    this.mask = 0;
    this.rehash(keys.length);
    let distinct = true;
    for (let i = 0; i < keys.length; i++) if (!this.place(i)) distinct = false;
    this.distinct = distinct;
  }

  get(a: string): number | undefined {
    const h = tailHash(a);
    const { slots, mask, keys, hash } = this;
    for (let p = mix(h) & mask; slots[p] >= 0; p = (p + 1) & mask) {
      const i = slots[p];
      if (hash[i] === h && keys[i] === a) return i;
    }
    return undefined;
  }

  /** The id of `a`, appended to keys when new. */
  id(a: string): number {
    const found = this.get(a);
    if (found !== undefined) return found;
    const i = this.keys.length;
    this.keys.push(a);
    if (i >= this.hash.length) {
      const grown = new Uint32Array(2 * this.hash.length);
      grown.set(this.hash);
      this.hash = grown;
    }
    this.hash[i] = tailHash(a);
    if (2 * (i + 1) > this.slots.length) {
      this.rehash(i + 1);
      for (let j = 0; j <= i; j++) this.place(j);
    } else this.place(i);
    return i;
  }

  private rehash(count: number): void {
    let size = 16;
    while (size < 2 * count) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
  }

  /** Puts key i in its slot, or over the slot of an equal earlier key; false in that case. */
  private place(i: number): boolean {
    const { slots, mask, keys, hash } = this;
    const h = hash[i];
    let p = mix(h) & mask;
    let fresh = true;
    for (; slots[p] >= 0; p = (p + 1) & mask) {
      const j = slots[p];
      if (hash[j] === h && keys[j] === keys[i]) {
        fresh = false;
        break;
      }
    }
    slots[p] = i;
    return fresh;
  }
}

/** The hash's bits spread over the low ones (the table's index). */
const mix = (h: number): number => Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
