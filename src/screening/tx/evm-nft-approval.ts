/**
 * `approve(address,uint256)` is one selector for ERC-20 (an allowance amount) and ERC-721 (one token id), so only
 * the contract tells them apart. Read as an NFT approval: a registry ERC-721 collection always; a contract no list
 * knows when the number is below TOKEN_ID_BOUND (an ERC-20 allowance that small is less than one unit of a 6-decimal
 * token, which no dapp asks for, while collections number their tokens from 0 or 1 upwards). Token-list tokens and
 * other registry contracts keep the amount reading.
 */
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { protocolContract } from '../registry/protocol-contracts.ts';
import { type CallContext, counterparty } from './evm-asset-findings.ts';

/**
 * One whole unit of a token with 6 decimals (USDC, USDT: the fewest decimals among the common tokens), chosen from
 * those decimals, not from any case: an approve below it on an unknown token is read as a token id.
 */
export const TOKEN_ID_BOUND = 10n ** 6n;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export type ApproveReading = 'erc20' | 'erc721' | 'probable_erc721';

/** How `approve(spender, n)` sent to `token` is read. 0 on an unknown token stays an ERC-20 revoke (revoke tools). */
export function approveReading(token: string, n: bigint, ctx: CallContext): ApproveReading {
  const known = ctx.knowledge.wellKnownContract('evm', token);
  if (known !== null) return protocolContract(token)?.erc721 === true ? 'erc721' : 'erc20';
  return n > 0n && n < TOKEN_ID_BOUND ? 'probable_erc721' : 'erc20';
}

/**
 * One NFT approved to a spender: the spender may transfer that token once (a drainer's step after a fake "verify"
 * prompt). Unknown spender medium (warn), known marketplace or router info, listed critical; approving the zero
 * address clears the token's approval (a revoke).
 */
export function nftApprovalFinding(
  spender: string,
  tokenId: bigint,
  token: string,
  reading: 'erc721' | 'probable_erc721',
  ctx: CallContext,
): Finding[] {
  const collection = ctx.knowledge.wellKnownContract('evm', token)?.label ?? null;
  const what = `token #${tokenId} of ${token}${collection !== null ? ` (${collection})` : ''}`;
  const data = { spender, token, tokenId: tokenId.toString(), reading };
  if (spender === ZERO_ADDRESS)
    return [
      {
        kind: 'tx.revoke_approval',
        severity: 'info',
        message: `approve(0x0, ${tokenId}) clears the approval of ${what}`,
        source: heuristic('tx.nft_approval'),
        data,
      },
    ];
  const cp = counterparty(spender, 'spender', ctx);
  const severity: Severity = cp.listed ? 'critical' : cp.known !== null ? 'info' : 'medium';
  const who = cp.known !== null ? `${spender} (${cp.known})` : `${spender} (not a known contract)`;
  const guess =
    reading === 'probable_erc721'
      ? ` (read as an ERC-721 token id: ${token} is on no list, and an ERC-20 allowance of ${tokenId} base units ` +
        `would be under one unit of a 6-decimal token)`
      : '';
  return [
    {
      kind: 'tx.nft_approval',
      severity,
      message: `approve lets ${who} transfer one NFT, ${what}${guess}`,
      source: heuristic('tx.nft_approval'),
      data: { ...data, knownSpender: cp.known },
    },
    ...cp.findings,
  ];
}
