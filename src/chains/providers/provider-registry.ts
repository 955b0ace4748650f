/** Builds the configured provider of a campaign chain once per process (its rate limit is shared by every run). */
import type { ChainFetchConfig, ChainProviderConfig } from '../../config/config.ts'
import type { ChainProvider } from './chain-provider.ts'
import { createEtherscanProvider } from './etherscan-provider.ts'
import { createSolanaRpcProvider } from './solana-rpc-provider.ts'

export interface ProviderRegistry { forChain (chain: string): ChainProvider | null }

export function createProvider (cfg: ChainProviderConfig, fetchCfg: ChainFetchConfig): ChainProvider {
  return cfg.kind === 'solana-rpc' ? createSolanaRpcProvider(cfg, fetchCfg) : createEtherscanProvider(cfg, fetchCfg)
}

export function createProviderRegistry (providers: Readonly<Record<string, ChainProviderConfig>>, fetchCfg: ChainFetchConfig): ProviderRegistry {
  const built = new Map<string, ChainProvider>()
  return {
    forChain (chain) {
      const cfg = providers[chain]
      if (!cfg) return null
      let p = built.get(chain)
      if (!p) { p = createProvider(cfg, fetchCfg); built.set(chain, p) }
      return p
    }
  }
}
