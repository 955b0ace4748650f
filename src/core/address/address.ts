/** Address checks by chain family: one module per family (evm-address.ts, solana-address.ts). */
import type { ChainFamily } from '../chains.ts';
import { displayEvmAddress, listEvmAddress, normaliseEvmAddress } from './evm-address.ts';
import type { Normalised } from './normalised.ts';
import { normaliseSolanaAddress } from './solana-address.ts';

/** Validates and normalises an address: EVM lower-case, Solana unchanged. */
export const normaliseAddress = (family: ChainFamily, raw: string): Normalised =>
  family === 'evm' ? normaliseEvmAddress(raw) : normaliseSolanaAddress(raw);

/** List-file address normalisation: like normaliseAddress, but an EVM checksum is not enforced (lists are data). */
export function listAddress(family: ChainFamily, raw: string): string | null {
  if (family === 'evm') return listEvmAddress(raw);
  const c = normaliseSolanaAddress(raw);
  return c.ok ? c.address : null;
}

/** The address as users see it: EIP-55 checksummed for EVM, unchanged for Solana. */
export const displayAddress = (family: ChainFamily, stored: string): string =>
  family === 'evm' ? displayEvmAddress(stored) : stored;
