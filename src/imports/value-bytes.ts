/**
 * A transfer value's bytes checked and copied in one loop (src/imports/transfer-text.ts): each function takes the
 * value from `s` to `e` of `src`, writes it to `out` at `o` and returns the end, or -1 when the value is not one the
 * import's checks (addRecord) keep as written and COPY writes without escape.
 */
import { HEX_DIGIT } from './transfer-import.ts';

/** A field's bytes from `s` to `e` copied to `out` at `o` (no check); returns the end. */
export function put(src: Buffer, s: number, e: number, out: Buffer, o: number): number {
  for (let i = s; i < e; i++) out[o++] = src[i];
  return o;
}

/**
 * Classes of a byte, as bits: PLAIN printable ASCII other than a backslash (what every check and COPY keep as it
 * is), LOWER a lower-case hex digit, UPPER an upper-case one, HEX either. A value's bytes are ANDed (every byte
 * of a class) and ORed (some byte of it) in loops without a branch per byte.
 */
const PLAIN = 1;
const LOWER = 2;
const UPPER = 4;
const HEX = 8;
const BYTE_CLASS = new Uint8Array(256);
for (let c = 32; c < 127; c++) if (c !== 92) BYTE_CLASS[c] = PLAIN;
for (let c = 0; c < 128; c++) {
  if (HEX_DIGIT[c] === 1) BYTE_CLASS[c] |= LOWER | HEX;
  if (HEX_DIGIT[c] === 2) BYTE_CLASS[c] |= UPPER | HEX;
}

/** Copies plain bytes (see BYTE_CLASS); returns the end, or -1 at any other byte (nothing else is taken). */
export function putPlain(src: Buffer, s: number, e: number, out: Buffer, o: number): number {
  let all = PLAIN;
  for (let i = s; i < e; i++) {
    const c = src[i];
    all &= BYTE_CLASS[c];
    out[o++] = c;
  }
  return all === PLAIN ? o : -1;
}

/** Copies a stored EVM address (0x and 40 lower-case hex digits: isLowerEvm); returns the end, or -1. */
export function putEvm(src: Buffer, s: number, e: number, out: Buffer, o: number): number {
  if (e - s !== 42 || src[s] !== 48 || src[s + 1] !== 120) return -1;
  out[o++] = 48;
  out[o++] = 120;
  let all = LOWER;
  for (let i = s + 2; i < e; i++) {
    const c = src[i];
    all &= BYTE_CLASS[c];
    out[o++] = c;
  }
  return all === LOWER ? o : -1;
}

/**
 * Copies an EVM transaction hash as txHashOf stores it: `0x` and hex digits in lower case, other plain text as it
 * is; returns the end, or -1 (see putPlain).
 */
export function putHash(src: Buffer, s: number, e: number, out: Buffer, o: number): number {
  const end = putPlain(src, s, e, out, o);
  if (end === -1 || e - s < 3 || src[s] !== 48 || src[s + 1] !== 120) return end;
  let all = HEX;
  let some = 0;
  for (let i = o + 2; i < end; i++) {
    const k = BYTE_CLASS[out[i]];
    all &= k;
    some |= k;
  }
  if (all === HEX && some & UPPER) for (let i = o + 2; i < end; i++) if (out[i] >= 65 && out[i] <= 70) out[i] += 32;
  return end;
}

/** Copies unix seconds that parseTime keeps as written: 1 to 11 digits (below 1e11), no leading zero; or -1. */
export function putSeconds(src: Buffer, s: number, e: number, out: Buffer, o: number): number {
  const n = e - s;
  if (n > 11 || (n > 1 && src[s] === 48)) return -1;
  for (let i = s; i < e; i++) {
    const c = src[i];
    if (c < 48 || c > 57) return -1;
    out[o++] = c;
  }
  return o;
}

/** Digits from `i`: the index after them (i when there is none). */
function digits(src: Buffer, i: number, e: number): number {
  while (i < e && src[i] >= 48 && src[i] <= 57) i++;
  return i;
}

/** An amount that parseAmount keeps as written: `-?\d+(\.\d+)?([eE][-+]?\d+)?`. */
export function plainNumber(src: Buffer, s: number, e: number): boolean {
  let i = s < e && src[s] === 45 ? s + 1 : s;
  let j = digits(src, i, e);
  if (j === i) return false;
  if (j < e && src[j] === 46) {
    i = j + 1;
    j = digits(src, i, e);
    if (j === i) return false;
  }
  if (j < e && (src[j] === 101 || src[j] === 69)) {
    i = j + 1 < e && (src[j + 1] === 43 || src[j + 1] === 45) ? j + 2 : j + 1;
    j = digits(src, i, e);
    if (j === i) return false;
  }
  return j === e;
}

/**
 * Copies a chain name storedChainName keeps as it is (no space, no upper case) and COPY too, other than `solana`
 * (a row the checks reject for an EVM `--chain`); returns the end, or -1.
 */
export function putChain(src: Buffer, s: number, e: number, out: Buffer, o: number): number {
  for (let i = s; i < e; i++) {
    const c = src[i];
    if (c <= 32 || c > 126 || c === 92 || (c >= 65 && c <= 90)) return -1;
    out[o++] = c;
  }
  return e - s === 6 && src.toString('latin1', s, e) === 'solana' ? -1 : o;
}

/** `\N` at `o`; returns the end. */
export function putNull(out: Buffer, o: number): number {
  out[o] = 92;
  out[o + 1] = 78;
  return o + 2;
}
