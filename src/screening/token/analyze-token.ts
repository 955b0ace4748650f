/**
 * Token screening: validity of the contract/mint, known scam mints and contracts from the lists, well-known tokens
 * from token lists, and impersonation: a token at another address presenting a well-known token's symbol or name
 * (exact, or with the same UTS 39 skeleton, e.g. `USDС` with a Cyrillic С). Impersonation needs the token's
 * metadata, which the caller passes in (no chain access here).
 */
import type { Finding } from '../finding.ts';
import { heuristic } from '../finding.ts';
import type { ChainFamily } from '../../core/chains.ts';
import type { ScreeningKnowledge, WellKnownToken } from '../knowledge.ts';
import { skeleton } from '../url/confusables.ts';
import { readAddress } from '../wallet/analyze-wallet.ts';

export interface TokenMetadata {
  symbol?: string;
  name?: string;
}

const describe = (t: WellKnownToken): string =>
  `${t.symbol ?? '?'} (${t.name ?? '?'}) at ${t.address}${t.chainId !== null ? ` on chain ${t.chainId}` : ''}`;

export function analyzeToken(
  family: ChainFamily,
  value: string,
  knowledge: ScreeningKnowledge,
  metadata: TokenMetadata = {},
  chainId: number | null = null,
): Finding[] {
  const { address, findings } = readAddress(family, value, 'token value');
  for (const r of knowledge.blockedToken(family, address) ?? []) {
    findings.push({
      kind: 'token.blocklisted',
      severity: 'critical',
      message: `${address} is a listed scam token (${r.name})`,
      source: { type: 'list', name: r.name, version: r.version },
    });
  }
  const known = knowledge.wellKnownToken(family, address);
  if (known) {
    findings.push({
      kind: 'token.well_known',
      severity: 'info',
      message: `${address} is the well-known token ${describe(known)}`,
      source: { type: 'list', name: known.ref.name, version: known.ref.version },
      data: { symbol: known.symbol, name: known.name, chainId: known.chainId },
    });
    if (
      metadata.symbol !== undefined &&
      known.symbol !== null &&
      metadata.symbol.trim().toUpperCase() !== known.symbol.toUpperCase()
    ) {
      findings.push({
        kind: 'token.metadata_mismatch',
        severity: 'low',
        message: `the presented symbol ${metadata.symbol} differs from the list symbol ${known.symbol}`,
        source: heuristic('token.metadata_mismatch'),
      });
    }
    return findings;
  }
  const checks: Array<['symbol' | 'name', string | undefined]> = [
    ['symbol', metadata.symbol],
    ['name', metadata.name],
  ];
  for (const [field, text] of checks) {
    if (text === undefined || text.trim() === '') continue;
    let same = field === 'symbol' ? knowledge.tokensWithSymbol(family, text) : knowledge.tokensWithName(family, text);
    let how = 'the same';
    if (same.length === 0) {
      const sk = skeleton(text.trim());
      const plain = text.trim().toLowerCase();
      if (sk !== plain) {
        same = field === 'symbol' ? knowledge.tokensWithSymbol(family, sk) : knowledge.tokensWithName(family, sk);
        how = 'a look-alike';
      }
    }
    const preferred = chainId !== null ? same.filter((t) => t.chainId === chainId) : same;
    const hit = (preferred.length > 0 ? preferred : same)[0];
    if (hit) {
      findings.push({
        kind: `token.${field}_impersonation`,
        severity: 'high',
        message: `${address} presents ${how} ${field} as ${describe(hit)} but is a different contract`,
        source: { type: 'list', name: hit.ref.name, version: hit.ref.version },
        data: { [field]: text, impersonated: hit.address, chainId: hit.chainId },
      });
    }
  }
  if (findings.length === 0)
    findings.push({
      kind: 'token.unknown',
      severity: 'info',
      message: `${address} is on no loaded list`,
      source: heuristic('token.unknown'),
    });
  return findings;
}
