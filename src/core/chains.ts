/**
 * The one chain table: every campaign chain (spec Chain enum) with its family, its EVM chain id (Etherscan v2 and
 * transaction screening) and the lower-case names v1 analyze and screening accept for it.
 */
export const CHAINS = ['Ethereum', 'Base', 'Arbitrum', 'Optimism', 'Polygon', 'BNB Chain', 'Solana'] as const;
export type Chain = (typeof CHAINS)[number];

export type ChainFamily = 'evm' | 'solana';

export interface ChainInfo {
  family: ChainFamily;
  /** EVM chain id; null for Solana. */
  chainId: number | null;
  /** Names v1 analyze accepts for this chain (case-insensitive). */
  v1Names: readonly string[];
  /** The name screening requests use for this chain. */
  screeningName: string;
}

export const CHAIN_INFO: Readonly<Record<Chain, ChainInfo>> = {
  Ethereum: { family: 'evm', chainId: 1, v1Names: ['ethereum', 'eth', 'evm'], screeningName: 'ethereum' },
  Base: { family: 'evm', chainId: 8453, v1Names: ['base'], screeningName: 'base' },
  Arbitrum: { family: 'evm', chainId: 42161, v1Names: ['arbitrum'], screeningName: 'arbitrum' },
  Optimism: { family: 'evm', chainId: 10, v1Names: ['optimism'], screeningName: 'optimism' },
  Polygon: { family: 'evm', chainId: 137, v1Names: ['polygon'], screeningName: 'polygon' },
  'BNB Chain': { family: 'evm', chainId: 56, v1Names: ['bnb', 'bnb chain', 'bsc'], screeningName: 'bnb' },
  Solana: { family: 'solana', chainId: null, v1Names: ['solana'], screeningName: 'solana' },
};

/** The family of a campaign chain name (anything but Solana is EVM). */
export const chainFamily = (chain: string): ChainFamily => (chain.toLowerCase() === 'solana' ? 'solana' : 'evm');

/** v1 analyze chain names (lower-case) -> campaign chain. */
export const V1_CHAINS: Readonly<Record<string, Chain>> = Object.freeze(
  Object.fromEntries(CHAINS.flatMap((c) => CHAIN_INFO[c].v1Names.map((n) => [n, c]))),
);

export interface ScreeningChain {
  family: ChainFamily;
  /** EVM chain id (null: any EVM chain, or Solana). */
  chainId: number | null;
}

/** EVM chains screening takes beyond the campaign chains. */
const SCREENING_ONLY_EVM_CHAINS: Readonly<Record<string, number>> = { avalanche: 43114, unichain: 130 };

/** Screening chain names (lower-case) -> family and EVM chain id: `evm`, the campaign chains and a few more. */
export const SCREENING_CHAINS: Readonly<Record<string, ScreeningChain>> = Object.freeze({
  evm: { family: 'evm', chainId: null },
  ...Object.fromEntries(
    CHAINS.filter((c) => CHAIN_INFO[c].family === 'evm').map((c) => [
      CHAIN_INFO[c].screeningName,
      { family: 'evm', chainId: CHAIN_INFO[c].chainId },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(SCREENING_ONLY_EVM_CHAINS).map(([name, chainId]) => [name, { family: 'evm', chainId }]),
  ),
  solana: { family: 'solana', chainId: null },
});

/** Token-list chainId used by the Uniswap list for Solana mints. */
export const SOLANA_TOKENLIST_CHAIN_ID = 501000101;
