/**
 * EVM wallet history from an Etherscan-compatible account API: Etherscan v2 (one endpoint, `chainid=` selects
 * the chain) and Blockscout's `/api` (same module=account actions and response envelope). Three lists per wallet:
 * txlist (native transfers), txlistinternal (native value moved by contracts) and tokentx (ERC-20 transfers).
 *
 * Envelope (docs.etherscan.io, "Accounts" and "Common Error Messages"): `{status:"1",message:"OK",result:[...]}`;
 * `{status:"0",message:"No transactions found",result:[]}` is an empty success; `{status:"0",message:"NOTOK",
 * result:"Max rate limit reached..."}` is retried; any other status "0" with a text result is an error.
 *
 * Paging per list: the earliest page (sort=asc, it holds the first funding), then the newest pages (sort=desc)
 * until a short page or CHAIN_FETCH_MAX_PAGES pages in all; Etherscan refuses page × offset above 10000.
 * Kept: successful transfers with a recipient and a non-zero value (zero-value token transfers are address
 * poisoning spam); tokentx rows without decimals (NFTs on Blockscout) are skipped. A contract creation (txlist,
 * or a txlistinternal `create` trace) has an empty `to`: its recipient is the created `contractAddress`. Rows from
 * or to the zero address (token mints and burns) relate no two accounts and are skipped.
 */
import { formatUnits } from 'viem';
import type { ChainFetchConfig, ChainProviderConfig } from '../../core/config.ts';
import type { ChainProvider, FetchedTransfer, WalletHistory } from './chain-provider.ts';
import { ChainProviderError } from './chain-provider-error.ts';
import { createProviderHttp, type ProviderHttp } from './provider-http.ts';

export const ETHERSCAN_MAX_WINDOW = 10_000;
export const ETHERSCAN_ACTIONS = ['txlist', 'txlistinternal', 'tokentx'] as const;
type Action = (typeof ETHERSCAN_ACTIONS)[number];

const NATIVE_SYMBOL: Record<string, string> = { Polygon: 'POL', 'BNB Chain': 'BNB' };
const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

interface Envelope {
  status?: string;
  message?: string;
  result?: unknown;
}

/**
 * Rate-limit answers come with HTTP 200 and status "0": they must be retried, not read as results. "Too many
 * invalid api key attempts" is a throttle caused by a bad key: retrying cannot help, it fails as an error.
 */
export function etherscanRetryCheck(body: unknown): string | null {
  const b = body as Envelope;
  if (
    b &&
    b.status === '0' &&
    typeof b.result === 'string' &&
    /rate limit|too many/i.test(b.result) &&
    !/invalid api key/i.test(b.result)
  )
    return b.result;
  return null;
}

/** The rows of one page, or `window` when the provider refuses to page that deep. */
export function readEnvelope(body: unknown, what: string): Array<Record<string, string>> | 'window' {
  const b = body as Envelope;
  if (!b || typeof b !== 'object' || (b.status !== '1' && b.status !== '0'))
    throw new ChainProviderError('provider_bad_response', `${what}: not an Etherscan-style envelope`);
  if (Array.isArray(b.result)) return b.result as Array<Record<string, string>>;
  const text = String(b.result ?? b.message ?? '');
  if (/result window is too large/i.test(text)) return 'window';
  throw new ChainProviderError('provider_error', `${what}: ${text || 'status 0'}`);
}

function toTransfer(action: Action, row: Record<string, string>, native: string): FetchedTransfer | null {
  if (row.isError === '1' || row.txreceipt_status === '0') return null;
  const from = (row.from ?? '').toLowerCase();
  // a contract creation has an empty `to`; the value goes to the created contract (in tokentx, contractAddress is the
  // token)
  const to = (row.to || (action === 'tokentx' ? '' : row.contractAddress) || '').toLowerCase();
  if (
    !EVM_ADDRESS.test(from) ||
    !EVM_ADDRESS.test(to) ||
    from === ZERO_ADDRESS ||
    to === ZERO_ADDRESS ||
    !/^\d+$/.test(row.value ?? '') ||
    /^0+$/.test(row.value)
  )
    return null;
  const blockTime = /^\d+$/.test(row.timeStamp ?? '') ? Number(row.timeStamp) : null;
  let amount: string;
  let asset: string | null;
  if (action === 'tokentx') {
    if (!/^\d+$/.test(row.tokenDecimal ?? '') || row.tokenID) return null;
    amount = formatUnits(BigInt(row.value), Number(row.tokenDecimal));
    asset = (row.contractAddress ?? '').toLowerCase() || null;
  } else {
    amount = formatUnits(BigInt(row.value), 18);
    asset = native;
  }
  return { from, to, txHash: row.hash || null, blockTime, amount, asset };
}

export function createEtherscanProvider(
  cfg: ChainProviderConfig,
  fetchCfg: ChainFetchConfig,
  http: ProviderHttp = createProviderHttp({ name: cfg.kind, ratePerSecond: cfg.ratePerSecond, fetch: fetchCfg }),
): ChainProvider {
  const native = NATIVE_SYMBOL[cfg.chain] ?? 'ETH';
  const pageSize = Math.min(fetchCfg.pageSize, ETHERSCAN_MAX_WINDOW);

  function pageUrl(address: string, action: Action, sort: 'asc' | 'desc', page: number): string {
    const u = new URL(cfg.url);
    if (cfg.chainId !== null) u.searchParams.set('chainid', String(cfg.chainId));
    u.searchParams.set('module', 'account');
    u.searchParams.set('action', action);
    u.searchParams.set('address', address);
    u.searchParams.set('page', String(page));
    u.searchParams.set('offset', String(pageSize));
    u.searchParams.set('sort', sort);
    if (cfg.apiKey) u.searchParams.set('apikey', cfg.apiKey);
    return u.toString();
  }

  async function list(
    address: string,
    action: Action,
  ): Promise<{ rows: Array<Record<string, string>>; partial: boolean; pages: number }> {
    const rows: Array<Record<string, string>> = [];
    let pages = 0;
    const plan: Array<['asc' | 'desc', number]> = [['asc', 1]];
    for (let p = 1; p < fetchCfg.maxPages; p++) plan.push(['desc', p]);
    for (const [sort, page] of plan) {
      if (page * pageSize > ETHERSCAN_MAX_WINDOW) return { rows, partial: true, pages };
      const got = readEnvelope(
        await http.json(pageUrl(address, action, sort, page), { method: 'GET' }, etherscanRetryCheck),
        `${cfg.kind} ${action}`,
      );
      pages++;
      if (got === 'window') return { rows, partial: true, pages };
      rows.push(...got);
      if (got.length < pageSize) return { rows, partial: false, pages };
    }
    return { rows, partial: true, pages };
  }

  return {
    name: cfg.kind,
    get requests() {
      return http.requests;
    },
    async fetchWallet(address: string): Promise<WalletHistory> {
      const seen = new Set<string>();
      const transfers: FetchedTransfer[] = [];
      let partial = false;
      let pages = 0;
      for (const action of ETHERSCAN_ACTIONS) {
        const r = await list(address, action);
        partial ||= r.partial;
        pages += r.pages;
        for (const row of r.rows) {
          const t = toTransfer(action, row, native);
          if (!t) continue;
          const key =
            `${action}|${t.txHash}|${t.from}|${t.to}|${t.amount}|${t.asset}|${row.traceId ?? ''}` +
            `|${row.logIndex ?? ''}`;
          if (seen.has(key)) continue;
          seen.add(key);
          transfers.push(t);
        }
      }
      return { transfers, partial, pages };
    },
  };
}
