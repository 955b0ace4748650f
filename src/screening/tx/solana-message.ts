/**
 * Solana transaction reading: the JSON instruction shape and the wire format (base64 of signatures + message,
 * legacy or v0; https://solana.com/docs/core/transactions). Accounts loaded from address lookup tables cannot be
 * resolved without chain access and appear as `lookup:<table index>:<n>`.
 */
import { base58Decode, base58Encode } from '../../core/address/solana-address.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import { normaliseAddress } from '../../core/address/address.ts';

export interface SolInstruction {
  programId: string;
  accounts: string[];
  data: Uint8Array;
}
export interface SolTransaction {
  instructions: SolInstruction[];
  feePayer: string | null;
  signers: string[];
  version: 'legacy' | 0 | 'json';
}

const bad = (message: string): never => {
  throw new ScreeningInputError('invalid_transaction', message);
};

function readKey(v: unknown, field: string): string {
  if (typeof v !== 'string') return bad(`${field} must be a base58 public key string`);
  const c = normaliseAddress('solana', v);
  if (!c.ok) return bad(`${field} is not a Solana public key: ${c.reason}`);
  return c.address;
}

function readData(v: unknown, field: string): Uint8Array {
  let text: unknown = v;
  let enc: string = 'base58';
  if (Array.isArray(v)) {
    text = v[0];
    enc = v[1];
  }
  if (typeof text !== 'string') return bad(`${field} must be a base58 string or [text, "base58"|"base64"]`);
  if (enc === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return bad(`${field} is not valid base64`);
    return Uint8Array.from(Buffer.from(text, 'base64'));
  }
  if (enc !== 'base58') return bad(`${field} encoding must be base58 or base64`);
  const bytes = base58Decode(text);
  if (bytes === null) return bad(`${field} is not valid base58 (give [text, "base64"] for base64 data)`);
  return bytes;
}

/** Reads `{instructions: [{programId, accounts, data}], feePayer?}` (accounts: keys or {pubkey}). */
export function readJsonTransaction(doc: Record<string, unknown>): SolTransaction {
  if (!Array.isArray(doc.instructions) || doc.instructions.length === 0)
    return bad('instructions must be a non-empty array');
  const instructions = doc.instructions.map((ix: unknown, i: number): SolInstruction => {
    if (ix === null || typeof ix !== 'object') return bad(`instructions[${i}] must be an object`);
    const o = ix as Record<string, unknown>;
    if (!Array.isArray(o.accounts)) return bad(`instructions[${i}].accounts must be an array`);
    const accounts = o.accounts.map((a: unknown, j: number) =>
      readKey(
        a !== null && typeof a === 'object' ? (a as { pubkey?: unknown }).pubkey : a,
        `instructions[${i}].accounts[${j}]`,
      ),
    );
    return {
      programId: readKey(o.programId, `instructions[${i}].programId`),
      accounts,
      data: readData(o.data ?? '', `instructions[${i}].data`),
    };
  });
  const feePayer = doc.feePayer !== undefined ? readKey(doc.feePayer, 'feePayer') : null;
  return { instructions, feePayer, signers: feePayer ? [feePayer] : [], version: 'json' };
}

/** Decodes a base64 wire-format transaction (signatures + message). */
export function decodeWireTransaction(b64: string): SolTransaction {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0 || b64.length === 0)
    return bad('transaction must be base64 text');
  const buf = Uint8Array.from(Buffer.from(b64, 'base64'));
  let pos = 0;
  const need = (n: number, what: string): void => {
    if (pos + n > buf.length) bad(`serialized transaction ends inside ${what} (byte ${pos} of ${buf.length})`);
  };
  const u8 = (what: string): number => {
    need(1, what);
    return buf[pos++];
  };
  const shortvec = (what: string): number => {
    let len = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = u8(what);
      len |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return len;
    }
    return bad(`bad compact-u16 length in ${what}`);
  };
  const bytes = (n: number, what: string): Uint8Array => {
    need(n, what);
    const out = buf.slice(pos, pos + n);
    pos += n;
    return out;
  };
  const sigs = shortvec('signature count');
  bytes(64 * sigs, 'signatures');
  let version: 'legacy' | 0 = 'legacy';
  if (buf[pos] !== undefined && (buf[pos] & 0x80) !== 0) {
    const v = u8('version') & 0x7f;
    if (v !== 0) bad(`message version ${v} is not supported (legacy and v0 are)`);
    version = 0;
  }
  const numSigners = u8('header');
  u8('header');
  u8('header');
  const keyCount = shortvec('account keys');
  const keys: string[] = [];
  for (let i = 0; i < keyCount; i++) keys.push(base58Encode(bytes(32, 'account keys')));
  bytes(32, 'recent blockhash');
  const ixCount = shortvec('instructions');
  const raw: Array<{ program: number; accounts: number[]; data: Uint8Array }> = [];
  for (let i = 0; i < ixCount; i++) {
    const program = u8('program index');
    const n = shortvec('instruction accounts');
    const accounts = Array.from(bytes(n, 'instruction accounts'));
    const data = bytes(shortvec('instruction data'), 'instruction data');
    raw.push({ program, accounts, data });
  }
  const lookups: string[] = [];
  if (version === 0) {
    const tables = shortvec('address table lookups');
    for (let t = 0; t < tables; t++) {
      bytes(32, 'lookup table key');
      const w = shortvec('writable indexes');
      for (let i = 0; i < w; i++) lookups.push(`lookup:${t}:w${u8('index')}`);
      const r = shortvec('readonly indexes');
      for (let i = 0; i < r; i++) lookups.push(`lookup:${t}:r${u8('index')}`);
    }
  }
  if (pos !== buf.length) bad(`serialized transaction has ${buf.length - pos} trailing bytes`);
  const all = [...keys, ...lookups];
  const key = (i: number): string => all[i] ?? bad(`instruction refers to account index ${i} of ${all.length}`);
  const instructions = raw.map((r) => ({ programId: key(r.program), accounts: r.accounts.map(key), data: r.data }));
  return { instructions, feePayer: keys[0] ?? null, signers: keys.slice(0, numSigners), version };
}
