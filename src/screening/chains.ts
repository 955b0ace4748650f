/**
 * Screening chain names (lower-case, as the v1 scan takes them) and address validity per chain family.
 * EVM: 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum (viem getAddress). Solana: base58
 * text that decodes to exactly 32 bytes.
 */
import { getAddress } from 'viem';
import { base58Decode } from './base58.ts';

export type ChainFamily = 'evm' | 'solana';

/** Accepted chain names -> family and EVM chain id (null: any EVM chain). */
export const SCREENING_CHAINS: Readonly<Record<string, { family: ChainFamily; chainId: number | null }>> =
  Object.freeze({
    evm: { family: 'evm', chainId: null },
    ethereum: { family: 'evm', chainId: 1 },
    base: { family: 'evm', chainId: 8453 },
    arbitrum: { family: 'evm', chainId: 42161 },
    optimism: { family: 'evm', chainId: 10 },
    polygon: { family: 'evm', chainId: 137 },
    bnb: { family: 'evm', chainId: 56 },
    avalanche: { family: 'evm', chainId: 43114 },
    unichain: { family: 'evm', chainId: 130 },
    solana: { family: 'solana', chainId: null },
  });

/** Token-list chainId used by the Uniswap list for Solana mints. */
export const SOLANA_TOKENLIST_CHAIN_ID = 501000101;

export type AddressCheck = { ok: true; address: string } | { ok: false; reason: string };

/** Validates and normalises an address: EVM lower-case, Solana unchanged (base58 is case-sensitive). */
export function checkAddress(family: ChainFamily, raw: string): AddressCheck {
  const text = raw.trim();
  if (family === 'evm') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return { ok: false, reason: 'not 0x followed by 40 hex digits' };
    const lower = text.toLowerCase();
    if (text !== lower && text !== '0x' + text.slice(2).toUpperCase()) {
      if (getAddress(lower) !== text)
        return { ok: false, reason: 'mixed-case address with an invalid EIP-55 checksum' };
    }
    return { ok: true, address: lower };
  }
  if (text.length < 32 || text.length > 44) return { ok: false, reason: 'not base58 text of 32 bytes (length 32..44)' };
  const bytes = base58Decode(text);
  if (!bytes) return { ok: false, reason: 'contains characters outside base58' };
  if (bytes.length !== 32) return { ok: false, reason: `decodes to ${bytes.length} bytes, not 32` };
  return { ok: true, address: text };
}

/** List-file address normalisation: like checkAddress, but an EVM checksum is not enforced (lists are data). */
export function listAddress(family: ChainFamily, raw: string): string | null {
  const text = raw.trim();
  if (family === 'evm') return /^0x[0-9a-fA-F]{40}$/.test(text) ? text.toLowerCase() : null;
  const c = checkAddress('solana', text);
  return c.ok ? c.address : null;
}
