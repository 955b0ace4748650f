/**
 * A set of transfer content keys (base64url SHA-1, 27 characters) in a fixed typed array: 20 bytes a key instead
 * of about 150 for a string in a Set (string, entry and the garbage collector's slack). The bulk load remembers up
 * to a million keys with it, so its memory is 42 MB whatever the file. Keys of another shape (none from the import;
 * tests use short ones) go to a plain Set.
 */
const KEY_CHARS = 27;
const WORDS = 5;
const SIXBITS = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('').forEach((c, i) => {
  SIXBITS[c.charCodeAt(0)] = i;
});

export class ContentKeySet {
  private readonly mask: number;
  private readonly words: Int32Array;
  private readonly used: Uint8Array;
  private readonly other = new Set<string>();
  private readonly w = new Int32Array(WORDS);
  private count = 0;

  /** `capacity` keys at most (the table has twice as many slots). */
  constructor(readonly capacity: number) {
    let slots = 1;
    while (slots < capacity * 2) slots *= 2;
    this.mask = slots - 1;
    this.words = new Int32Array(slots * WORDS);
    this.used = new Uint8Array(slots);
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
    let slot = w[0] & this.mask;
    for (;;) {
      if (!this.used[slot]) {
        this.used[slot] = 1;
        this.words.set(w, slot * WORDS);
        this.count++;
        return true;
      }
      const at = slot * WORDS;
      const ws = this.words;
      if (ws[at] === w[0] && ws[at + 1] === w[1] && ws[at + 2] === w[2] && ws[at + 3] === w[3] && ws[at + 4] === w[4])
        return false;
      slot = (slot + 1) & this.mask;
    }
  }

  clear(): void {
    this.used.fill(0);
    this.other.clear();
    this.count = 0;
  }

  /** The 160 bits of a base64url SHA-1 into this.w; false for a key of another shape. */
  private decode(key: string): boolean {
    if (key.length !== KEY_CHARS) return false;
    let acc = 0;
    let bits = 0;
    let wi = 0;
    for (let i = 0; i < KEY_CHARS; i++) {
      const c = key.charCodeAt(i);
      const v = c < 128 ? SIXBITS[c] : -1;
      if (v < 0) return false;
      acc = acc * 64 + v;
      bits += 6;
      if (bits >= 32 && wi < WORDS) {
        bits -= 32;
        const div = 2 ** bits;
        this.w[wi++] = Math.floor(acc / div) | 0;
        acc %= div;
      }
    }
    // the last character carries two bits of padding: a key whose padding is not zero is not a SHA-1's
    return acc === 0;
  }
}
