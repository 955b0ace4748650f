/**
 * Solana wallet history over standard JSON-RPC 2.0 (solana.com/docs/rpc): getSignaturesForAddress pages back in
 * time (newest first, `before` cursor, up to CHAIN_FETCH_MAX_PAGES pages of min(CHAIN_FETCH_PAGE_SIZE, 1000)),
 * then getTransaction (encoding jsonParsed, maxSupportedTransactionVersion 0) for the successful signatures, at
 * most CHAIN_FETCH_MAX_SOLANA_TRANSACTIONS of them: the 10 oldest found (the first funding when the history was
 * read to its start) and the newest for the rest. Works against any RPC endpoint (public, Helius, QuickNode,
 * Triton, a node of your own); an API key goes into CHAIN_PROVIDER_SOLANA_URL as that vendor asks.
 *
 * JSON-RPC errors: -32005 (node behind), -32016 (min context slot), code 429 (the rate-limit error of gateways
 * such as Alchemy, whatever its message) and "rate limit" messages are retried; other errors fail the wallet.
 * A transaction the node no longer has (result null) makes the history partial.
 */
import type { ChainFetchConfig, ChainProviderConfig } from '../../core/config.ts';
import type { ChainProvider, FetchedTransfer, WalletHistory } from './chain-provider.ts';
import { ChainProviderError } from './chain-provider-error.ts';
import { createProviderHttp, type ProviderHttp } from './provider-http.ts';
import { solanaTransfers, type ParsedTransaction } from './solana-transfers.ts';

export const SOLANA_MAX_SIGNATURES_PER_PAGE = 1000;
export const OLDEST_KEPT = 10;
const RETRYABLE_RPC_CODES = new Set([-32005, -32016, 429]);

interface RpcAnswer {
  jsonrpc?: string;
  id?: unknown;
  result?: unknown;
  error?: { code?: number; message?: string };
}
interface SignatureInfo {
  signature: string;
  err: unknown;
  blockTime?: number | null;
}

export function rpcRetryCheck(body: unknown): string | null {
  const e = (body as RpcAnswer)?.error;
  if (e && (RETRYABLE_RPC_CODES.has(e.code ?? 0) || /rate limit|too many requests/i.test(e.message ?? '')))
    return `JSON-RPC error ${e.code}: ${e.message}`;
  return null;
}

export function createSolanaRpcProvider(
  cfg: ChainProviderConfig,
  fetchCfg: ChainFetchConfig,
  http: ProviderHttp = createProviderHttp({ name: cfg.kind, ratePerSecond: cfg.ratePerSecond, fetch: fetchCfg }),
): ChainProvider {
  let id = 0;
  const limit = Math.min(fetchCfg.pageSize, SOLANA_MAX_SIGNATURES_PER_PAGE);

  async function call<T>(method: string, params: unknown[]): Promise<T> {
    const body = (await http.json(
      cfg.url,
      { method: 'POST', body: { jsonrpc: '2.0', id: ++id, method, params } },
      rpcRetryCheck,
    )) as RpcAnswer;
    if (!body || typeof body !== 'object' || body.jsonrpc !== '2.0')
      throw new ChainProviderError('provider_bad_response', `solana-rpc ${method}: not a JSON-RPC 2.0 answer`);
    if (body.error)
      throw new ChainProviderError(
        'provider_error',
        `solana-rpc ${method}: JSON-RPC error ${body.error.code}: ${body.error.message}`,
      );
    return body.result as T;
  }

  async function signatures(address: string): Promise<{ list: SignatureInfo[]; partial: boolean; pages: number }> {
    const list: SignatureInfo[] = [];
    let before: string | undefined;
    for (let page = 1; page <= fetchCfg.maxPages; page++) {
      const got = await call<SignatureInfo[]>('getSignaturesForAddress', [
        address,
        { limit, commitment: 'finalized', ...(before ? { before } : {}) },
      ]);
      if (!Array.isArray(got))
        throw new ChainProviderError(
          'provider_bad_response',
          'solana-rpc getSignaturesForAddress: result is not an array',
        );
      list.push(...got);
      if (got.length < limit) return { list, partial: false, pages: page };
      before = got[got.length - 1].signature;
    }
    return { list, partial: true, pages: fetchCfg.maxPages };
  }

  return {
    name: cfg.kind,
    get requests() {
      return http.requests;
    },
    async fetchWallet(address: string): Promise<WalletHistory> {
      const sigs = await signatures(address);
      const ok = sigs.list.filter((s) => s.err === null || s.err === undefined);
      const max = fetchCfg.maxSolanaTransactions;
      let partial = sigs.partial;
      let chosen = ok;
      if (ok.length > max) {
        const oldest = ok.slice(-Math.min(OLDEST_KEPT, max));
        chosen = [...ok.slice(0, max - oldest.length), ...oldest];
        partial = true;
      }
      const transfers: FetchedTransfer[] = [];
      for (const s of chosen) {
        const tx = await call<ParsedTransaction | null>('getTransaction', [
          s.signature,
          { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'finalized' },
        ]);
        if (!tx) {
          partial = true;
          continue;
        }
        transfers.push(...solanaTransfers(tx, address, s.signature));
      }
      return { transfers, partial, pages: sigs.pages + chosen.length };
    },
  };
}
