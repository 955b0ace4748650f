/**
 * EIP-7702 authorizations (type-4 transactions, `authorizationList`): each tuple makes the signer's own account run
 * the code of `address` from then on. Delegated code can move every asset of the account without another prompt,
 * so a delegation to code the user cannot vouch for is the most complete drain there is. Chain id 0 makes one
 * signature valid on every chain.
 */
import type { Finding, Severity } from '../finding.ts';
import { heuristic } from '../finding.ts';
import { addressListFindings } from '../wallet/analyze-wallet.ts';
import { ScreeningInputError } from '../screening-input-error.ts';
import type { CallContext } from './evm-call-findings.ts';
import { type Oddity, readEvmAddress } from './evm-normalise.ts';

export function authorizationFindings(list: unknown, ctx: CallContext, odd: Oddity[]): Finding[] {
  if (!Array.isArray(list))
    throw new ScreeningInputError('invalid_transaction', 'authorizationList must be an array of authorizations');
  const out: Finding[] = [];
  list.forEach((item, i) => {
    if (item === null || typeof item !== 'object')
      throw new ScreeningInputError('invalid_transaction', `authorizationList[${i}] must be an object`);
    const a = item as Record<string, unknown>;
    const target = readEvmAddress(a.address ?? a.contractAddress, `authorizationList[${i}].address`, odd);
    let chain: bigint;
    try {
      chain = BigInt((a.chainId ?? 0) as string | number);
    } catch {
      throw new ScreeningInputError('invalid_transaction', `authorizationList[${i}].chainId is not an integer`);
    }
    const listed = addressListFindings('evm', target, ctx.knowledge, 'delegation target');
    const blocked = listed.some((f) => f.severity === 'critical');
    const revoke = /^0x0{40}$/.test(target);
    const allChains = chain === 0n;
    const severity: Severity = revoke ? 'info' : blocked || allChains ? 'critical' : 'high';
    ctx.decoded.push('eip7702_authorization');
    out.push({
      kind: revoke ? 'tx.eip7702_revoke' : 'tx.eip7702_delegation',
      severity,
      message: revoke
        ? 'EIP-7702 authorization to the zero address clears the account delegation'
        : `EIP-7702 authorization: your account would run the code of ` +
          `${target}${allChains ? ' on every chain (chainId 0)' : ` (chain ${chain})`}; that code can move all ` +
          `of its assets without another prompt`,
      source: heuristic('tx.eip7702'),
      data: { target, chainId: chain.toString(), allChains },
    });
    if (!revoke && ctx.chainId !== null && !allChains && chain !== BigInt(ctx.chainId))
      out.push({
        kind: 'tx.chain_mismatch',
        severity: 'medium',
        message: `authorization for chain ${chain} in a request for chain ${ctx.chainId}`,
        source: heuristic('tx.chain'),
      });
    out.push(
      ...listed.map((f) => (f.kind === 'wallet.blocklisted' ? { ...f, kind: 'tx.counterparty_blocklisted' } : f)),
    );
  });
  return out;
}
