/**
 * Addresses of the simulated Solana world: every account the simulator names (people's wallets, exchange hot
 * wallets, pool authorities, program-derived vaults) is a number while the world is built, and becomes text only
 * if it is seen: 32 bytes drawn from the seed and the number, written in base58 (Bitcoin alphabet) as Solana
 * writes public keys. Wallets are ed25519 keys and vaults are program-derived addresses; both are 32 bytes.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE4 = 58 ** 4;

/** Base58 of 32 bytes: 16 limbs of 16 bits divided by 58^4 at a time (every step stays below 2^40). */
export function base58Of32(bytes: Uint8Array): string {
  const limbs = new Array<number>(16);
  for (let i = 0; i < 16; i++) limbs[i] = bytes[2 * i] * 256 + bytes[2 * i + 1];
  const digits: number[] = [];
  let start = 0;
  while (start < 16) {
    let rem = 0;
    for (let i = start; i < 16; i++) {
      const cur = rem * 65536 + limbs[i];
      limbs[i] = Math.floor(cur / BASE4);
      rem = cur - limbs[i] * BASE4;
    }
    while (start < 16 && limbs[start] === 0) start++;
    for (let k = 0; k < 4; k++) {
      digits.push(rem % 58);
      rem = Math.floor(rem / 58);
    }
  }
  while (digits.length > 0 && digits[digits.length - 1] === 0) digits.pop();
  let out = '';
  for (let i = 0; i < 32 && bytes[i] === 0; i++) out += '1';
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]];
  return out;
}

const mix = (x: number): number => {
  let z = x | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
};

export class AddressBook {
  private count = 0;
  private readonly text = new Map<number, string>();

  constructor(private readonly seed: number) {}

  /** A new account, never seen before. */
  fresh(): number {
    return this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** The account's base58 text (the same for the same seed and number). */
  textOf(id: number): string {
    let s = this.text.get(id);
    if (s === undefined) {
      const bytes = new Uint8Array(32);
      let h = mix(this.seed ^ 0x5bd1e995) ^ mix(id + 0x27d4eb2f);
      for (let i = 0; i < 32; i += 4) {
        h = mix(h + 0x9e3779b9 + i);
        bytes[i] = h & 255;
        bytes[i + 1] = (h >>> 8) & 255;
        bytes[i + 2] = (h >>> 16) & 255;
        bytes[i + 3] = h >>> 24;
      }
      s = base58Of32(bytes);
      this.text.set(id, s);
    }
    return s;
  }
}
