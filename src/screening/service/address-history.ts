/**
 * The screening scan's chain data: the same chain providers (and rate limits) the analysis runs use, keyed by the
 * campaign chain a screening chain name stands for. `evm` names no chain, so it gets no chain data.
 */
import type { Config } from '../../core/config.ts';
import { type ProviderRegistry, createProviderRegistry } from '../../chains/providers/provider-registry.ts';
import type { AddressHistorySource } from '../wallet/wallet-behaviour.ts';

const PROVIDER_CHAIN: Readonly<Record<string, string>> = {
  ethereum: 'Ethereum',
  base: 'Base',
  arbitrum: 'Arbitrum',
  optimism: 'Optimism',
  polygon: 'Polygon',
  bnb: 'BNB Chain',
  solana: 'Solana',
};

/** A history source over the configured providers, or undefined when none is configured. */
export function screeningAddressHistory(
  config: Pick<Config, 'chainProviders' | 'chainFetch'>,
  registry: ProviderRegistry = createProviderRegistry(config.chainProviders, config.chainFetch),
): AddressHistorySource | undefined {
  if (Object.keys(config.chainProviders).length === 0) return undefined;
  return async (chain, address) => {
    const name = PROVIDER_CHAIN[chain];
    const provider = name !== undefined ? registry.forChain(name) : null;
    if (provider === null) return null;
    const h = await provider.fetchWallet(address);
    return { transfers: h.transfers, partial: h.partial };
  };
}
