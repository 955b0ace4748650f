/**
 * The port every live chain data provider implements: the transfer history of one wallet (depth 1: transfers in
 * and out), bounded by CHAIN_FETCH_MAX_PAGES pages of CHAIN_FETCH_PAGE_SIZE rows per list. `partial` says the
 * bound cut the history (the earliest page, with the first funding, is always kept).
 */
export interface FetchedTransfer {
  from: string;
  to: string;
  txHash: string | null;
  /** Unix seconds. */
  blockTime: number | null;
  /** Decimal amount in the asset's display unit (ETH, SOL, token units). */
  amount: string | null;
  /** Native symbol (ETH, POL, BNB, SOL) or the token contract / mint address. */
  asset: string | null;
}

export interface WalletHistory {
  transfers: FetchedTransfer[];
  partial: boolean;
  pages: number;
}

export interface ChainProvider {
  /** Provider kind as configured: etherscan, blockscout or solana-rpc. */
  readonly name: string;
  fetchWallet(address: string): Promise<WalletHistory>;
  /** HTTP requests sent so far (retries included), to this provider's endpoint (chains on one endpoint share it). */
  readonly requests: number;
}
