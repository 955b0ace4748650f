/**
 * A set of transfer content keys (base64url SHA-1, 27 characters) in a fixed typed array: 20 bytes a key instead
 * of about 150 for a string in a Set (string, entry and the garbage collector's slack). The bulk load remembers up
 * to a million keys with it, so its memory is 32 MB whatever the file. Keys of another shape (none from the import;
 * tests use short ones) go to a plain Set.
 *
 * The table has 1.5 slots a key (open addressing, linear probing): full, two slots in three are used, where a new
 * key takes 5 probes on average (Knuth's 1/2 (1 + 1/(1 - a)^2) at a = 2/3), and until then fewer; at two slots a
 * key (a = 1/2, 2.5 probes) it took 42 MB. A common bound for linear probing, chosen for memory, not measured.
 */
const KEY_CHARS = 27;
const WORDS = 5;
const SIXBITS = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('').forEach((c, i) => {
  SIXBITS[c.charCodeAt(0)] = i;
});

/** The six bits a base64url character stands for, -1 for any other character. */
function sixBits(key: string, i: number): number {
  const c = key.charCodeAt(i);
  return c < 128 ? SIXBITS[c] : -1;
}

/** Slots per key of capacity (see above). */
const SLOTS_PER_KEY = 1.5;

export class ContentKeySet {
  private readonly slots: number;
  private readonly words: Int32Array;
  private readonly used: Uint8Array;
  private readonly other = new Set<string>();
  private readonly bytes = new Uint8Array(WORDS * 4);
  /** The decoded key as words (this machine's byte order: only compared and hashed within this process). */
  private readonly w = new Int32Array(this.bytes.buffer);
  private count = 0;

  /** `capacity` keys at most (the table has SLOTS_PER_KEY times as many slots). */
  constructor(readonly capacity: number) {
    this.slots = Math.ceil(capacity * SLOTS_PER_KEY) + 1;
    this.words = new Int32Array(this.slots * WORDS);
    this.used = new Uint8Array(this.slots);
  }

  get size(): number {
    return this.count + this.other.size;
  }

  /** Adds `key`; false when it was there already. Past `capacity` keys, call clear first. */
  add(key: string): boolean {
    if (!this.decode(key)) {
      if (this.other.has(key)) return false;
      this.other.add(key);
      return true;
    }
    const w = this.w;
    // the key is a hash already: its first word spreads the slots
    let slot = (w[0] >>> 0) % this.slots;
    for (;;) {
      const at = slot * WORDS;
      const ws = this.words;
      if (!this.used[slot]) {
        this.used[slot] = 1;
        // word by word: TypedArray#set costs a runtime call, which is most of an insert this small
        ws[at] = w[0];
        ws[at + 1] = w[1];
        ws[at + 2] = w[2];
        ws[at + 3] = w[3];
        ws[at + 4] = w[4];
        this.count++;
        return true;
      }
      if (ws[at] === w[0] && ws[at + 1] === w[1] && ws[at + 2] === w[2] && ws[at + 3] === w[3] && ws[at + 4] === w[4])
        return false;
      if (++slot === this.slots) slot = 0;
    }
  }

  clear(): void {
    this.used.fill(0);
    this.other.clear();
    this.count = 0;
  }

  /**
   * The 160 bits of a base64url SHA-1 into this.w (through its bytes); false for a key of another shape. Four
   * characters make three bytes, in integer arithmetic: this runs once for every row of an import.
   */
  private decode(key: string): boolean {
    if (key.length !== KEY_CHARS) return false;
    const out = this.bytes;
    let o = 0;
    for (let i = 0; i < 24; i += 4) {
      const a = sixBits(key, i);
      const b = sixBits(key, i + 1);
      const c = sixBits(key, i + 2);
      const d = sixBits(key, i + 3);
      if ((a | b | c | d) < 0) return false;
      const v = (a << 18) | (b << 12) | (c << 6) | d;
      out[o++] = v >>> 16;
      out[o++] = (v >>> 8) & 255;
      out[o++] = v & 255;
    }
    const a = sixBits(key, 24);
    const b = sixBits(key, 25);
    const c = sixBits(key, 26);
    if ((a | b | c) < 0) return false;
    // the last three characters carry the last two bytes and two bits of padding: a key whose padding is not zero
    // is not a SHA-1's
    const v = (a << 12) | (b << 6) | c;
    if (v & 3) return false;
    out[18] = v >>> 10;
    out[19] = (v >>> 2) & 255;
    return true;
  }
}
