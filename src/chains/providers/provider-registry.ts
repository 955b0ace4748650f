/**
 * Builds the configured provider of a campaign chain once per process (its rate limit is shared by every run).
 * Chains configured on one endpoint share one rate limit, at the lowest RATE_PER_SECOND among them: Etherscan v2
 * serves every chain from one URL and counts the calls of all chains against the account's limit.
 */
import type { ChainFetchConfig, ChainProviderConfig } from '../../core/config.ts';
import type { ChainProvider } from './chain-provider.ts';
import { createEtherscanProvider } from './etherscan-provider.ts';
import { createProviderHttp, type ProviderHttp } from './provider-http.ts';
import { createSolanaRpcProvider } from './solana-rpc-provider.ts';

export interface ProviderRegistry {
  forChain(chain: string): ChainProvider | null;
}

export function createProvider(
  cfg: ChainProviderConfig,
  fetchCfg: ChainFetchConfig,
  http?: ProviderHttp,
): ChainProvider {
  return cfg.kind === 'solana-rpc'
    ? createSolanaRpcProvider(cfg, fetchCfg, http)
    : createEtherscanProvider(cfg, fetchCfg, http);
}

/** The endpoint a provider's calls count against: kind, origin and path (the query, with any key, is left out). */
function endpointOf(cfg: ChainProviderConfig): string {
  const u = new URL(cfg.url);
  return `${cfg.kind} ${u.origin}${u.pathname}`;
}

export function createProviderRegistry(
  providers: Readonly<Record<string, ChainProviderConfig>>,
  fetchCfg: ChainFetchConfig,
): ProviderRegistry {
  const built = new Map<string, ChainProvider>();
  const https = new Map<string, ProviderHttp>();
  const sharedHttp = (cfg: ChainProviderConfig): ProviderHttp => {
    const endpoint = endpointOf(cfg);
    let http = https.get(endpoint);
    if (!http) {
      const ratePerSecond = Math.min(
        ...Object.values(providers)
          .filter((p) => endpointOf(p) === endpoint)
          .map((p) => p.ratePerSecond),
      );
      http = createProviderHttp({ name: cfg.kind, ratePerSecond, fetch: fetchCfg });
      https.set(endpoint, http);
    }
    return http;
  };
  return {
    forChain(chain) {
      const cfg = providers[chain];
      if (!cfg) return null;
      let p = built.get(chain);
      if (!p) {
        p = createProvider(cfg, fetchCfg, sharedHttp(cfg));
        built.set(chain, p);
      }
      return p;
    },
  };
}
